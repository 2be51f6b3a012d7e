import { useParams } from 'wouter';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { CodeRequest } from './code-request.tsx';
import { FormShell } from './form-screens.tsx';

/** /form/code/:token: the page the code-request email links to. */
export default function CodePage() {
  usePageTitle('Verification Code');
  const { token = '' } = useParams<{ token: string }>();
  return (
    <FormShell>
      <h1 className="mb-6 font-bold text-2xl text-slate-900 tracking-tight">
        Your utility's verification code
      </h1>
      <CodeRequest token={token} />
    </FormShell>
  );
}
