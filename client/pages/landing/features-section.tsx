import {
  BarChart3,
  FileSpreadsheet,
  FileText,
  FolderDown,
  Lock,
  type LucideIcon,
  Sun,
} from 'lucide-react';
import { IconBadge } from '@/components/icon-badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';

type Item = { icon: LucideIcon; title: string; text: string };

const FEATURES: Item[] = [
  {
    icon: FileText,
    title: 'Recent Utility Statements',
    text: 'The two most recent statements for the account, as the original PDF bills from the utility.',
  },
  {
    icon: FileSpreadsheet,
    title: 'Interval Data Files',
    text: '15-minute consumption data as CSV files, ready for your modeling and sizing tools.',
  },
  {
    icon: Sun,
    title: 'Ready for Energy Projects',
    text: 'Everything you need to scope efficiency upgrades, solar and storage from real usage data.',
  },
];

const BENEFITS: Item[] = [
  {
    icon: BarChart3,
    title: 'Utility Reports',
    text: 'Account details, billing period, usage in kWh and cost, summarised in one report.',
  },
  {
    icon: FolderDown,
    title: 'Data Files',
    text: 'Statements and interval data delivered by email and ready to download.',
  },
  {
    icon: Sun,
    title: 'Energy Projects',
    text: 'Made for developers of energy-efficiency and renewable projects and their teams.',
  },
  {
    icon: Lock,
    title: 'Secure Platform',
    text: 'Utility logins are encrypted, used only to fetch the data and deleted once the report is done.',
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className="scroll-mt-16 bg-white py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="font-bold text-3xl text-slate-900 tracking-tight">
            Everything in one utility data report
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            One report covers one utility account: the bills, the interval data and the numbers that
            matter.
          </p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ icon, title, text }) => (
            <Card key={title} className="transition-shadow hover:shadow-md">
              <CardHeader>
                <IconBadge
                  icon={icon}
                  className="mb-2 size-11 rounded-lg bg-blue-100 text-blue-700"
                />
                <CardTitle>{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-slate-600">{text}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}

export function BenefitsSection() {
  return (
    <section id="benefits" className="scroll-mt-16 bg-slate-50 py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 className="text-center font-bold text-3xl text-slate-900 tracking-tight">
          Why energy professionals choose us
        </h2>
        <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon, title, text }) => (
            <li key={title} className="text-center">
              <IconBadge
                icon={icon}
                iconClassName="size-6"
                className="mx-auto size-14 rounded-full bg-white text-blue-600 shadow-sm ring-1 ring-slate-200"
              />
              <h3 className="mt-4 font-semibold text-lg text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
