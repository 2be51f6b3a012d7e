import type {
  Connection,
  ConnectionFile,
  ConnectionStatus,
  HistoryBill,
  Statement,
} from '@common/connections.ts';
import {
  CREDENTIALS_LABELS,
  type CredentialsFields,
  type CredentialsLabel,
  type CredentialsStateId,
  credentialsStateOf,
  OWNER_CREDENTIALS_NOTES,
} from '@common/credentials-state.ts';
import { dollarsText, kwhText, moneyText } from '@common/quantities.ts';

/** A status for people: underscores shown as spaces ("in progress"). */
export function statusLabel(status: ConnectionStatus): string {
  return status.replaceAll('_', ' ');
}

/** Complete green, in progress yellow, pending grey: done, moving, waiting. */
export const STATUS_CLASSES: Record<ConnectionStatus, string> = {
  complete: 'bg-emerald-100 text-emerald-800',
  in_progress: 'bg-amber-100 text-amber-800',
  pending: 'bg-slate-100 text-slate-700',
};

/** How a credentials badge is coloured; only the owner's view waits on a check ("waiting"). */
export type CredentialsTone = 'good' | 'bad' | 'waiting' | 'neutral';

export const CREDENTIALS_TONE_CLASSES: Record<CredentialsTone, string> = {
  good: 'bg-emerald-100 text-emerald-800',
  bad: 'bg-red-100 text-red-800',
  waiting: 'bg-amber-50 text-amber-800',
  neutral: 'bg-slate-100 text-slate-700',
};

/** The tone of each login state, wherever its badge is shown. */
const CREDENTIALS_TONES: Record<CredentialsStateId, CredentialsTone> = {
  purged: 'neutral',
  none: 'neutral',
  verified: 'good',
  failed: 'bad',
  unchecked: 'neutral',
  checking: 'waiting',
};

export type CredentialsState = {
  label: CredentialsLabel;
  tone: CredentialsTone;
  /** Why a check failed or could not run, or when the login was deleted. */
  detail: string | null;
};

/**
 * The customer's utility login as the admin table, the admin detail and the owner's dashboard
 * show it (never the login itself), labelled from the one vocabulary in common/.
 */
export function credentialsState(
  connection: CredentialsFields & Pick<Connection, 'verificationMessage'>,
  audience: 'admin' | 'owner' = 'admin',
): CredentialsState {
  const state = credentialsStateOf(connection);
  const detail =
    state === 'purged' && connection.credentialsPurgedAt
      ? `Deleted on ${formatDate(connection.credentialsPurgedAt)}`
      : state === 'failed' || state === 'unchecked'
        ? // Admins read why the check said so; the owner reads what happens next, in plain words.
          audience === 'owner'
          ? OWNER_CREDENTIALS_NOTES[state]
          : connection.verificationMessage
        : null;
  return { label: CREDENTIALS_LABELS[state], tone: CREDENTIALS_TONES[state], detail };
}

const integer = new Intl.NumberFormat('en-US');

/** "1,668.51 kWh"; usage is kept to the watt-hour but shown to two decimals. */
export function formatUsage(usage: number | null): string | null {
  return usage === null ? null : `${kwhText(usage)} kWh`;
}

/** "$651.19" for an amount in dollars. */
export function formatCost(cost: number | null): string | null {
  return cost === null ? null : dollarsText(cost);
}

/** Admins see file sizes in KB ("246 KB", "1,536 KB") to compare them; never "0 KB" for a file. */
export function formatKilobytes(bytes: number): string {
  const kb = bytes / 1024;
  if (bytes > 0 && kb < 1) return '< 1 KB';
  return `${integer.format(Math.round(kb))} KB`;
}

/** Users see file sizes in MB with one decimal; never "0.0 MB" for a file. */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (bytes > 0 && megabytes < 0.05) return '< 0.1 MB';
  return `${megabytes.toFixed(1)} MB`;
}

const calendarDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const timestamp = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const shortDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** "Feb 1, 2024" for a calendar date "2024-02-01", the same in every time zone. */
function formatDay(isoDate: string): string {
  return calendarDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * The admin screens' date range, "Feb 1, 2024 – Jan 31, 2025": an open end shows as "…"; null
 * when neither end is known.
 */
export function formatDateRange(start: string | null, end: string | null): string | null {
  if (!start && !end) return null;
  return `${start ? formatDay(start) : '…'} – ${end ? formatDay(end) : '…'}`;
}

/**
 * The owner's billing period, "Sep 1, 2024 – Sep 30, 2024": an end not known yet shows as "?";
 * null when neither end is known.
 */
export function formatPeriod(start: string | null, end: string | null): string | null {
  if (!start && !end) return null;
  return `${start ? formatDay(start) : '?'} – ${end ? formatDay(end) : '?'}`;
}

/** "Nov 22, 2024, 3:04 PM" in the viewer's time zone. */
export function formatTimestamp(iso: string): string {
  return timestamp.format(new Date(iso));
}

/** "Nov 22, 2024" for a timestamp, in the viewer's time zone. */
export function formatDate(iso: string): string {
  return shortDate.format(new Date(iso));
}

/** What reading a file did: interval data from a CSV/XML, the printed facts from a PDF. */
export function importStatusText(
  file: Pick<ConnectionFile, 'importStatus' | 'importError'> &
    Partial<Pick<ConnectionFile, 'fileType' | 'statement' | 'bills'>>,
): {
  label: string;
  tone: Exclude<CredentialsTone, 'waiting'> | 'busy';
  detail: string | null;
} | null {
  const pdf = file.fileType === 'pdf';
  switch (file.importStatus) {
    case 'pending':
      return {
        label: pdf ? 'Reading the statement…' : 'Importing interval data…',
        tone: 'busy',
        detail: null,
      };
    case 'imported':
      if (pdf && file.statement && !file.statement.hasText) {
        return { label: 'No text; facts entered by hand', tone: 'neutral', detail: null };
      }
      // A billing history is read into bills, not interval data (billingHistoryText says which).
      if (file.bills) return { label: 'Billing history read', tone: 'good', detail: null };
      return {
        label: pdf ? 'Statement read' : 'Interval data imported',
        tone: 'good',
        detail: null,
      };
    case 'failed':
      return {
        label: pdf ? 'The statement could not be read' : 'Import failed',
        tone: 'bad',
        detail: file.importError,
      };
    case 'skipped':
      return { label: 'Not imported', tone: 'neutral', detail: file.importError };
    default:
      return null;
  }
}

const FACT_NAMES: Record<string, string> = {
  statementDate: 'statement date',
  periodStart: 'service start',
  periodEnd: 'service end',
  totalKWh: 'total usage',
  amountDueCents: 'amount due',
  dueDate: 'due date',
  rateSchedule: 'rate schedule',
  accountNumber: 'account number',
  currency: 'currency',
};

/**
 * The facts read from a statement PDF, shown beside the file: "Statement Dec 9, 2022 · Nov 8,
 * 2022 – Dec 8, 2022 · 327.12 kWh · $96.24 due Dec 30, 2022 · E-TOU-C · Account 0000000000-0",
 * and which facts were not on it (null when nothing was read).
 */
export function statementFactsText(
  statement: Statement | null | undefined,
): { facts: string; missing: string | null } | null {
  if (!statement?.hasText) return null;
  const f = statement.facts;
  const money = (cents: number | undefined) => (cents === undefined ? undefined : moneyText(cents));
  const parts = [
    f.statementDate ? `Statement ${formatDay(f.statementDate)}` : undefined,
    f.periodStart || f.periodEnd
      ? formatDateRange(f.periodStart ?? null, f.periodEnd ?? null)
      : undefined,
    f.totalKWh === undefined ? undefined : `${kwhText(f.totalKWh)} kWh`,
    f.amountDueCents === undefined
      ? undefined
      : `${money(f.amountDueCents)} due${f.dueDate ? ` ${formatDay(f.dueDate)}` : ''}`,
    f.rateSchedule,
    f.accountNumber ? `Account ${f.accountNumber}` : undefined,
  ].filter((p): p is string => Boolean(p));
  const missing = statement.missing.map((m) => FACT_NAMES[m] ?? m);
  return {
    facts: parts.length > 0 ? parts.join(' · ') : 'No facts found',
    missing: missing.length > 0 ? `Not found on the statement: ${missing.join(', ')}` : null,
  };
}

/**
 * What a billing-history CSV holds: "Billing history: 12 bills, Feb 1, 2024 to Jan 31, 2025",
 * with the usage unit when it is not kWh (a gas history in therms); null for other files.
 */
export function billingHistoryText(bills: HistoryBill[] | null | undefined): string | null {
  if (!bills || bills.length === 0) return null;
  const first = bills.map((b) => b.periodStart).sort()[0] as string;
  const last = bills.map((b) => b.periodEnd).sort()[bills.length - 1] as string;
  const units = [...new Set(bills.map((b) => b.unit ?? 'unit not given'))].filter(
    (u) => u !== 'kWh',
  );
  const count = `${bills.length} ${bills.length === 1 ? 'bill' : 'bills'}`;
  const unitNote = units.length > 0 ? ` (usage in ${units.join(', ')})` : '';
  return `Billing history: ${count}, ${formatDay(first)} to ${formatDay(last)}${unitNote}`;
}

/**
 * Where a file came from when it was not a single upload: "Retrieved automatically from
 * portal.example/bills", or "Uploaded in bulk".
 */
export function fileProvenanceText(
  file: Pick<ConnectionFile, 'source' | 'sourcePage'>,
): string | null {
  if (file.source === 'bulk') return 'Uploaded in bulk';
  if (file.source !== 'retrieved') return null;
  if (!file.sourcePage) return 'Retrieved automatically from the portal';
  let where = file.sourcePage;
  try {
    const url = new URL(file.sourcePage);
    where = `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    // Kept as the portal gave it.
  }
  return `Retrieved automatically from ${where}`;
}
