// Durability under load and crashes: 200 concurrent form submissions for 30 s on PostgreSQL
// (0 errors, acknowledged = stored), and kill -9 during submissions and uploads on both
// databases (every acknowledged write present after the restart).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { connections, providers } from '../../server/db/schema.ts';
import { createUser } from '../../server/features/users/service.ts';
import { freshPostgres } from './queue.ts';
import { appArgs, startServer } from './servers.ts';

const ADMIN = { username: 'crash-admin', password: 'crash-admin-password' };

const submission = (providerId: number, n: number) => ({
  name: `Customer ${n}`,
  email: `customer${n}@example.com`,
  address: `${n} Durable Way`,
  providerId,
  username: 'portal-user',
  password: 'portal-pass',
  consent: true,
});

/** An owner with a form link, a provider and an admin, written before the server starts. */
async function seed(options: { url: string } | { dataDir: string }) {
  const database = openDatabase(options);
  await database.ready;
  const owner = await createUser(database.db, {
    username: `owner-${Date.now()}`,
    email: null,
    password: 'owner-password-1',
    role: 'user',
  });
  await createUser(database.db, { ...ADMIN, email: null, role: 'admin' });
  const [provider] = await database.db
    .insert(providers)
    .values({ name: 'Durable Power', state: 'California' })
    .returning({ id: providers.id });
  await database.close();
  return { formUrl: owner.uniqueFormUrl, ownerId: owner.id, providerId: provider?.id ?? 0 };
}

/** The ids of the connections stored for the form's owner. */
async function storedFor(options: { url: string } | { dataDir: string }, ownerId: number) {
  const database = openDatabase(options);
  await database.ready;
  const rows = await database.db
    .select({ id: connections.id })
    .from(connections)
    .where(eq(connections.userId, ownerId));
  await database.close();
  return new Set(rows.map((r) => r.id));
}

export async function benchLoad() {
  const postgres = await freshPostgres();
  if (!postgres) {
    console.log('load on postgres: skipped, no PostgreSQL server');
    return;
  }
  try {
    const { formUrl, ownerId, providerId } = await seed({ url: postgres.url });
    const server = await startServer(appArgs(), {
      port: 5911,
      readyPath: '/api/health',
      jobsReady: true,
      env: { DATABASE_URL: postgres.url, FORM_RATE_LIMIT: '100000000', LOG_LEVEL: 'warn' },
    });
    // Every answer's connection id is noted, so each acknowledged submission is looked for.
    const acknowledged: number[] = [];
    const result = await autocannon({
      url: server.url,
      connections: 200,
      duration: 30,
      requests: [
        {
          method: 'POST',
          path: `/api/form/${formUrl}`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(submission(providerId, 1)),
          onResponse: (status: number, body: string) => {
            if (status === 201) acknowledged.push((JSON.parse(body) as { id: number }).id);
          },
        },
      ],
    });
    await server.stop();
    const stored = await storedFor({ url: postgres.url }, ownerId);
    const lost = acknowledged.filter((id) => !stored.has(id)).length;
    console.log(
      `load on postgres, 200 concurrent form submissions for 30 s: ${result.requests.average.toFixed(0)} req/s; ${acknowledged.length} acknowledged, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; ${stored.size} stored, acknowledged but missing: ${lost} (${stored.size - acknowledged.length + lost} more were stored whose answers the 30 s cut left unread)`,
    );
  } finally {
    await postgres.drop();
  }
}

type Acknowledged = { connections: number[]; files: { connectionId: number; fileId: number }[] };

/** Submits and uploads from many loops until the server stops answering. */
async function writeUntilKilled(base: string, formUrl: string, providerId: number) {
  const acked: Acknowledged = { connections: [], files: [] };
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  let alive = true;
  let n = 0;
  const submitLoop = async () => {
    while (alive) {
      try {
        const res = await fetch(`${base}/api/form/${formUrl}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(submission(providerId, n++)),
        });
        if (res.status === 201) acked.connections.push(((await res.json()) as { id: number }).id);
      } catch {
        alive = false;
      }
    }
  };
  const uploadLoop = async () => {
    while (alive) {
      const target = acked.connections[0];
      if (target === undefined) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      try {
        const body = Buffer.from(`%PDF-1.4\n% bill ${n++}\n%%EOF\n`);
        const signed = await fetch(`${base}/api/objects/upload`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            contentType: 'application/pdf',
            fileName: 'bill.pdf',
            size: body.length,
          }),
        });
        if (signed.status !== 200) {
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        const upload = (await signed.json()) as { uploadURL: string };
        const put = await fetch(new URL(upload.uploadURL, base), {
          method: 'PUT',
          headers: { 'content-type': 'application/pdf' },
          body,
        });
        if (put.status !== 200) continue;
        const recorded = await fetch(`${base}/api/connections/${target}/files`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            fileUrl: upload.uploadURL,
            fileName: 'bill.pdf',
            fileSize: body.length,
          }),
        });
        if (recorded.status === 201) {
          acked.files.push({
            connectionId: target,
            fileId: ((await recorded.json()) as { id: number }).id,
          });
        }
      } catch {
        alive = false;
      }
    }
  };
  const loops = [
    ...Array.from({ length: 16 }, () => submitLoop),
    ...Array.from({ length: 2 }, () => uploadLoop),
  ];
  return { acked, loops, stop: () => (alive = false) };
}

async function crashOn(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-crash-'));
  const postgres = kind === 'postgres' ? await freshPostgres() : undefined;
  if (kind === 'postgres' && !postgres) {
    console.log('crash on postgres: skipped, no PostgreSQL server');
    return;
  }
  const target = postgres ? { url: postgres.url } : { dataDir: path.join(dataDir, 'db') };
  const env = {
    DATA_DIR: dataDir,
    FORM_RATE_LIMIT: '100000000',
    RUN_WORKER: 'false',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  try {
    const { formUrl, providerId } = await seed(target);
    const first = await startServer(appArgs(), { port: 5912, readyPath: '/api/health', env });
    const writing = await writeUntilKilled(first.url, formUrl, providerId);
    const running = Promise.all(writing.loops.map((loop) => loop()));
    await new Promise((r) => setTimeout(r, 4000));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    writing.stop();
    await running;
    const { acked } = writing;

    const second = await startServer(appArgs(), { port: 5912, readyPath: '/api/health', env });
    const login = await fetch(`${second.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    let connectionsFound = 0;
    for (const id of acked.connections) {
      const res = await fetch(`${second.url}/api/connections/${id}`, { headers: { cookie } });
      if (res.status === 200) connectionsFound++;
    }
    let filesFound = 0;
    for (const { fileId } of acked.files) {
      const res = await fetch(`${second.url}/api/files/${fileId}/download`, {
        headers: { cookie },
        redirect: 'manual',
      });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) continue;
      const file = await fetch(new URL(location, second.url));
      if (file.status === 200 && (await file.text()).startsWith('%PDF')) filesFound++;
    }
    await second.stop();
    console.log(
      `crash on ${kind} (kill -9 after 4 s of writes): ${acked.connections.length} submissions and ${acked.files.length} uploads acknowledged; after the restart ${connectionsFound} and ${filesFound} present (lost: ${acked.connections.length - connectionsFound + acked.files.length - filesFound})`,
    );
  } finally {
    await postgres?.drop();
  }
}

export async function benchCrash() {
  await crashOn('pglite');
  await crashOn('postgres');
}
