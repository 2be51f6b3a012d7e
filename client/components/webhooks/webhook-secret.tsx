import { Copy, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { copyAndTell } from '@/lib/clipboard.ts';

/** A signing secret with only its kind showing (`whsec_••••`). */
export function maskSecret(secret: string): string {
  const prefix = secret.startsWith('whsec_') ? 'whsec_' : '';
  return `${prefix}${'•'.repeat(24)}`;
}

/** The endpoint's signing secret: hidden until revealed, copyable either way. */
export function WebhookSecret({ secret }: { secret: string }) {
  const [shown, setShown] = useState(false);

  const copy = () =>
    copyAndTell(
      secret,
      { title: 'Secret Copied', description: 'Keep it on your server only.' },
      'secret',
    );

  return (
    <div className="grid gap-1.5">
      <p className="font-medium text-slate-700 text-xs">Signing secret</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 basis-48 break-all rounded-md bg-slate-100 px-2.5 py-1.5 font-mono text-slate-800 text-xs">
          {shown ? secret : maskSecret(secret)}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {shown ? 'Hide' : 'Reveal'}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}
