import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { LinkButton } from '@/components/link-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { adminViewHref, DEFAULT_ADMIN_VIEW } from '../admin-view-param.ts';
import { attentionHeadline } from '../attention/attention-display.ts';
import { AttentionList } from '../attention/attention-list.tsx';
import { useAttention } from '../attention/use-attention.ts';

/** Rows of the list shown on the dashboard. */
const SHOWN = 3;

/** The dashboard's Needs attention: how many wait for a person, and the most urgent. */
export function AttentionCard() {
  // The view's first page: the same query, so opening the view shows it at once.
  const attention = useAttention(1);
  const data = attention.data;
  const { user } = useAuth();

  return (
    <Card asChild>
      <section aria-labelledby="attention-card">
        <CardHeader>
          <CardTitle id="attention-card">Needs Attention</CardTitle>
          {data ? (
            <p
              className={data.overdue > 0 ? 'text-red-700 text-sm' : 'text-slate-600 text-sm'}
              aria-live="polite"
            >
              {attentionHeadline(data.total, data.overdue)}
            </p>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {attention.isPending ? (
            <Spinner label="Loading what needs attention..." className="size-4" />
          ) : attention.isError ? (
            <p role="alert" className="text-red-700 text-sm">
              Failed to load what needs attention: {attention.error.message}
            </p>
          ) : data && data.items.length > 0 ? (
            <AttentionList items={data.items.slice(0, SHOWN)} />
          ) : null}
          {user && !user.email ? (
            <p className="text-slate-600 text-sm">
              Alerts about overdue requests go to admins with an email address.{' '}
              <Link
                href={adminViewHref('account', DEFAULT_ADMIN_VIEW)}
                className="font-medium text-blue-700 underline"
              >
                Add yours in My Account
              </Link>
              .
            </p>
          ) : null}
          <LinkButton
            href={adminViewHref('attention', DEFAULT_ADMIN_VIEW)}
            variant="outline"
            className="self-start"
          >
            View All
            <ArrowRight aria-hidden="true" />
          </LinkButton>
        </CardContent>
      </section>
    </Card>
  );
}
