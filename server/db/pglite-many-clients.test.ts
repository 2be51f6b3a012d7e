import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppProcess, callApp, startAppProcess } from '../test/app-process.ts';

// Many customers post the form at once to the real server on its embedded database. Each one
// keeps its connection and posts again as soon as it is answered. A server whose statements held
// the event loop served the connections it had accepted over and over, while the rest waited in
// the listen backlog until the load stopped (of 200 clients, 55 to 123 had no answer when the
// others had had 1,000). With statements taking turns, every client had its first answer
// before any had its second; three each is the generous bound.

const CLIENTS = 200;
/** The others' answers in all before which every client must have had its first. */
const ANSWERS_BOUND = 3 * CLIENTS;

let app: AppProcess | undefined;
afterAll(async () => app?.kill());

function post(agent: Agent, url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the embedded database with many clients at once', () => {
  it('answers every client before the others have had three answers each', async () => {
    app = await startAppProcess({
      env: {
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-many-')),
        ADMIN_USERNAME: 'many-admin',
        ADMIN_PASSWORD: 'many-admin-password',
        // Every client comes from 127.0.0.1: the per-address limits must not refuse them.
        FORM_RATE_LIMIT: '100000000',
        AUTH_RATE_LIMIT: '100000',
        RUN_WORKER: 'false',
      },
      timeoutMs: 90_000,
    });
    const base = app.base;
    const admin = await callApp(base, 'POST', '/api/login', {
      username: 'many-admin',
      password: 'many-admin-password',
    });
    const provider = await callApp(
      base,
      'POST',
      '/api/providers',
      { name: 'Busy Power', state: 'Ohio' },
      admin.cookie,
    );
    const owner = await callApp(base, 'POST', '/api/register', {
      username: 'many_owner',
      password: 'a long enough password',
    });
    expect(owner.status).toBe(201);
    const url = `${base}/api/form/${owner.json.uniqueFormUrl}`;
    const body = JSON.stringify({
      name: 'Busy Customer',
      email: 'busy@example.com',
      address: '1 Crowded Street',
      providerId: provider.json.id,
      username: 'portal-user',
      password: 'portal-pass',
      consent: true,
    });

    const answers = new Array<number>(CLIENTS).fill(0);
    const statuses = new Set<number>();
    let total = 0;
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    let done = false;
    const agents = answers.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
    const client = async (i: number) => {
      while (!done) {
        const status = await post(agents[i] as Agent, url, body).catch(() => 0);
        if (done) return;
        statuses.add(status);
        answers[i] = (answers[i] ?? 0) + 1;
        total++;
        if (total >= ANSWERS_BOUND || answers.every((n) => n > 0)) stop();
      }
    };
    const loops = answers.map((_, i) => client(i));
    await stopped;
    done = true;
    for (const agent of agents) agent.destroy();
    await Promise.all(loops);

    expect(statuses).toEqual(new Set([201]));
    expect(answers.filter((n) => n === 0).length).toBe(0);
  }, 240_000);
});
