import { z } from 'zod';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';
import type { AttentionService } from './service.ts';

/**
 * Emails the admins about paid requests that waited past ATTENTION_ALERT_HOURS (each once), and
 * once a day the digest of everything still waiting. Every quarter hour, so a crossing is heard
 * of within minutes; what was sent is recorded, so the runs never repeat one.
 */
export const attentionAlertJob = defineJob({
  name: 'attention-alerts',
  payload: z.object({}),
  schedule: '*/15 * * * *',
  async handler(_payload, { attention, log }: WithJobLog<{ attention: AttentionService }>) {
    const { alerted, digest } = await attention.sendAlerts();
    if (alerted > 0 || digest) log.info({ alerted, digest }, 'admins alerted to waiting work');
  },
});
