import { z } from 'zod';
import type { Config } from '../../config.ts';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';
import type { Mailer } from '../../lib/mail/index.ts';
import type { BillingService } from './service.ts';

/** A request still pending this long lost its answer (a crash, a timeout) between charge and record. */
const STALE_AFTER_MS = 2 * 60 * 1000;

/**
 * Settles requests left pending: the charge is sent again with the record's own idempotency
 * key, so Stripe answers with the first charge instead of making a second one.
 */
export const settlePendingUsageJob = defineJob({
  name: 'billing-settle-pending',
  payload: z.object({}),
  schedule: '*/5 * * * *',
  async handler(_payload, { billing, log }: WithJobLog<{ billing: BillingService }>) {
    const settled = await billing.settleStalePending(STALE_AFTER_MS);
    if (settled > 0) log.info({ settled }, 'pending usage records settled');
  },
});

/**
 * Every hour: requests whose report did not come by the plan's turnaround plus
 * REPORT_DEADLINE_DAYS are refunded or cancelled (each once) and their users emailed.
 */
export const refundOverdueJob = defineJob({
  name: 'billing-refund-overdue',
  payload: z.object({}),
  schedule: '17 * * * *',
  async handler(
    _payload,
    {
      billing,
      mailer,
      config,
      log,
    }: WithJobLog<{ billing: BillingService; mailer: Mailer; config: Config }>,
  ) {
    const refunded = await billing.refundOverdue({
      mailer,
      graceDays: config.reportDeadlineDays,
      now: new Date(),
    });
    if (refunded > 0) log.info({ refunded }, 'overdue requests refunded');
  },
});
