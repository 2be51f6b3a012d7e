import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { isStopping } from '../../lib/shutdown.ts';
import type { Services } from '../../services.ts';

/** How long one part may take to answer before it counts as failing. */
const CHECK_TIMEOUT_MS = 3_000;
/** How long a verdict on the object store stands: each probe must not cost a request to S3. */
const STORE_TTL_MS = 10_000;
/** How long an SMTP verdict stands: each probe must not open a connection to the mail server. */
const MAIL_TTL_MS = 60_000;
/** A key nobody writes: asking for it proves the store answers and lets this process in. */
const PROBE_KEY = 'readiness/probe';

const Part = z.enum(['ok', 'failing']);

/**
 * What a load balancer reads: ready or not, and each part by a plain name with ok or failing
 * only (the route is public: no error text, host name or setting reaches it). The parts this
 * process does not use are left out (mail without SMTP_URL, the browser in an API process).
 */
const Readiness = z.object({
  status: z.enum(['ready', 'not ready', 'stopping']),
  parts: z.object({
    database: Part.optional(),
    jobs: Part.optional(),
    storage: Part.optional(),
    mail: Part.optional(),
    browser: Part.optional(),
  }),
});
type Readiness = z.infer<typeof Readiness>;

/** Not ready; or, before the database is migrated, the app's starting-up answer (`message`). */
const NotReady = Readiness.partial().extend({ message: z.string().optional() });
type PartName = keyof Readiness['parts'];

/** Runs a check with a time limit; true when it passed. */
async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** A check whose verdict stands for `ttlMs`; one run at a time however many probes ask. */
function cached(ttlMs: number, check: () => Promise<unknown>): () => Promise<boolean> {
  let verdict: { ok: boolean; at: number } | undefined;
  let running: Promise<boolean> | undefined;
  return async () => {
    if (verdict && Date.now() - verdict.at < ttlMs) return verdict.ok;
    running ??= passes(check).then((ok) => {
      verdict = { ok, at: Date.now() };
      running = undefined;
      return ok;
    });
    return running;
  };
}

/** SMTP_URL's server greets and accepts the login: a connection opened and closed again. */
async function verifySmtp(url: string): Promise<void> {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: CHECK_TIMEOUT_MS,
    greetingTimeout: CHECK_TIMEOUT_MS,
    socketTimeout: CHECK_TIMEOUT_MS,
  });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

/**
 * GET /api/ready: whether this process should get traffic. 200 with each part's state when
 * every part answers; 503 naming the failing part otherwise, and from the moment the process
 * received SIGTERM (`stopping`, without checking anything), so the load balancer drains it
 * while it finishes what it holds. Liveness stays GET /api/health.
 */
export function readinessRoute(
  app: FastifyInstance,
  {
    database,
    queue,
    store,
    browser,
    config,
  }: Pick<Services, 'database' | 'queue' | 'store' | 'browser' | 'config'>,
) {
  const checks: Partial<Record<PartName, () => Promise<boolean>>> = {
    database: () => passes(() => database.db.execute(sql`select 1`)),
    jobs: async () => queue.ready && !queue.stopping,
    storage: cached(STORE_TTL_MS, () => store.head(PROBE_KEY)),
  };
  const smtpUrl = config.mail.smtpUrl;
  if (smtpUrl) checks.mail = cached(MAIL_TTL_MS, () => verifySmtp(smtpUrl));
  // A process that runs jobs prints reports and signs in to portals with Chromium.
  if (config.runWorker) checks.browser = async () => passes(async () => browser.assertInstalled());

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/ready',
      { config: { access: 'public' }, schema: { response: { 200: Readiness, 503: NotReady } } },
      async (_request, reply) => {
        if (isStopping()) return reply.code(503).send({ status: 'stopping', parts: {} });
        const names = Object.keys(checks) as PartName[];
        const verdicts = await Promise.all(names.map((name) => checks[name]?.()));
        const parts: Readiness['parts'] = {};
        names.forEach((name, i) => {
          parts[name] = verdicts[i] ? 'ok' : 'failing';
        });
        const ready = verdicts.every(Boolean);
        return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', parts });
      },
    );
}
