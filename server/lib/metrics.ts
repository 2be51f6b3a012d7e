import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DomainEvents } from './events.ts';
import type { Payments } from './payments/index.ts';

/** Every metric's name starts with this, so the service's own are told apart from Node's. */
const PREFIX = 'utility_reports_';

/**
 * The process's metrics in the Prometheus text format (prom-client). Counters count in this
 * process, where the thing happened: an API process counts its requests and the charges its
 * requests made, a worker the sign-ins and emails its jobs did. What the database knows (the job
 * queue) is read from it at scrape time, so any process shows it for all of them.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request to its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: `${PREFIX}job_runs_total`,
    help: 'Job runs in this process, by queue and result (failed: a try that threw)',
    labelNames: ['queue', 'result'] as const,
    registers: [this.registry],
  });
  readonly portalAttempts = new Counter({
    name: `${PREFIX}portal_attempts_total`,
    help: "Sign-ins to and retrievals from utility portals, by the utility's provider id and outcome",
    labelNames: ['provider_id', 'kind', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly emails = new Counter({
    name: `${PREFIX}emails_total`,
    help: 'Emails handed to SMTP (sent), tries that failed and will be retried (retrying), and messages given up (failed)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  readonly charges = new Counter({
    name: `${PREFIX}charges_total`,
    help: 'Card charges answered by the payment provider, by result, and reports put on a monthly invoice (invoiced)',
    labelNames: ['result', 'mode'] as const,
    registers: [this.registry],
  });
  readonly refunds = new Counter({
    name: `${PREFIX}refunds_total`,
    help: 'Charges refunded (refund) and reports taken off a monthly invoice (invoice_item)',
    labelNames: ['kind', 'mode'] as const,
    registers: [this.registry],
  });
  private readonly beforeScrape: (() => Promise<void>)[] = [];

  /** `processMetrics`: Node's own (memory, CPU, event loop), only when metrics are served. */
  constructor(options: { processMetrics: boolean }) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge, its value read by `collect` when scraped (or set by `onScrape` work). */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect?: (gauge: Gauge<L>) => void,
  ): Gauge<L> {
    return new Gauge({
      name: `${PREFIX}${name}`,
      help,
      labelNames,
      registers: [this.registry],
      collect: collect
        ? function (this: Gauge<L>) {
            collect(this);
          }
        : undefined,
    });
  }

  /** Work to do before each scrape (one query that sets several gauges). */
  onScrape(refresh: () => Promise<void>): void {
    this.beforeScrape.push(refresh);
  }

  /** The text a scrape answers with. */
  async scrape(): Promise<string> {
    await Promise.all(this.beforeScrape.map((refresh) => refresh()));
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Counts what the features announce. */
  subscribeTo(events: DomainEvents): void {
    events.on('portal.attempt_ended', ({ providerId, kind, outcome }) =>
      this.portalAttempts.inc({ provider_id: String(providerId), kind, outcome }),
    );
    events.on('mail.attempted', ({ result }) => this.emails.inc({ result }));
  }

  /**
   * Times every request by its route's pattern (never the address itself, which carries ids
   * and tokens). One child per label set, kept, so an answer costs a map lookup and an observe.
   */
  timeRequests(app: FastifyInstance): void {
    const children = new Map<string, ReturnType<typeof this.httpDuration.labels>>();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = this.httpDuration.labels({
          method: request.method,
          route,
          status_code: String(reply.statusCode),
        });
        children.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
      done();
    });
  }
}

/**
 * The payment provider, counting each charge, invoice item and refund as it answers: every
 * path that moves money (a report request, a charge on delivery, the sweep, a refund by an admin
 * or at the deadline) goes through these calls.
 */
export function countedPayments(payments: Payments, metrics: Metrics): Payments {
  const mode = payments.mode;
  const counted = Object.create(payments) as Payments;
  counted.charge = async (input) => {
    const result = await payments.charge(input);
    metrics.charges.inc({ result: result.status, mode });
    return result;
  };
  counted.addInvoiceItem = async (input) => {
    const item = await payments.addInvoiceItem(input);
    metrics.charges.inc({ result: 'invoiced', mode });
    return item;
  };
  counted.refund = async (input) => {
    const refund = await payments.refund(input);
    metrics.refunds.inc({ kind: 'refund', mode });
    return refund;
  };
  counted.deleteInvoiceItem = async (id) => {
    await payments.deleteInvoiceItem(id);
    metrics.refunds.inc({ kind: 'invoice_item', mode });
  };
  return counted;
}
