import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import { Spinner } from '@/components/ui/spinner.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { FormShell } from './form-screens.tsx';
import { LoginCheck, LoginFields, refusalText } from './login-check.tsx';
import { useFixLink, useSubmitFix } from './use-login-check.ts';

/**
 * /form/fix/:token: the page a "did not accept your login" email links to. The login typed
 * here replaces the refused one and is checked again, with the answer shown as on the form.
 */
export default function FixPage() {
  usePageTitle('Update Your Utility Login');
  const { token = '' } = useParams<{ token: string }>();
  const link = useFixLink(token);
  const submit = useSubmitFix(token);
  const [checkToken, setCheckToken] = useState<string | null>(null);

  const data = link.data;
  let body: React.ReactNode;
  if (checkToken) {
    body = <LoginCheck token={checkToken} />;
  } else if (link.isPending) {
    body = <Spinner label="Loading..." className="size-6" />;
  } else if (link.isError || !data) {
    body = (
      <Problem>
        This link is not valid. Please use the link in your latest email, or ask the person who
        asked you for your utility details.
      </Problem>
    );
  } else if (data.state === 'used') {
    body = (
      <Problem>
        This link was already used. If your {data.providerName} login still needs changing, please
        contact {data.contact}.
      </Problem>
    );
  } else if (data.state === 'expired' || data.state === 'replaced') {
    body = (
      <Problem>
        {data.state === 'expired'
          ? 'This link has expired.'
          : 'A newer link was sent: please use the one in your latest email.'}{' '}
        If you still need to change your {data.providerName} login, please contact {data.contact}.
      </Problem>
    );
  } else {
    const view = data;
    body = (
      <>
        <p className="text-slate-700">
          {refusalText({ state: 'rejected', providerName: view.providerName })}
        </p>
        <LoginFields
          initialUsername={'username' in view ? (view.username ?? '') : ''}
          pending={submit.isPending}
          error={submit.isError ? submit.error.message : null}
          onSubmit={(body) =>
            submit.mutate(body, { onSuccess: (answer) => setCheckToken(answer.checkToken) })
          }
        />
      </>
    );
  }
  return (
    <FormShell>
      <h1 className="mb-6 font-bold text-2xl text-slate-900 tracking-tight">
        Update your utility login
      </h1>
      <div className="grid max-w-lg gap-4">{body}</div>
    </FormShell>
  );
}

function Problem({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="flex items-start gap-2 text-amber-800">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
