import type { User } from '@common/api.ts';
import type { CreatedApiKey } from '@common/api-keys.ts';
import { formatCents, PLANS } from '@common/plans.ts';
import { BookOpen, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearch } from 'wouter';
import { CheckList } from '@/components/check-list.tsx';
import { LinkButton } from '@/components/link-button.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CardContent } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { dashboardHref } from '../dashboard-tabs.ts';
import { ApiKeyCreatedDialog } from './api-key-created-dialog.tsx';
import { ApiKeyList } from './api-key-list.tsx';
import { useApiKeys, useCreateApiKey } from './api-keys-queries.ts';

/** The API reference (Swagger UI), served by the server itself. */
const DOCS_URL = '/api/docs';

const WHAT_THE_API_GIVES: readonly string[] = [
  'Read your connections, interval data, files and reports from your own software',
  'Request reports and follow your usage, billed on the monthly invoice',
  'Webhooks when a connection arrives, is checked, or its report is ready',
  'An OpenAPI reference of every route',
];

function DocsLink() {
  return (
    <a
      href={DOCS_URL}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1.5 font-medium text-blue-600 text-sm hover:underline"
    >
      <BookOpen className="size-4" aria-hidden="true" />
      API reference
    </a>
  );
}

/** What a non-premium user gets with the Monthly Subscription, and where to switch. */
function PlanOffer() {
  const search = useSearch();
  const premium = PLANS.premium;
  return (
    <CardContent className="grid gap-4">
      <p className="text-slate-700 text-sm">
        API access comes with the <strong>{premium.name}</strong> plan (
        {formatCents(premium.monthlyFeeCents)} a month, {formatCents(premium.pricePerReportCents)}{' '}
        per report). With it you can:
      </p>
      <CheckList items={WHAT_THE_API_GIVES} />
      <div className="flex flex-wrap items-center gap-4">
        <LinkButton href={dashboardHref(search, 'billing')}>
          Change plan in Usage & Billing
        </LinkButton>
        <DocsLink />
      </div>
    </CardContent>
  );
}

/**
 * Keys kept from a time on the plan: they answer nothing until the plan is back, and may be
 * revoked meanwhile. Shown only when there are such keys.
 */
function DormantKeys() {
  const keys = useApiKeys();
  if (!keys.data?.some((key) => key.revokedAt === null)) return null;
  return (
    <CardContent className="grid gap-3 border-slate-100 border-t pt-4">
      <p className="text-slate-700 text-sm">
        Your API keys do not work while your account is not on the plan. Revoke the ones you no
        longer need.
      </p>
      <ApiKeyList />
    </CardContent>
  );
}

/** Names and creates a key; the dialog then shows it once. */
function NewKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Please name the key');
      return;
    }
    create.mutate(name, {
      onSuccess: (created) => {
        setName('');
        setError(null);
        onCreated(created);
      },
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <Label htmlFor="api-key-name">Key name</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="api-key-name"
          value={name}
          maxLength={100}
          placeholder="e.g. Nightly export"
          aria-invalid={error !== null}
          aria-describedby={error ? 'api-key-name-error' : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create key'}
        </Button>
      </div>
      {error && (
        <p id="api-key-name-error" role="alert" className="text-red-600 text-sm">
          {error}
        </p>
      )}
    </form>
  );
}

/** Account & API tab: premium users manage their API keys; others see what the plan gives. */
export function ApiAccessSection({ user }: { user: User }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const premium = user.planType === 'premium';
  return (
    <TitledCard
      id="api-access-heading"
      icon={KeyRound}
      title="API access"
      description={
        premium
          ? 'Keys let your own software read your data over HTTPS. Treat them like passwords.'
          : 'Use your data from your own software.'
      }
    >
      {premium ? (
        <CardContent className="grid gap-5">
          <NewKeyForm onCreated={setCreated} />
          <ApiKeyList />
          <DocsLink />
          <ApiKeyCreatedDialog created={created} onClose={() => setCreated(null)} />
        </CardContent>
      ) : (
        <>
          <PlanOffer />
          <DormantKeys />
        </>
      )}
    </TitledCard>
  );
}
