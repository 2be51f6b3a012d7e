import { useState } from 'react';
import { useParams } from 'wouter';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { CustomerForm } from './customer-form.tsx';
import { FormLoadProblem, FormNotFound, FormShell, SubmissionSuccess } from './form-screens.tsx';
import { useFormOwner } from './use-form-owner.ts';

/** The public customer connection form at /form/:uniqueFormUrl. */
export default function CustomerFormPage() {
  usePageTitle('Connect Your Utility Account');
  const { uniqueFormUrl = '' } = useParams<{ uniqueFormUrl: string }>();
  const owner = useFormOwner(uniqueFormUrl);
  const [submitted, setSubmitted] = useState<{ name: string; codeToken: string } | null>(null);
  // A new form (and with it a new submission key) for each account the customer sends.
  const [formRound, setFormRound] = useState(0);

  if (owner.isPending) {
    return (
      <FormShell>
        <div className="flex justify-center py-24">
          <Spinner label="Loading form..." className="size-8" />
        </div>
      </FormShell>
    );
  }
  if (owner.isError) {
    const notFound = owner.error instanceof ApiError && owner.error.status === 404;
    return (
      <FormShell>
        {notFound ? (
          <FormNotFound />
        ) : (
          <FormLoadProblem message={owner.error.message} onRetry={() => owner.refetch()} />
        )}
      </FormShell>
    );
  }

  const { displayName: ownerName, companyName, logoUrl } = owner.data;
  if (submitted !== null) {
    return (
      <FormShell>
        <SubmissionSuccess
          customerName={submitted.name}
          ownerName={ownerName}
          codeToken={submitted.codeToken}
          onSubmitAnother={() => {
            setSubmitted(null);
            setFormRound((round) => round + 1);
          }}
        />
      </FormShell>
    );
  }

  return (
    <FormShell>
      {logoUrl && (
        // Through <img> only: an SVG logo shown this way runs no script and loads nothing.
        <img
          src={logoUrl}
          alt={companyName ? `${companyName} logo` : 'Logo'}
          className="mb-4 h-14 w-auto max-w-60 object-contain object-left"
        />
      )}
      <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
        Share your utility account with {ownerName}
      </h1>
      <p className="mt-2 text-slate-600">
        Fill in this form so that {ownerName} receives a utility data report of your account: your
        two most recent statements and 15-minute interval data, retrieved from your utility.
      </p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <CustomerForm
          key={formRound}
          uniqueFormUrl={uniqueFormUrl}
          ownerName={ownerName}
          onSubmitted={(name, codeToken) => {
            setSubmitted({ name, codeToken });
            window.scrollTo({ top: 0 });
          }}
        />
      </div>
    </FormShell>
  );
}
