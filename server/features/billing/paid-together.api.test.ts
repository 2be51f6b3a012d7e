import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordUsageBody } from '../../../common/billing.ts';
import { CustomerSubmission } from '../../../common/forms.ts';
import { auditLog, connections, usageRecords, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, loginAccepted, submission } from '../../test/connections.ts';
import { createUser } from '../../test/factories.ts';
import type { ConnectionsService } from '../connections/service.ts';
import { BillingService } from './service.ts';

// A paid request records its payment and puts its connection to work in one transaction. Here
// the step after the move fails: neither the payment's record nor the move may be left behind
// (a billed request on a connection nobody is working on, or the reverse).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The connections service, but the database fails right after it moved the connection. */
function failingAfterTheMove(real: ConnectionsService): ConnectionsService {
  const failing: ConnectionsService = Object.create(real);
  failing.startWork = async (tx, connectionId, actorId) => {
    await real.startWork(tx, connectionId, actorId);
    throw new Error('the database connection was lost');
  };
  return failing;
}

describe('a paid request and its connection', () => {
  it('commit together: a failure leaves both as they were, and the retry completes both', async () => {
    const { services } = t.app;
    const provider = await createProvider(t.database.db);
    const owner = await createUser(t.database.db);
    await services.billing.recordTestCard(owner, 'basic');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    if (!user) throw new Error('the user vanished');
    const { id: connectionId } = await services.connections.createFromSubmission(
      user.uniqueFormUrl,
      CustomerSubmission.parse(submission(provider.id)),
    );
    await loginAccepted(t.app, connectionId);
    const billing = new BillingService({
      db: t.database.db,
      payments: services.payments,
      connections: failingAfterTheMove(services.connections),
      events: services.events,
    });

    await expect(
      billing.recordUsage(user, RecordUsageBody.parse({ connectionId })),
    ).rejects.toThrow('the database connection was lost');
    const records = await t.database.db
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.connectionId, connectionId));
    expect(records.map((r) => r.status)).toEqual(['pending']);
    const connectionStatus = async () =>
      (await t.database.db.select().from(connections).where(eq(connections.id, connectionId)))[0]
        ?.status;
    expect(await connectionStatus()).toBe('pending');
    const moves = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entityType, 'connection'), eq(auditLog.entityId, String(connectionId))),
        );
    expect(await moves()).toEqual([]);

    // The request left pending is settled by the next attempt, with its own idempotency key.
    const retried = await services.billing.recordUsage(
      user,
      RecordUsageBody.parse({ connectionId }),
    );
    expect(retried).toMatchObject({ id: records[0]?.id, status: 'billed' });
    expect(await connectionStatus()).toBe('in_progress');
    expect(await moves()).toHaveLength(1);
  });

  it('a request charged on delivery is recorded with its move, or neither is', async () => {
    const { services } = t.app;
    const provider = await createProvider(t.database.db);
    const owner = await createUser(t.database.db);
    await services.billing.recordTestCard(owner, 'basic');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    if (!user) throw new Error('the user vanished');
    // The login was never checked: the report is charged once it exists.
    const { id: connectionId } = await services.connections.createFromSubmission(
      user.uniqueFormUrl,
      CustomerSubmission.parse(submission(provider.id)),
    );
    const billing = new BillingService({
      db: t.database.db,
      payments: services.payments,
      connections: failingAfterTheMove(services.connections),
      events: services.events,
    });
    await expect(
      billing.recordUsage(user, RecordUsageBody.parse({ connectionId })),
    ).rejects.toThrow('the database connection was lost');
    const records = () =>
      t.database.db.select().from(usageRecords).where(eq(usageRecords.connectionId, connectionId));
    expect(await records()).toEqual([]);
    const [before] = await t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, connectionId));
    expect(before?.status).toBe('pending');

    const retried = await services.billing.recordUsage(
      user,
      RecordUsageBody.parse({ connectionId }),
    );
    expect(retried).toMatchObject({
      status: 'requested',
      statusMessage: 'Charged when the report is ready',
    });
    expect((await records()).map((r) => r.status)).toEqual(['requested']);
    const [after] = await t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, connectionId));
    expect(after?.status).toBe('in_progress');
  });
});
