import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { JobAttempt, JobDefinition } from './types.ts';

// biome-ignore lint/suspicious/noExplicitAny: a list of jobs holds every payload type.
type AnyJob<Services> = JobDefinition<any, Services>;

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

  /**
   * In `inline` mode (tests) nothing touches pg-boss: an enqueued job runs in this process
   * right after the call, and `drain()` waits for it.
   */
  /** What handlers are given: the process's services, handed over once they are all built. */
  private services?: Services;

  constructor(
    database: Database,
    private definitions: AnyJob<Services>[],
    private log: FastifyBaseLogger,
    private mode: 'queue' | 'inline' = 'queue',
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schema: 'pgboss',
      // PGlite is one connection running on the main thread: every poll of every queue briefly
      // holds up HTTP requests, so the embedded setup polls less often.
      pollingIntervalSeconds: database.kind === 'pglite' ? 5 : 1,
    });
    this.boss.on('error', (err) => log.error({ err }, 'job queue error'));
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
        await this.boss.createQueue(def.name, {
          name: def.name,
          retryLimit: def.retry?.limit ?? 0,
          retryDelay: def.retry?.delaySeconds ?? 0,
          retryBackoff: def.retry?.backoff ?? false,
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
        });
        if (def.schedule) await this.boss.schedule(def.name, def.schedule, {}, { tz: 'UTC' });
        if (options.work) {
          const batchSize = def.batchSize ?? 1;
          await this.boss.work(def.name, { includeMetadata: true, batchSize }, async (jobs) => {
            for (const job of jobs) {
              const attempt = {
                retryCount: job.retryCount,
                final: job.retryCount >= job.retryLimit,
              };
              if (jobs.length === 1) {
                await this.run(def, job.data, attempt);
                continue;
              }
              // In a batch, a failure is this job's alone: it is failed (and retried) by itself,
              // and pg-boss completes only the jobs still active when the batch returns.
              await this.run(def, job.data, attempt).catch((err: Error) =>
                this.boss.fail(def.name, job.id, { message: err.message }),
              );
            }
          });
        }
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
    const log = this.log.child({ job: def.name });
    try {
      await def.handler(payload, { ...this.services, log }, attempt);
    } catch (err) {
      log.error({ err }, 'job failed');
      throw err;
    }
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
    const data = def.payload.parse(payload);
    if (this.mode === 'inline') {
      // run() has logged a failure; here it only must not become an unhandled rejection.
      const run = this.run(def as AnyJob<Services>, data).catch(() => {});
      this.inline.add(run);
      run.finally(() => this.inline.delete(run));
      return null;
    }
    if (!this.started) throw new Error('The job queue has not been started');
    await this.started;
    return this.boss.send(def.name, data, options);
  }

  /** Waits until no inline job is running. */
  async drain(): Promise<void> {
    while (this.inline.size > 0) await Promise.all([...this.inline]);
  }

  async stop(): Promise<void> {
    await this.drain();
    if (!this.started) return;
    await this.started.catch(() => {});
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
