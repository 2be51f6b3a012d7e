import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { connections, outbox, portalAttempts, usageRecords, users } from '../../db/schema.ts';
import { adminAndUserApp } from '../../test/api.ts';
import { createProvider } from '../../test/connections.ts';
import { createUser } from '../../test/factories.ts';
import { AttentionService } from './service.ts';

const HOUR = 3_600_000;
/** The moved clock: requests are made at BASE; the job runs at BASE plus some hours. */
const BASE = Date.parse('2030-03-04T00:00:00Z');
const at = (hours: number) => new Date(BASE + hours * HOUR);

const suite = adminAndUserApp({ ATTENTION_ALERT_HOURS: '6' });

async function paidConnection(db: Db, name: string, requestedHours: number) {
  const provider = await createProvider(db);
  const [row] = await db
    .insert(connections)
    .values({
      userId: suite.user.user.id,
      providerId: provider.id,
      customerName: name,
      customerEmail: 'customer@example.com',
      status: 'in_progress',
    })
    .returning();
  if (!row) throw new Error('no connection');
  await db.insert(usageRecords).values({
    userId: suite.user.user.id,
    connectionId: row.id,
    costCents: 2999,
    status: 'billed',
    createdAt: at(requestedHours),
  });
  return row;
}

const alertsSent = (db: Db, kind: string) =>
  db
    .select({ to: outbox.toAddress, subject: outbox.subject, text: outbox.textBody })
    .from(outbox)
    .where(inArray(outbox.kind, [kind]))
    .orderBy(outbox.id);

describe('the attention alerts', () => {
  let service: () => AttentionService;

  beforeAll(() => {
    service = () => suite.t.app.services.attention;
  });

  it('sends nothing while no admin has an email, and records nothing either', async () => {
    const db = suite.t.database.db;
    await paidConnection(db, 'Early Customer', -1);
    expect(await service().sendAlerts(at(9))).toEqual({ alerted: 0, digest: false });
    expect(await alertsSent(db, 'attention_alert')).toEqual([]);
    await db.delete(usageRecords);
  });

  it('emails the admins with an email once when a paid request crosses the threshold', async () => {
    const db = suite.t.database.db;
    await createUser(db, { role: 'admin', email: 'ops@example.com' });
    await createUser(db, { role: 'admin', email: 'lead@example.com' });
    const gone = await createUser(db, { role: 'admin', email: 'gone@example.com' });
    await db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    await paidConnection(db, 'Waiting Customer', 0);

    // Before the threshold: nothing.
    expect(await service().sendAlerts(at(5))).toEqual({ alerted: 0, digest: false });
    expect(await alertsSent(db, 'attention_alert')).toEqual([]);

    // Past it: one email to each active admin with an address (not the suite's admin, who has
    // none, nor the deactivated one).
    expect(await service().sendAlerts(at(6.5))).toEqual({ alerted: 1, digest: false });
    const first = await alertsSent(db, 'attention_alert');
    expect(first.map((m) => m.to).sort()).toEqual(['lead@example.com', 'ops@example.com']);
    expect(first[0]?.subject).toBe('A report request has waited over 6 h for data');
    expect(first[0]?.text).toContain('Waiting Customer');
    expect(first[0]?.text).toContain('/admin?view=attention');

    // A second run, and one by a new process (a restart), send nothing new.
    expect(await service().sendAlerts(at(6.75))).toEqual({ alerted: 0, digest: false });
    const restarted = new AttentionService({
      db,
      mailer: suite.t.app.services.mailer,
      alertAfterMs: 6 * HOUR,
      publicUrl: 'http://localhost',
      portalHealth: suite.t.app.services.portalHealth,
    });
    expect(await restarted.sendAlerts(at(6.9))).toEqual({ alerted: 0, digest: false });
    expect(await alertsSent(db, 'attention_alert')).toHaveLength(2);
  });

  it('sends the daily digest once a day with everything still waiting', async () => {
    const db = suite.t.database.db;
    const provider = await createProvider(db);
    await db.insert(connections).values({
      userId: suite.user.user.id,
      providerId: provider.id,
      customerName: 'Refused Customer',
      customerEmail: 'customer@example.com',
      credentialsVerified: false,
      verifiedAt: at(1),
    });

    expect((await service().sendAlerts(at(8))).digest).toBe(true);
    const digests = await alertsSent(db, 'attention_digest');
    expect(digests.map((m) => m.to).sort()).toEqual(['lead@example.com', 'ops@example.com']);
    expect(digests[0]?.subject).toBe('Needs attention: 2 connections');
    expect(digests[0]?.text).toContain('Waiting Customer');
    expect(digests[0]?.text).toContain('16 h left of the 24-hour turnaround');
    expect(digests[0]?.text).toContain('Refused Customer');
    expect(digests[0]?.text).toContain('refused the customer’s login');

    // Later the same day: nothing again. The next day: a new digest with what remains.
    expect((await service().sendAlerts(at(12))).digest).toBe(false);
    await db.update(connections).set({ credentialsVerified: true });
    expect((await service().sendAlerts(at(32))).digest).toBe(true);
    const next = (await alertsSent(db, 'attention_digest')).slice(2);
    expect(next).toHaveLength(2);
    expect(next[0]?.subject).toBe('Needs attention: 1 connection');
    expect(next[0]?.text).toContain('8 h past the 24-hour turnaround');
    expect(next[0]?.text).not.toContain('Refused Customer');
  });

  it('alerts again for a new request, listing only it', async () => {
    const db = suite.t.database.db;
    await paidConnection(db, 'Second Customer', 30);
    expect(await service().sendAlerts(at(37))).toMatchObject({ alerted: 1 });
    const alerts = await alertsSent(db, 'attention_alert');
    expect(alerts).toHaveLength(4);
    expect(alerts[3]?.text).toContain('Second Customer');
    expect(alerts[3]?.text).not.toContain('Waiting Customer');
  });

  it('names the utilities failing lately in the digest, above the connections', async () => {
    const db = suite.t.database.db;
    const failing = await createProvider(db, { name: 'Failing Power & Light' });
    const tries = [50, 51, 52, 53].map((hours) => ({
      providerId: failing.id,
      kind: 'sign_in' as const,
      outcome: hours === 53 ? ('success' as const) : ('failure' as const),
      reason: hours === 53 ? null : 'navigation_failed',
      startedAt: at(hours),
      finishedAt: at(hours),
    }));
    await db.insert(portalAttempts).values(tries);

    expect((await service().sendAlerts(at(56))).digest).toBe(true);
    const [digest] = (await alertsSent(db, 'attention_digest')).slice(4);
    expect(digest?.subject).toBe('Needs attention: 2 connections, 1 utility failing');
    const text = digest?.text ?? '';
    expect(text).toContain('Utilities failing lately');
    expect(text).toContain(
      '- Failing Power & Light: Signing in works only 25% of the time (4 tries in 7 days)',
    );
    expect(text.indexOf('Failing Power & Light')).toBeLessThan(text.indexOf('Waiting Customer'));

    // With no connection waiting, the failing utility alone still makes a digest.
    await db.delete(usageRecords);
    await db.delete(connections);
    expect((await service().sendAlerts(at(80))).digest).toBe(true);
    const [alone] = (await alertsSent(db, 'attention_digest')).slice(6);
    expect(alone?.subject).toBe('Needs attention: 1 utility failing');
    expect(alone?.text).toContain('No connection waits for a person today');
    expect(alone?.text).toContain('Failing Power & Light');
  });
});
