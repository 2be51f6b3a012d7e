import { CUSTOMER_TURNAROUND } from '@common/turnaround.ts';
import { AlertCircle, CheckCircle2, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { BrandLogo } from '@/components/brand-logo.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { LoginCheck } from './login-check.tsx';

/** The public form's frame: the product mark, then the content, narrow enough for a phone. */
export function FormShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <BrandLogo />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">{children}</main>
    </div>
  );
}

function MessageCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen replaced what the visitor was looking at; move focus so it is announced.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="grid justify-items-center gap-4 pt-8 text-center">
        {icon}
        <h1 ref={heading} tabIndex={-1} className="font-bold text-2xl text-slate-900 outline-none">
          {title}
        </h1>
        {children}
      </CardContent>
    </Card>
  );
}

export function FormNotFound() {
  return (
    <MessageCard
      title="Form Not Found"
      icon={<AlertCircle className="size-12 text-red-500" aria-hidden="true" />}
    >
      <p className="text-slate-600">This customer form link is not valid or has expired.</p>
      <p className="text-slate-500 text-sm">
        Please ask the person who sent it to you for their current link.
      </p>
    </MessageCard>
  );
}

/** The owner lookup failed for another reason than an unknown link (server down, offline). */
export function FormLoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <MessageCard
      title="This form could not be loaded"
      icon={<AlertCircle className="size-12 text-amber-500" aria-hidden="true" />}
    >
      <p className="text-slate-600">{message}</p>
      <Button onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try Again
      </Button>
    </MessageCard>
  );
}

export function SubmissionSuccess({
  customerName,
  ownerName,
  codeToken,
  onSubmitAnother,
}: {
  customerName: string;
  ownerName: string;
  codeToken: string;
  onSubmitAnother: () => void;
}) {
  return (
    <MessageCard
      title="Submission Received"
      icon={<CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />}
    >
      <p className="text-slate-700">
        Thank you, {customerName}. Your utility account details were sent securely to {ownerName}.
      </p>
      <p className="text-slate-600 text-sm">
        We will retrieve your statements and interval data {CUSTOMER_TURNAROUND}, and {ownerName}{' '}
        will receive your PDF report.
      </p>
      {/* The check of the login just sent: its answer, a code step, or the login typed again. */}
      <LoginCheck token={codeToken} />
      <Button variant="outline" onClick={onSubmitAnother}>
        Submit Another Account
      </Button>
    </MessageCard>
  );
}
