import { sql } from 'drizzle-orm';
import { TURNAROUND_HOURS } from '../../../common/turnaround.ts';
import type { Executor } from '../../db/client.ts';

/** One connection that needs a person, as the query answers it (before it is put in words). */
export type AttentionRow = {
  connectionId: number;
  customerName: string;
  providerName: string;
  ownerUsername: string;
  usageRecordId: number | null;
  requestedAt: Date | null;
  dueAt: Date | null;
  turnaroundHours: number | null;
  /** The request is charged only once its report exists (nothing was paid yet). */
  onDelivery: boolean;
  overdue: boolean;
  loginFailed: boolean;
  codeAwaited: boolean;
  humanCheck: boolean;
  retrievalIncomplete: boolean;
  uploadAwaited: boolean;
  bills: number | null;
  intervalExport: 'found' | 'not_found' | null;
  since: Date;
};

type RawRow = {
  connection_id: number;
  customer_name: string;
  provider_name: string;
  owner_username: string;
  usage_record_id: number | null;
  requested_at: Date | string | null;
  due_at: Date | string | null;
  turnaround_hours: number | null;
  on_delivery: boolean | null;
  overdue: boolean;
  login_failed: boolean;
  code_awaited: boolean;
  human_check: boolean;
  retrieval_incomplete: boolean;
  upload_awaited: boolean;
  bills: number | null;
  interval_export: 'found' | 'not_found' | null;
  since: Date | string;
  total: number | string;
  overdue_total: number | string;
};

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Requests still waiting for their report: paid (or being charged), or to be charged once the
 * report exists; not delivered, and no version of its report ready. At most one request per connection is open (a unique index).
 */
const paidWaiting = sql`
  select ur.connection_id, ur.id as usage_record_id, ur.created_at as requested_at,
    ur.status = 'requested' as on_delivery,
    case ur.plan when 'premium' then ${TURNAROUND_HOURS.premium}::int
      else ${TURNAROUND_HOURS.basic}::int end as turnaround_hours
  from usage_records ur
  where ur.fulfilled_at is null and ur.status in ('requested', 'pending', 'billed', 'invoiced')
    and ur.connection_id is not null
    and not exists (select 1 from reports r where r.connection_id = ur.connection_id
      and r.usage_record_id = ur.id and r.status = 'ready')`;

/**
 * Every connection that needs a person, most urgent first (paid requests past their turnaround,
 * the latest due first, then everything by age), one page of them, with the totals across pages.
 * One statement: the candidates are the open paid requests and the connections not complete
 * (both found by index), and each is judged once.
 */
export async function attentionPage(
  db: Executor,
  now: Date,
  page: { limit: number; offset: number; only?: number[] },
): Promise<{ rows: AttentionRow[]; total: number; overdue: number }> {
  const result = await db.execute<RawRow>(sql`
    with paid as (${paidWaiting}),
    candidates as (
      select id from (
        select connection_id as id from paid
        union
        select id from connections where status in ('pending', 'in_progress')
      ) found
      ${
        page.only
          ? sql`where id in (${sql.join(
              page.only.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }
    ),
    judged as (
      select c.id as connection_id, c.customer_name, p.name as provider_name,
        u.username as owner_username, paid.usage_record_id, paid.requested_at,
        paid.turnaround_hours, paid.on_delivery,
        paid.requested_at + make_interval(hours => paid.turnaround_hours) as due_at,
        (c.status <> 'complete' and c.credentials_verified is false) as login_failed,
        coalesce(c.verified_at, c.updated_at) as verified_at,
        code.asked_at,
        (c.status <> 'complete' and c.human_check_at is not null) as human_check,
        c.human_check_at,
        (c.status <> 'complete' and c.retrieval is not null
          and ((c.retrieval->>'bills')::int = 0 or c.retrieval->>'intervalExport' = 'not_found'))
          as retrieval_incomplete,
        -- The login works and the utility's data is fetched by hand: only a person will get it.
        (c.status <> 'complete' and c.credentials_verified is true
          and p.retrieve_automatically is false and c.retrieval is null) as upload_awaited,
        (c.retrieval->>'bills')::int as bills,
        c.retrieval->>'intervalExport' as interval_export,
        (c.retrieval->>'at')::timestamptz as retrieved_at
      from candidates k
      join connections c on c.id = k.id
      join providers p on p.id = c.provider_id
      join users u on u.id = c.user_id
      left join paid on paid.connection_id = c.id
      left join lateral (
        select max(m.created_at) as asked_at from mfa_challenges m
        where m.connection_id = c.id and m.status in ('waiting_choice', 'waiting_code')
          and m.expires_at > ${now} and c.status <> 'complete'
      ) code on true
    ),
    flagged as (
      select *, asked_at is not null as code_awaited,
        coalesce(due_at <= ${now}, false) as overdue,
        least(requested_at, case when login_failed then verified_at end, asked_at,
          case when retrieval_incomplete then retrieved_at end,
          case when human_check then human_check_at end,
          case when upload_awaited then verified_at end) as since
      from judged
      where usage_record_id is not null or login_failed or asked_at is not null
        or retrieval_incomplete or human_check or upload_awaited
    )
    select connection_id, customer_name, provider_name, owner_username, usage_record_id,
      requested_at, due_at, turnaround_hours, on_delivery, overdue, login_failed, code_awaited,
      human_check, retrieval_incomplete, upload_awaited, bills, interval_export, since,
      count(*) over () as total, count(*) filter (where overdue) over () as overdue_total
    from flagged
    order by overdue desc, case when overdue then due_at end asc, since asc, connection_id asc
    limit ${page.limit} offset ${page.offset}`);
  const first = result.rows[0];
  if (!first && page.offset > 0) {
    // Past the last page: the totals still come from the whole list.
    const whole = await attentionPage(db, now, { ...page, limit: 1, offset: 0 });
    return { rows: [], total: whole.total, overdue: whole.overdue };
  }
  return {
    rows: result.rows.map((r) => ({
      connectionId: r.connection_id,
      customerName: r.customer_name,
      providerName: r.provider_name,
      ownerUsername: r.owner_username,
      usageRecordId: r.usage_record_id,
      requestedAt: date(r.requested_at),
      dueAt: date(r.due_at),
      turnaroundHours: r.turnaround_hours,
      onDelivery: r.on_delivery === true,
      overdue: r.overdue,
      loginFailed: r.login_failed,
      codeAwaited: r.code_awaited,
      humanCheck: r.human_check,
      retrievalIncomplete: r.retrieval_incomplete,
      uploadAwaited: r.upload_awaited,
      bills: r.bills,
      intervalExport: r.interval_export,
      since: new Date(r.since),
    })),
    total: Number(first?.total ?? 0),
    overdue: Number(first?.overdue_total ?? 0),
  };
}

/**
 * Paid requests waiting since before `cutoff` that no alert named yet (`crossed:<request id>`):
 * the ones to announce now.
 */
export async function newlyBlocked(
  db: Executor,
  cutoff: Date,
): Promise<{ usageRecordId: number; connectionId: number }[]> {
  const result = await db.execute<{ usage_record_id: number; connection_id: number }>(sql`
    with paid as (${paidWaiting})
    select usage_record_id, connection_id from paid
    where requested_at <= ${cutoff}
      and not exists (select 1 from attention_alerts a
        where a.key = 'crossed:' || paid.usage_record_id)
    order by requested_at, usage_record_id`);
  return result.rows.map((r) => ({
    usageRecordId: r.usage_record_id,
    connectionId: r.connection_id,
  }));
}
