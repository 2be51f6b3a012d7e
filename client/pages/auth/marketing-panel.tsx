import { FileSpreadsheet, FileText, type LucideIcon, ShieldCheck } from 'lucide-react';
import { IconBadge } from '@/components/icon-badge.tsx';

const POINTS: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: FileText,
    title: 'Recent statements',
    text: 'The two latest utility bills for each account, as PDF.',
  },
  {
    icon: FileSpreadsheet,
    title: '15-minute interval data',
    text: 'Consumption data as CSV, ready for your modeling tools.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure by design',
    text: 'Utility logins are encrypted and deleted once the report is complete.',
  },
];

/** The right-hand panel of the sign-in page; hidden on small screens. */
export function MarketingPanel() {
  return (
    <aside className="hidden flex-col justify-center bg-gradient-to-br from-blue-700 to-indigo-800 px-12 py-16 text-white lg:flex">
      <div className="max-w-md">
        <h2 className="font-bold text-3xl tracking-tight">Utility data for energy professionals</h2>
        <p className="mt-4 text-blue-100 text-lg">
          Share one link with your customers and receive complete utility data reports for your
          efficiency, solar and storage projects.
        </p>
        <ul className="mt-10 space-y-6">
          {POINTS.map(({ icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <IconBadge icon={icon} className="size-10 rounded-lg bg-white/15" />
              <div>
                <p className="font-semibold">{title}</p>
                <p className="text-blue-100">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
