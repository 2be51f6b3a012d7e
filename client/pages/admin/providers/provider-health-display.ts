import { formatRate, type ProviderHealth } from '@common/portal-health.ts';

/** A provider card's health badge: failing, quiet, or its 7-day rates. */
export function healthBadge(health: ProviderHealth | undefined): {
  label: string;
  title: string;
  tone: 'failing' | 'quiet' | 'fine';
} {
  const week = health?.windows.find((w) => w.days === 7);
  if (!health || !week) return { label: 'Health unknown', title: '', tone: 'quiet' };
  const rates = `Sign-in ${formatRate(week.signInRate)} · Retrieval ${formatRate(week.retrievalRate)}`;
  if (health.flags.length > 0) {
    return { label: `Failing: ${rates}`, title: health.why.join('. '), tone: 'failing' };
  }
  if (week.signIns === 0 && week.retrievals === 0) {
    return { label: 'No checks in 7 days', title: '', tone: 'quiet' };
  }
  return {
    label: rates,
    title: `Over the last 7 days: ${week.signIns} sign-ins, ${week.retrievals} retrievals`,
    tone: 'fine',
  };
}
