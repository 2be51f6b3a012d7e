import { Copy, ExternalLink, Link2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { copyText } from '@/lib/clipboard.ts';

/** The address of a user's public customer form (DESIGN section 6: never the numeric id). */
export function customerFormUrl(uniqueFormUrl: string, origin = window.location.origin): string {
  return `${origin}/form/${encodeURIComponent(uniqueFormUrl)}`;
}

/** The signed-in user's own customer form link, with Copy and Open. */
export function FormLinkCard({ uniqueFormUrl }: { uniqueFormUrl: string }) {
  const url = customerFormUrl(uniqueFormUrl);

  async function copy() {
    try {
      await copyText(url);
      toast({ title: 'URL Copied!', description: 'Your customer form link is on the clipboard.' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the link and copy it by hand.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-blue-600" aria-hidden="true" />
          Your Customer Form URL
        </CardTitle>
        <CardDescription>
          Share this link with your customers so they can connect their utility account.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor="customer-form-url" className="sr-only">
          Customer form URL
        </label>
        <input
          id="customer-form-url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 w-full min-w-0 rounded-md sm:flex-1 border border-slate-300 bg-slate-50 px-3 font-mono text-slate-800 text-sm"
        />
        <div className="flex gap-2">
          <Button onClick={copy}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button asChild variant="outline">
            <a href={url} target="_blank" rel="noopener">
              <ExternalLink aria-hidden="true" />
              Open
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
