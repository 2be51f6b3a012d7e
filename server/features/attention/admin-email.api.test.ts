import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connections, outbox, usageRecords } from '../../db/schema.ts';
import { adminAndUserApp, caller } from '../../test/api.ts';
import { createProvider } from '../../test/connections.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';

const suite = adminAndUserApp();
const call = caller(() => suite.t.app);

describe("an admin's own email", () => {
  it('is set in their account settings and receives the alerts from then on', async () => {
    const db = suite.t.database.db;
    const provider = await createProvider(db);
    const [connection] = await db
      .insert(connections)
      .values({
        userId: suite.user.user.id,
        providerId: provider.id,
        customerName: 'Waiting Customer',
        customerEmail: 'customer@example.com',
        status: 'in_progress',
      })
      .returning();
    if (!connection) throw new Error('no connection');
    const requestedAt = new Date('2030-01-01T00:00:00Z');
    await db.insert(usageRecords).values({
      userId: suite.user.user.id,
      connectionId: connection.id,
      costCents: 2999,
      status: 'billed',
      createdAt: requestedAt,
    });
    const later = (hours: number) => new Date(requestedAt.getTime() + hours * 3_600_000);

    // The admin has no email: the crossing waits for someone to tell.
    expect(await suite.t.app.services.attention.sendAlerts(later(7))).toMatchObject({
      alerted: 0,
    });

    const wrong = await call('PUT', '/api/user/email', suite.admin.cookie, {
      email: 'admin@example.com',
      currentPassword: 'not the password',
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await call('PUT', '/api/user/email', suite.admin.cookie, {
      email: 'admin@example.com',
      currentPassword: TEST_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'admin', email: 'admin@example.com' });
    const me = await call('GET', '/api/user', suite.admin.cookie);
    expect(me.json().email).toBe('admin@example.com');

    expect(await suite.t.app.services.attention.sendAlerts(later(7.5))).toMatchObject({
      alerted: 1,
    });
    const sent = await db
      .select({ to: outbox.toAddress })
      .from(outbox)
      .where(eq(outbox.kind, 'attention_alert'));
    expect(sent).toEqual([{ to: 'admin@example.com' }]);
  });
});
