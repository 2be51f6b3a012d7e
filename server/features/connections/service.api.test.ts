import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerSubmission } from '../../../common/forms.ts';
import { connectionFiles, connections, webhookDeliveries } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, submission, uploadObject } from '../../test/connections.ts';
import { createUser, signedIn } from '../../test/factories.ts';

// The follow-up work of a change belongs to the connections service, not to the route that
// happens to call it: a second entry point (an API key, a job, a bulk action) gets it too.

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let providerId: number;
let endpointId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.database.db);
  // No login page: the background check records that it could not check, which proves it ran.
  providerId = (await createProvider(t.database.db)).id;
  const admin = await createUser(t.database.db, { role: 'admin' });
  const endpoint = await t.app.services.webhooks.create(
    {
      // Refused (loopback, not allowed): the delivery is recorded and fails, nothing leaves.
      url: 'http://127.0.0.1:9/hooks',
      events: ['connection.created', 'connection.file_added', 'connection.status_changed'],
    },
    admin.id,
    'admins',
  );
  endpointId = endpoint.id;
});
afterAll(() => t.close());

const deliveriesOf = (event: string) =>
  t.database.db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.event, event)));

describe('ConnectionsService, called without any route', () => {
  it('createFromSubmission queues the credential check and the connection.created webhook', async () => {
    const input = CustomerSubmission.parse(submission(providerId));
    const result = await t.app.services.connections.createFromSubmission(
      owner.uniqueFormUrl,
      input,
    );
    expect(result.created).toBe(true);
    await t.app.services.queue.drain();

    const [row] = await t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, result.id));
    expect(row?.verifiedAt).toBeInstanceOf(Date);
    expect(row?.verificationMessage).toMatch(/^Not checked automatically: the provider has no/);

    const created = await deliveriesOf('connection.created');
    expect(created.map((d) => (d.payload as { data: unknown }).data)).toContainEqual({
      connectionId: result.id,
      status: 'pending',
    });
  });

  it('a repeated submission key creates nothing and announces nothing', async () => {
    const input = CustomerSubmission.parse(submission(providerId, { submissionKey: 'svc-key-1' }));
    const first = await t.app.services.connections.createFromSubmission(owner.uniqueFormUrl, input);
    const before = (await deliveriesOf('connection.created')).length;
    const again = await t.app.services.connections.createFromSubmission(owner.uniqueFormUrl, input);
    expect(again).toEqual({ ...first, created: false });
    expect((await deliveriesOf('connection.created')).length).toBe(before);
  });

  it('recordFile queues the interval import and the connection.file_added webhook', async () => {
    const input = CustomerSubmission.parse(submission(providerId));
    const { id } = await t.app.services.connections.createFromSubmission(
      owner.uniqueFormUrl,
      input,
    );
    const admin = await signedIn(t.app, t.database.db, 'admin');
    const csv = 'Date,Time,kWh\n2024-01-01,00:00,1.5\n2024-01-01,00:15,1.25\n';
    const upload = await uploadObject(t.app, admin.cookie, {
      fileName: 'usage.csv',
      contentType: 'text/csv',
      body: csv,
    });
    const file = await t.app.services.connections.recordFile(
      id,
      { fileUrl: upload.uploadURL, fileName: 'usage.csv', fileType: 'csv', fileSize: csv.length },
      admin.user,
    );
    await t.app.services.queue.drain();

    const [stored] = await t.database.db
      .select({ importStatus: connectionFiles.importStatus })
      .from(connectionFiles)
      .where(eq(connectionFiles.id, file.id));
    // The import ran: the file is no longer waiting for it, whatever it made of two readings.
    expect(stored?.importStatus).not.toBe('pending');
    const added = await deliveriesOf('connection.file_added');
    expect(added.map((d) => (d.payload as { data: { fileId: number } }).data.fileId)).toContain(
      file.id,
    );
  });

  it('update announces a status change once, and not an edit that keeps the status', async () => {
    const input = CustomerSubmission.parse(submission(providerId));
    const { id } = await t.app.services.connections.createFromSubmission(
      owner.uniqueFormUrl,
      input,
    );
    const admin = await createUser(t.database.db, { role: 'admin' });
    await t.app.services.connections.update(id, { status: 'in_progress' }, admin);
    await t.app.services.connections.update(id, { notes: 'called the utility' }, admin);
    await t.app.services.queue.drain();
    const changes = (await deliveriesOf('connection.status_changed'))
      .map((d) => (d.payload as { data: { connectionId: number } }).data)
      .filter((d) => d.connectionId === id);
    expect(changes).toEqual([{ connectionId: id, from: 'pending', to: 'in_progress' }]);
  });
});
