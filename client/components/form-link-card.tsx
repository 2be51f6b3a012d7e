import { Copy, ExternalLink, Link2, Mail, MessageSquareText } from 'lucide-react';
import { TitledCard } from '@/components/titled-card.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CardContent } from '@/components/ui/card.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { copyAndTell } from '@/lib/clipboard.ts';
import { mailtoHref } from '@/lib/mailto.ts';

/** The address of a user's public customer form: their random form id, never their user id. */
export function customerFormUrl(uniqueFormUrl: string, origin = window.location.origin): string {
  return `${origin}/form/${encodeURIComponent(uniqueFormUrl)}`;
}

const FORM_EMAIL_SUBJECT = 'Your Customer Connection Form';

/** The prewritten email a user sends a customer: their mail app opens with it. */
export function formEmailHref(url: string): string {
  const body = `Hello,\n\nPlease use this secure form to connect your utility account, so we can retrieve your utility statements and interval data:\n\n${url}\n\nThank you.`;
  return mailtoHref('', FORM_EMAIL_SUBJECT, body);
}

/** The text a user pastes into a text message. */
export function formTextMessage(url: string): string {
  return `Your customer form: ${url}`;
}

/** The signed-in user's own customer form link, with Copy, Email, Text and Test Form. */
export function FormLinkCard({ uniqueFormUrl }: { uniqueFormUrl: string }) {
  const url = customerFormUrl(uniqueFormUrl);

  return (
    <TitledCard
      icon={Link2}
      title="Your Customer Form URL"
      description="Share this link with your customers so they can connect their utility account."
    >
      <CardContent className="grid grid-cols-1 gap-3">
        <label htmlFor="customer-form-url" className="sr-only">
          Customer form URL
        </label>
        <input
          id="customer-form-url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-slate-800 text-sm"
        />
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button
            onClick={() =>
              copyAndTell(
                url,
                {
                  title: 'URL Copied!',
                  description: 'Your customer form link is on the clipboard.',
                },
                'link',
              )
            }
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button asChild variant="outline">
            <a
              href={formEmailHref(url)}
              onClick={() =>
                toast({ title: 'Email Opened', description: 'Your email app has the link ready.' })
              }
            >
              <Mail aria-hidden="true" />
              Email
            </a>
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              copyAndTell(
                formTextMessage(url),
                {
                  title: 'Text Message Ready',
                  description: 'Paste the message into a text to your customer.',
                },
                'link',
              )
            }
          >
            <MessageSquareText aria-hidden="true" />
            Text
          </Button>
          <Button asChild variant="outline">
            <a href={url} target="_blank" rel="noopener">
              <ExternalLink aria-hidden="true" />
              Test Form
            </a>
          </Button>
        </div>
      </CardContent>
    </TitledCard>
  );
}
