import { sql } from 'drizzle-orm';
import {
  FAILURE_REASONS,
  type FailureReason,
  HEALTH_WINDOWS_DAYS,
  type HealthWindow,
  healthFlags,
  type ProviderHealth,
} from '../../../common/portal-health.ts';
import type { Db } from '../../db/client.ts';
import { portalAttempts } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';

const DAY_MS = 86_400_000;

/** One sign-in to a utility's portal, or one walk through it for the files, as it ended. */
export type PortalAttempt = {
  providerId: number;
  connectionId: number | null;
  kind: 'sign_in' | 'retrieval';
  outcome: 'success' | 'failure';
  reason?: FailureReason | null;
  detail?: string | null;
  askedCode?: boolean;
  /** When the connection was submitted (for a retrieval's time to data). */
  submittedAt?: Date | null;
  startedAt: Date;
  finishedAt: Date;
};

type WindowRow = {
  provider_id: number;
  provider_name: string;
  days: number | null;
  sign_ins: number | string | null;
  signed_in: number | string | null;
  asked_code: number | string | null;
  retrievals: number | string | null;
  retrieved: number | string | null;
  median_seconds: number | string | null;
};

type FailureRow = {
  provider_id: number;
  kind: 'sign_in' | 'retrieval';
  finished_at: Date | string;
  reason: string | null;
  detail: string | null;
};

const n = (value: number | string | null) => Number(value ?? 0);
const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/**
 * Each utility's health: every sign-in and retrieval made for a customer is recorded as it
 * ends (the only code that writes `portal_attempts`), and read back as success rates over 7 and
 * 30 days, how often the portal asks for a code, the median time from a customer's submission to
 * their data, and the last failure. A utility doing badly over 7 days is flagged for the admins.
 */
export class PortalHealth {
  constructor(private readonly deps: { db: Db; events?: Pick<DomainEvents, 'emit'> }) {}

  async record(attempt: PortalAttempt): Promise<void> {
    await this.deps.db.insert(portalAttempts).values({
      ...attempt,
      reason: attempt.outcome === 'failure' ? (attempt.reason ?? null) : null,
      // The walk's notes can be long; the admin needs the start of them.
      detail: attempt.detail ? attempt.detail.slice(0, 1000) : null,
      askedCode: attempt.askedCode ?? false,
    });
    const { providerId, kind, outcome } = attempt;
    await this.deps.events?.emit('portal.attempt_ended', { providerId, kind, outcome });
  }

  /** Every utility's health, by name. */
  list(now = new Date()): Promise<ProviderHealth[]> {
    return this.read(now);
  }

  /** One utility's health; 404 for an unknown provider. */
  async forProvider(providerId: number, now = new Date()): Promise<ProviderHealth> {
    const [health] = await this.read(now, providerId);
    if (!health) throw notFound('Provider not found');
    return health;
  }

  /** The utilities whose sign-in or retrieval is failing: the admins' Needs attention list. */
  async flagged(now = new Date()): Promise<ProviderHealth[]> {
    return (await this.read(now)).filter((health) => health.flags.length > 0);
  }

  private async read(now: Date, providerId?: number): Promise<ProviderHealth[]> {
    const longest = Math.max(...HEALTH_WINDOWS_DAYS);
    const since = new Date(now.getTime() - longest * DAY_MS);
    const only = providerId === undefined ? sql`` : sql`and p.id = ${providerId}`;
    const ownAttempts = providerId === undefined ? sql`` : sql`and a.provider_id = ${providerId}`;
    const windows = sql.join(
      HEALTH_WINDOWS_DAYS.map((days) => sql`(${days}::int)`),
      sql`, `,
    );
    // Each attempt of the last 30 days counts in every window it falls in, counted per provider
    // before the providers are joined; a provider with no attempts still has its row (days null).
    const figures = await this.deps.db.execute<WindowRow>(sql`
      with w(days) as (values ${windows}),
      counted as (
        select a.provider_id, w.days,
          count(*) filter (where a.kind = 'sign_in') as sign_ins,
          count(*) filter (where a.kind = 'sign_in' and a.outcome = 'success') as signed_in,
          count(*) filter (where a.kind = 'sign_in' and a.asked_code) as asked_code,
          count(*) filter (where a.kind = 'retrieval') as retrievals,
          count(*) filter (where a.kind = 'retrieval' and a.outcome = 'success') as retrieved,
          percentile_cont(0.5) within group (
            order by extract(epoch from a.finished_at - a.submitted_at)
          ) filter (where a.kind = 'retrieval' and a.outcome = 'success'
            and a.submitted_at is not null) as median_seconds
        from portal_attempts a
        join w on a.finished_at > ${now}::timestamptz - make_interval(days => w.days)
        where a.finished_at > ${since} and a.finished_at <= ${now} ${ownAttempts}
        group by a.provider_id, w.days
      )
      select p.id as provider_id, p.name as provider_name, c.days, c.sign_ins, c.signed_in,
        c.asked_code, c.retrievals, c.retrieved, c.median_seconds
      from providers p
      left join counted c on c.provider_id = p.id
      where true ${only}
      order by lower(p.name), p.id`);
    // The latest failure of each kind is one step back along the provider's index.
    const failures = await this.deps.db.execute<FailureRow>(sql`
      select p.id as provider_id, f.kind, f.finished_at, f.reason, f.detail
      from providers p
      cross join (values ('sign_in'), ('retrieval')) k(kind)
      join lateral (
        select a.kind, a.finished_at, a.reason, a.detail from portal_attempts a
        where a.provider_id = p.id and a.kind = k.kind and a.outcome = 'failure'
          and a.finished_at <= ${now}
        order by a.finished_at desc limit 1
      ) f on true
      where true ${only}`);
    return assemble(figures.rows, failures.rows);
  }
}

function windowOf(days: number, row: WindowRow | undefined): HealthWindow {
  const signIns = n(row?.sign_ins ?? 0);
  const retrievals = n(row?.retrievals ?? 0);
  const median = row?.median_seconds;
  return {
    days,
    signIns,
    signInRate: share(n(row?.signed_in ?? 0), signIns),
    retrievals,
    retrievalRate: share(n(row?.retrieved ?? 0), retrievals),
    codeShare: share(n(row?.asked_code ?? 0), signIns),
    medianSecondsToData: median === null || median === undefined ? null : Number(median),
  };
}

function assemble(rows: WindowRow[], failures: FailureRow[]): ProviderHealth[] {
  const byProvider = new Map<number, { name: string; rows: WindowRow[] }>();
  for (const row of rows) {
    const entry = byProvider.get(row.provider_id) ?? { name: row.provider_name, rows: [] };
    entry.rows.push(row);
    byProvider.set(row.provider_id, entry);
  }
  const lastFailure = new Map<number, FailureRow>();
  for (const failure of failures) {
    const seen = lastFailure.get(failure.provider_id);
    if (!seen || new Date(failure.finished_at) > new Date(seen.finished_at)) {
      lastFailure.set(failure.provider_id, failure);
    }
  }
  return [...byProvider].map(([providerId, { name, rows: own }]) => {
    const windows = HEALTH_WINDOWS_DAYS.map((days) =>
      windowOf(
        days,
        own.find((r) => r.days === days),
      ),
    );
    const failure = lastFailure.get(providerId);
    const week = windows[0] as HealthWindow;
    return {
      providerId,
      providerName: name,
      windows,
      lastFailure: failure
        ? {
            kind: failure.kind,
            at: new Date(failure.finished_at).toISOString(),
            reason: failure.reason
              ? (FAILURE_REASONS[failure.reason as FailureReason] ?? failure.reason)
              : 'Unknown',
            detail: failure.detail,
          }
        : null,
      ...healthFlags(week),
    };
  });
}
