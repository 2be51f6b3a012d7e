import type { LucideIcon } from 'lucide-react';
import { Clock, FileText, ShieldCheck, User, Zap } from 'lucide-react';
import { BrandLogo } from '@/components/brand-logo.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

const SECTIONS: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: User,
    title: 'Contact Information',
    text: 'Your name, email, phone number and service address.',
  },
  {
    icon: Zap,
    title: 'Utility Account',
    text: 'Your utility provider and the username and password of your online utility account.',
  },
];

/**
 * The public customer connection form. The form itself (owner lookup, provider list and
 * submission) arrives with the customer form issue; this page shows its layout only.
 */
export default function CustomerFormPage() {
  usePageTitle('Connect Your Utility Account');
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <BrandLogo />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight">
          Connect Your Utility Account
        </h1>
        <p className="mt-2 text-slate-600">
          Share your utility account details so your energy consultant can prepare your utility data
          report.
        </p>
        <div className="mt-8 grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle>What we will ask for</CardTitle>
              <CardDescription>
                Online submission through this page opens soon. Until then, please contact the
                person who sent you this link.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {SECTIONS.map(({ icon: Icon, title, text }) => (
                <section key={title} className="rounded-lg border border-slate-200 p-4">
                  <h2 className="flex items-center gap-2 font-semibold text-slate-900">
                    <Icon className="size-5 text-blue-600" aria-hidden="true" />
                    {title}
                  </h2>
                  <p className="mt-2 text-slate-600 text-sm">{text}</p>
                </section>
              ))}
            </CardContent>
          </Card>
          <section className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
            <ShieldCheck className="size-6 shrink-0" aria-hidden="true" />
            <div>
              <h2 className="font-semibold">Your information is secure</h2>
              <p className="mt-1 text-sm">
                Your utility login is encrypted, used only to retrieve your statements and usage
                data, and deleted once your report is complete.
              </p>
            </div>
          </section>
          <section className="flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-5 text-blue-900">
            <Clock className="size-6 shrink-0" aria-hidden="true" />
            <div>
              <h2 className="flex items-center gap-2 font-semibold">
                Processing in 24-48 hours
                <FileText className="size-4" aria-hidden="true" />
              </h2>
              <p className="mt-1 text-sm">
                Once submitted, your data is processed within 24-48 hours and delivered as a PDF
                report.
              </p>
            </div>
          </section>
        </div>
      </main>
    </div>
  );
}
