import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import plans from 'pg-boss/src/plans.js';
import { type Database, JOB_QUEUE_SCHEMA } from '../../db/client.ts';
import { isConnectionLost } from '../connection-errors.ts';
import { storableValue } from '../errors.ts';
import type { Metrics } from '../metrics.ts';
import { currentContext } from '../request-context.ts';
import type { JobAttempt, JobDefinition } from './types.ts';

/** The NOTIFY channel on which a process says that it queued a job (the payload: the queue). */
const QUEUED_CHANNEL = 'job_queued';

/**
 * How often at most a process wakes other processes' loops of one queue (see announce): the
 * first wake-up after a quiet spell goes at once, a job queued within the window after it starts
 * at most this much later, which no one waiting on it can notice. Each wake-up is a statement of
 * its own, a commit PostgreSQL serialises with every other notifying one, and a wake-up of every
 * worker: at 25 ms a busy API process sent about one for every second form.
 */
const WAKE_UP_WINDOW_MS = 100;

/**
 * How long a worker gathers the wake-ups it hears before its loops fetch (see wakeSoon): those
 * of that moment, from every API process, become one fetch.
 */
const WAKE_UP_GATHER_MS = 25;

/**
 * A job's completion and its failure: pg-boss's polling loop sends these when a handler
 * returns or throws, without waiting for them, so their error would reach the process
 * unhandled.
 */
const JOB_ENDINGS = new Set([
  plans.completeJobs(JOB_QUEUE_SCHEMA),
  plans.failJobsById(JOB_QUEUE_SCHEMA),
]);

/**
 * The key under which a job's data carries the id of the request that queued it, beside the
 * payload (which its schema reads without it), so that the worker's lines for the job carry it.
 */
const REQUEST_ID_KEY = '_requestId';

/** The request id a job's data carries, if a request queued it. */
const requestIdOf = (data: unknown): string | undefined => {
  const id = (data as Record<string, unknown> | null)?.[REQUEST_ID_KEY];
  return typeof id === 'string' ? id : undefined;
};

/** The payload as queued: with the id of the request under way, if any. */
const withRequestId = <P extends Record<string, unknown>>(data: P): P => {
  const requestId = currentContext()?.requestId;
  return requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data;
};

type QueueRow = {
  name: string;
  waiting: number | string;
  delayed: number | string;
  active: number | string;
  failed: number | string;
  oldest_seconds: number | string | null;
};

/** What pg-boss reads of a completion or failure statement's answer: no job was updated. */
const NOTHING_RECORDED = { rows: [{ count: '0' }] };

/**
 * How pg-boss runs its statements: on the app's database. A job's end that meets a dropped
 * connection is sent once more, on a new one: both statements change only jobs that have not
 * ended, so if the first did go through, the second finds nothing to do (or moves a retry's
 * start a moment later). If the database is still away, or refuses the statement, the job stays
 * active until it expires, and then counts as failed and is retried, as after a crash. Every
 * other statement's error reaches its caller (a job that could not be queued must say so).
 */
export function pgBossDb(
  database: Pick<Database, 'executeSql'>,
  log: { warn(obj: object, msg: string): void },
  retryDelayMs = 1000,
): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    executeSql: async (text, values) => {
      if (!JOB_ENDINGS.has(text)) return database.executeSql(text, values);
      // A failed job's error may quote a broken upload's NUL characters, which PostgreSQL refuses.
      const storable = values?.map(storableValue);
      for (let attempt = 1; ; attempt++) {
        try {
          return await database.executeSql(text, storable);
        } catch (err) {
          if (!isConnectionLost(err)) {
            // Thrown here, it would reach the process unhandled and stop it: the job stays active
            // until it expires, and is then retried like a job whose worker crashed.
            log.warn({ err, queue: values?.[0] }, 'job queue: a job could not be marked as ended');
            return NOTHING_RECORDED;
          }
          if (attempt >= 2) {
            log.warn(
              { err, queue: values?.[0] },
              'job queue: the database was away when a job ended; it is retried once it expires',
            );
            return NOTHING_RECORDED;
          }
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
        }
      }
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a list of jobs holds every payload type.
type AnyJob<Services> = JobDefinition<any, Services>;

/**
 * Runs a queue set-up statement again when PostgreSQL chose it as a deadlock's victim: processes
 * starting together on a new database create the same queues at the same moment, and creating a
 * queue (a row and its table) can deadlock with another process's. The statement is idempotent.
 */
async function retryDeadlock<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * The job queue: pg-boss on the app's own database (PGlite or PostgreSQL), so several worker
 * processes can share the load without another server.
 */
export class JobQueue<Services extends object = object> {
  private boss: PgBoss;
  private started?: Promise<void>;
  /** True once the queues exist (and, in a worker, the handlers are polling). */
  ready = false;
  /** Jobs running in-process (inline mode), so tests can wait for them. */
  private inline = new Set<Promise<void>>();
  /** This process's polling loops by queue, woken when a job is queued. */
  private loops = new Map<string, string[]>();
  /** The jobs this process's loops are running, which a stop waits for or hands back. */
  private running = new Set<Promise<unknown>>();
  /** Set once a stop began: the process takes no more jobs. */
  stopping = false;
  /** Stops listening for jobs queued by other processes. */
  private unlisten?: Promise<(() => Promise<void>) | undefined>;
  /** Counts this process's job runs (set by `instrument`). */
  private metrics?: Metrics;
  /** Queues whose wake-up was just sent, and whether another was asked for since (announce). */
  private wakeUps = new Map<string, { again: boolean; timer: NodeJS.Timeout }>();
  /** Queues whose loops will be woken shortly for a wake-up from another process (wakeSoon). */
  private wakingSoon = new Set<string>();

  /**
   * In `inline` mode (tests) nothing touches pg-boss: an enqueued job runs in this process
   * right after the call, and `drain()` waits for it.
   */
  /** What handlers are given: the process's services, handed over once they are all built. */
  private services?: Services;

  constructor(
    private readonly database: Database,
    private definitions: AnyJob<Services>[],
    private log: FastifyBaseLogger,
    private mode: 'queue' | 'inline' = 'queue',
  ) {
    this.boss = new PgBoss({
      db: pgBossDb(database, log),
      schema: JOB_QUEUE_SCHEMA,
      // A queued job wakes the workers at once (in this process, and in others by NOTIFY on
      // PostgreSQL); the poll only picks up retries, delayed jobs and a missed wake-up. (PGlite
      // is one connection on the main thread: every poll briefly holds up HTTP requests.)
      pollingIntervalSeconds: 5,
    });
    // Its maintenance and polling loops report here and carry on (a lost connection included).
    this.boss.on('error', (err) =>
      isConnectionLost(err)
        ? log.warn({ err }, 'job queue: the database connection dropped')
        : log.error({ err }, 'job queue error'),
    );
  }

  /**
   * Counts this process's runs, and has each scrape read every queue's depth, the age of its
   * oldest waiting job and its failed jobs from pg-boss's table: the same for every process, so
   * any API process shows those of the separate workers too.
   */
  instrument(metrics: Metrics): void {
    this.metrics = metrics;
    const depth = metrics.gauge('job_queue_depth', 'Jobs in each queue, by state', [
      'queue',
      'state',
    ]);
    const oldest = metrics.gauge(
      'job_queue_oldest_waiting_seconds',
      'Age of the oldest job due to run and not yet taken, by queue (0 when none waits)',
      ['queue'],
    );
    const failed = metrics.gauge(
      'job_queue_failed',
      'Failed jobs (retries spent) pg-boss has not archived yet, by queue',
      ['queue'],
    );
    metrics.onScrape(async () => {
      const rows = await this.stats();
      for (const row of rows) {
        const queue = row.name;
        depth.set({ queue, state: 'waiting' }, Number(row.waiting));
        depth.set({ queue, state: 'delayed' }, Number(row.delayed));
        depth.set({ queue, state: 'active' }, Number(row.active));
        oldest.set({ queue }, Number(row.oldest_seconds ?? 0));
        failed.set({ queue }, Number(row.failed));
      }
    });
  }

  /**
   * Every registered queue's counts, in one statement over the jobs not yet completed (pg-boss
   * moves completed ones to its archive within hours). A queue without such jobs has no row: its
   * figures are zeros. Nothing before the queue has started (its tables may not exist yet).
   */
  private async stats(): Promise<QueueRow[]> {
    if (!this.ready) return [];
    // Grouped over the job table itself, not joined to the list of queues: a join plans a scan
    // per partition and took twice as long.
    const { rows } = await this.database.executeSql(
      `select name,
         count(*) filter (where state < 'active' and start_after <= now()) as waiting,
         count(*) filter (where state < 'active' and start_after > now()) as delayed,
         count(*) filter (where state = 'active') as active,
         count(*) filter (where state = 'failed') as failed,
         extract(epoch from now() - min(start_after)
           filter (where state < 'active' and start_after <= now())) as oldest_seconds
       from ${JOB_QUEUE_SCHEMA}.job
       where state <> 'completed' and state <> 'cancelled'
       group by name`,
    );
    const found = new Map((rows as QueueRow[]).map((row) => [row.name, row]));
    return this.definitions.map(
      ({ name }) =>
        found.get(name) ?? {
          name,
          waiting: 0,
          delayed: 0,
          active: 0,
          failed: 0,
          oldest_seconds: 0,
        },
    );
  }

  /** The services every handler gets; called once by the composition root. */
  provide(services: Services): void {
    this.services = services;
  }

  /** Creates the queues (and schedules); with `work`, this process also runs the handlers. */
  start(options: { work: boolean }): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      for (const def of this.definitions) {
        await retryDeadlock(() =>
          this.boss.createQueue(def.name, {
            name: def.name,
            retryLimit: def.retry?.limit ?? 0,
            retryDelay: def.retry?.delaySeconds ?? 0,
            retryBackoff: def.retry?.backoff ?? false,
            expireInSeconds: def.expireInSeconds ?? 15 * 60,
          }),
        );
        if (def.schedule) await this.boss.schedule(def.name, def.schedule, {}, { tz: 'UTC' });
        if (options.work) await this.startLoops(def);
      }
      // Jobs queued by another process (an app without workers, another worker) wake this
      // one's loops at once; PGlite has one process, which wakes its own loops as it queues.
      if (options.work && this.database.kind === 'postgres') {
        this.unlisten = this.database
          .listen(QUEUED_CHANNEL, (name) => this.wakeSoon(name))
          .catch((err) => {
            this.log.warn({ err }, 'job queue: no wake-up on insert; polling only');
            return undefined;
          });
      }
    })();
    this.started.then(
      () => {
        this.ready = true;
      },
      () => {},
    );
    return this.started;
  }

  /**
   * The queue's polling loops: each fetches up to `batchSize` jobs and runs them side by side;
   * after a full batch it fetches again at once instead of waiting for the next poll.
   */
  private async startLoops(def: AnyJob<Services>): Promise<void> {
    const batchSize = def.batchSize ?? 1;
    const workers =
      typeof def.workers === 'function' && this.services
        ? def.workers(this.services)
        : typeof def.workers === 'number'
          ? def.workers
          : 1;
    const ids: string[] = [];
    this.loops.set(def.name, ids);
    for (let i = 0; i < Math.max(1, workers); i++) {
      const id: string = await this.boss.work(
        def.name,
        { includeMetadata: true, batchSize },
        async (jobs) => {
          const attemptOf = (job: (typeof jobs)[number]) => ({
            retryCount: job.retryCount,
            final: job.retryCount >= job.retryLimit,
          });
          const [only] = jobs;
          if (jobs.length === 1 && only) {
            await this.track(this.run(def, only.data, attemptOf(only)));
          } else {
            // In a batch, a failure is this job's alone: it is failed (and retried) by itself,
            // and pg-boss completes only the jobs still active when the batch returns.
            await this.track(
              Promise.all(
                jobs.map((job) =>
                  this.run(def, job.data, attemptOf(job)).catch((err: Error) =>
                    this.boss.fail(def.name, job.id, { message: err.message }),
                  ),
                ),
              ),
            );
          }
          // A full batch means more are probably waiting: fetch again without the poll's pause.
          if (jobs.length >= batchSize) this.boss.notifyWorker(id);
        },
      );
      ids.push(id);
    }
  }

  /** Counts a loop's run among the jobs a stop waits for. */
  private async track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    try {
      return await work;
    } finally {
      this.running.delete(work);
    }
  }

  /** Resolves when no loop's job is running, or after `ms`: whether none is. */
  private async idle(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (this.running.size > 0) {
      const left = until - Date.now();
      if (left <= 0) return false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled([...this.running]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, left);
        }),
      ]);
      clearTimeout(timer);
    }
    return true;
  }

  /**
   * Wakes this process's loops of a queue a moment after another process said a job waits:
   * the wake-ups of that moment, from every API process, become one fetch of the jobs they
   * announce instead of one fetch each, which every other worker process would race for too.
   */
  private wakeSoon(name: string): void {
    if (this.wakingSoon.has(name)) return;
    this.wakingSoon.add(name);
    setTimeout(() => {
      this.wakingSoon.delete(name);
      this.wake(name);
    }, WAKE_UP_GATHER_MS).unref();
  }

  /** Wakes this process's loops of a queue (a job was queued for it). */
  private wake(name: string): void {
    for (const id of this.loops.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * Runs one job's handler in this process: what a worker does, and what tests call. Without
   * an attempt it is the first run, after which the queue would retry a job that has retries.
   */
  async run(
    def: AnyJob<Services>,
    data: unknown,
    attempt: JobAttempt = { retryCount: 0, final: !def.retry?.limit },
  ): Promise<void> {
    if (!this.services) throw new Error('The job queue has no services yet (provide() them)');
    const payload = def.payload.parse(data ?? {});
    // The id of the request that queued the job, under the key its request lines use.
    const requestId = requestIdOf(data);
    const log = this.log.child(requestId ? { job: def.name, reqId: requestId } : { job: def.name });
    const started = performance.now();
    try {
      await def.handler(payload, { ...this.services, log }, attempt);
    } catch (err) {
      this.metrics?.jobRuns.inc({ queue: def.name, result: 'failed' });
      log.error({ err }, 'job failed');
      throw err;
    }
    this.metrics?.jobRuns.inc({ queue: def.name, result: 'done' });
    log.info({ ms: Math.round(performance.now() - started) }, 'job done');
  }

  async enqueue<P extends Record<string, unknown>>(
    def: JobDefinition<P, never>,
    payload: P,
    options: PgBoss.SendOptions = {},
  ): Promise<string | null> {
    // A job missing from the registry would never be worked on: refuse it loudly, in tests too.
    if (!this.definitions.some((known) => known.name === def.name)) {
      throw new Error(`Job ${def.name} is not in the job registry (server/jobs.ts)`);
    }
    const data = withRequestId(def.payload.parse(payload));
    if (this.mode === 'inline') {
      // run() has logged a failure; here it only must not become an unhandled rejection.
      const run = this.run(def as AnyJob<Services>, data).catch(() => {});
      this.inline.add(run);
      run.finally(() => this.inline.delete(run));
      return null;
    }
    if (!this.started) throw new Error('The job queue has not been started');
    await this.started;
    const id = await this.boss.send(def.name, data, options);
    if (!options.startAfter) await this.announce(def.name);
    return id;
  }

  /**
   * Queues many jobs of one kind in one statement (a fan-out, a backlog), then wakes the
   * workers once. Inline mode runs them one after another like `enqueue`.
   */
  async enqueueMany<P extends Record<string, unknown>>(
    def: JobDefinition<P, never>,
    payloads: P[],
  ): Promise<void> {
    if (payloads.length === 0) return;
    if (this.mode === 'inline' || payloads.length === 1) {
      for (const payload of payloads) await this.enqueue(def, payload);
      return;
    }
    if (!this.definitions.some((known) => known.name === def.name)) {
      throw new Error(`Job ${def.name} is not in the job registry (server/jobs.ts)`);
    }
    if (!this.started) throw new Error('The job queue has not been started');
    await this.started;
    const queued = payloads.map((payload) => ({
      name: def.name,
      data: withRequestId(def.payload.parse(payload)),
      retryLimit: def.retry?.limit ?? 0,
      retryDelay: def.retry?.delaySeconds ?? 0,
      retryBackoff: def.retry?.backoff ?? false,
      expireInSeconds: def.expireInSeconds ?? 15 * 60,
    }));
    // pg-boss inserts a list as one statement; large fan-outs go in slices of a thousand.
    for (let i = 0; i < queued.length; i += 1000) {
      await this.boss.insert(queued.slice(i, i + 1000));
    }
    await this.announce(def.name);
  }

  /**
   * Tells every process's loops of the queue that a job is waiting: this process's at once, the
   * others' by NOTIFY, at most once per queue every WAKE_UP_WINDOW_MS. A wake-up asked for
   * within the window is sent when it ends, and covers every job queued in it (each was
   * committed before it asked); the first after a quiet spell goes at once. Under load this
   * sends a few wake-ups a second instead of one per job: each NOTIFY is serialised with every
   * other notifying commit in PostgreSQL and wakes every listening worker, whose loops then all
   * fetch, mostly for nothing.
   */
  private async announce(name: string): Promise<void> {
    this.wake(name);
    if (this.database.kind === 'postgres') await this.wakeOthers(name);
  }

  /** The NOTIFY part of announce: at once if the queue's window is closed, else at its end. */
  private async wakeOthers(name: string): Promise<void> {
    const window = this.wakeUps.get(name);
    if (window) {
      window.again = true;
      return;
    }
    const timer = setTimeout(() => {
      if (this.closeWakeUpWindow(name)) void this.wakeOthers(name);
    }, WAKE_UP_WINDOW_MS);
    timer.unref();
    this.wakeUps.set(name, { again: false, timer });
    await this.notify(name);
  }

  /** Closes a queue's wake-up window: whether a wake-up was asked for within it. */
  private closeWakeUpWindow(name: string): boolean {
    const window = this.wakeUps.get(name);
    this.wakeUps.delete(name);
    clearTimeout(window?.timer);
    return window?.again === true;
  }

  private notify(name: string): Promise<void> {
    return this.database.executeSql('select pg_notify($1, $2)', [QUEUED_CHANNEL, name]).then(
      () => {},
      (err: Error) => this.log.warn({ err }, 'job queue: wake-up not sent'),
    );
  }

  /** Waits until no inline job is running. */
  async drain(): Promise<void> {
    while (this.inline.size > 0) await Promise.all([...this.inline]);
  }

  /**
   * Stops taking jobs at once, gives the running ones `graceMs` to finish, then calls `handBack`
   * (which lets go of what they hold, so that another process takes it up now) and gives them a
   * few seconds more to wind down. What still runs after that is failed, and so retried by any
   * worker as its retries allow, as after a crash.
   */
  async stop(options: { graceMs?: number; handBack?: () => Promise<void> } = {}): Promise<void> {
    this.stopping = true;
    await this.drain();
    // Wake-ups still owed go now: the jobs they are for are queued, and another process runs them.
    const owed = [...this.wakeUps.keys()].filter((name) => this.closeWakeUpWindow(name));
    await Promise.all(owed.map((name) => this.notify(name)));
    if (!this.started) return;
    await this.started.catch(() => {});
    await (await this.unlisten)?.();
    for (const def of this.definitions) await this.boss.offWork(def.name).catch(() => {});
    if (!(await this.idle(options.graceMs ?? 10_000))) {
      this.log.info({ jobs: this.running.size }, 'stopping: handing back the jobs still running');
      await options.handBack?.().catch((err: Error) => this.log.warn({ err }, 'hand-back failed'));
      await this.idle(5_000);
    }
    await this.boss.stop({ graceful: true, wait: true, timeout: 1_000 });
  }
}
