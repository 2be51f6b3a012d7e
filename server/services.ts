import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { AttentionService } from './features/attention/service.ts';
import { ApiKeyStore } from './features/auth/api-keys.ts';
import { AuthService } from './features/auth/service.ts';
import { SessionStore } from './features/auth/sessions.ts';
import { verifyConnectionCredentialsJob } from './features/automation/jobs.ts';
import { LoginChecks } from './features/automation/login-check.ts';
import { MfaChallenges } from './features/automation/mfa.ts';
import { PortalHealth } from './features/automation/portal-health.ts';
import { BillingService, hasPaidFor } from './features/billing/service.ts';
import { ConnectionsService } from './features/connections/service.ts';
import { importFileJob } from './features/intervals/jobs.ts';
import { IntervalsService } from './features/intervals/service.ts';
import { OwnerNotices } from './features/notifications/owner-notices.ts';
import { NotificationsService } from './features/notifications/service.ts';
import { ProvidersService } from './features/providers/service.ts';
import { ReportsService } from './features/reports/service.ts';
import { TariffsService } from './features/tariffs/service.ts';
import { TimelineService } from './features/timeline/service.ts';
import { UsersService } from './features/users/service.ts';
import { WebhooksService } from './features/webhooks/service.ts';
import { JOBS } from './jobs.ts';
import { BrowserService, UrlGuard } from './lib/browser/index.ts';
import { DomainEvents } from './lib/events.ts';
import { JobQueue } from './lib/jobs/queue.ts';
import type { JobDefinition } from './lib/jobs/types.ts';
import { Mailer } from './lib/mail/index.ts';
import { countedPayments, Metrics } from './lib/metrics.ts';
import { type Payments, StripePayments, TestModePayments } from './lib/payments/index.ts';
import { createObjectStore, type ObjectStore } from './lib/storage/index.ts';
import { CredentialVault } from './lib/vault.ts';

/**
 * Everything a route or a job may use, built once per process (app or worker) and handed to
 * both. A new dependency or feature service is one field here.
 */
export type Services = {
  config: Config;
  log: FastifyBaseLogger;
  database: Database;
  db: Db;
  store: ObjectStore;
  vault: CredentialVault;
  /** The process's headless browser (selector detection, login checks). */
  browser: BrowserService;
  /** Stripe, or the labelled test mode without keys. */
  payments: Payments;
  /** Decides which hosts webhook deliveries may reach (WEBHOOK_ALLOWED_HOSTS). */
  webhookGuard: UrlGuard;
  sessions: SessionStore;
  /** Premium users' API keys; they follow the sessions' revocations. */
  apiKeys: ApiKeyStore;
  /** Sign-up, sign-in (throttled by failures) and sign-out. */
  auth: AuthService;
  queue: JobQueue<Services>;
  /** The one mail path: SMTP (SMTP_URL), or the outbox admins read. */
  mailer: Mailer;
  /** What happened, for whoever subscribes (see wireSubscriptions below). */
  events: DomainEvents;
  /** This process's Prometheus metrics (GET /metrics with METRICS_TOKEN). */
  metrics: Metrics;
  /** The utilities customers choose on the form. */
  providers: ProvidersService;
  connections: ConnectionsService;
  intervals: IntervalsService;
  webhooks: WebhooksService;
  billing: BillingService;
  notifications: NotificationsService;
  ownerNotices: OwnerNotices;
  reports: ReportsService;
  /** Accounts: User Management, one-time password links, the user's own password and email. */
  users: UsersService;
  /** Portals' one-time code requests, answered by the customer on the code page. */
  mfa: MfaChallenges;
  /** What waits for a person: the admins' Needs attention list and its alert emails. */
  attention: AttentionService;
  /** Each utility's health: its portal's sign-ins and retrievals, as they went. */
  portalHealth: PortalHealth;
  /** The customer's side of the credential check: their page's verdict and the fix links. */
  loginChecks: LoginChecks;
  /** A connection's history, read from what the other features store. */
  timeline: TimelineService;
  /** Rate plans: imported URDB tariffs, and bill estimates on a connection's interval data. */
  tariffs: TariffsService;
};

// biome-ignore lint/suspicious/noExplicitAny: the list holds every payload type.
type RegisteredJob = JobDefinition<any, Services>;

/** The composition root. `jobs` and `store` are for tests; `inline` runs jobs in-process. */
export function createServices(options: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  store?: ObjectStore;
  jobMode?: 'queue' | 'inline';
  jobs?: RegisteredJob[];
}): Services {
  const { database, config, log } = options;
  const db = database.db;
  const store = options.store ?? createObjectStore(config.storage);
  const vault = new CredentialVault(config.credentials.keys);
  const jobs: RegisteredJob[] = options.jobs ?? JOBS;
  const queue = new JobQueue<Services>(database, jobs, log, options.jobMode ?? 'queue');
  const events = new DomainEvents(log);
  const metrics = new Metrics({ processMetrics: Boolean(config.metricsToken) });
  queue.instrument(metrics);
  const mailer = new Mailer({ db, store, config: config.mail, log, queue, events });
  const payments: Payments = countedPayments(
    config.stripe ? new StripePayments(config.stripe) : new TestModePayments(),
    metrics,
  );
  // Downloads are for paying owners: billing's answer is a query, so the connections service,
  // which billing itself needs, can have it before billing is built.
  const connections = new ConnectionsService({
    db,
    vault,
    store,
    events,
    paidAccess: (connectionId, userId) => hasPaidFor(db, connectionId, userId),
  });
  const billing = new BillingService({ db, payments, connections, events });
  // Chromium is launched on the first task that needs it.
  const browser = new BrowserService(config.browser, log);
  metrics.gauge('browser_pages_in_use', 'Browser pages open in this process', [], (gauge) =>
    gauge.set(browser.pagesInUse),
  );
  const providers = new ProvidersService({ db });
  const intervals = new IntervalsService({ db, store, connections, providers });
  const reports = new ReportsService({
    db,
    store,
    browser,
    queue,
    events,
    mailer,
    connections,
    intervals,
    billing,
    config,
  });
  const sessions = new SessionStore({
    db,
    secret: config.sessionSecret,
    ttlMs: config.sessionTtlMs,
  });
  const users = new UsersService({
    db,
    mailer,
    sessions,
    queue,
    store,
    publicUrl: config.publicUrl,
    log,
  });
  const webhookGuard = new UrlGuard(config.webhookAllowedHosts);
  const portalHealth = new PortalHealth({ db, events });
  const services: Services = {
    config,
    log,
    database,
    db,
    store,
    vault,
    payments,
    browser,
    webhookGuard,
    sessions,
    apiKeys: new ApiKeyStore({ db, sessions }),
    auth: new AuthService({ db, sessions, users }),
    queue,
    mailer,
    events,
    metrics,
    providers,
    connections,
    intervals,
    webhooks: new WebhooksService({ db, queue, guard: webhookGuard }),
    billing,
    reports,
    notifications: new NotificationsService({
      connections,
      mailer,
      publicUrl: config.publicUrl,
      log,
    }),
    ownerNotices: new OwnerNotices({ db, connections, mailer, publicUrl: config.publicUrl, log }),
    users,
    mfa: new MfaChallenges({ db, vault, events }),
    attention: new AttentionService({
      db,
      mailer,
      alertAfterMs: config.attentionAlertMs,
      publicUrl: config.publicUrl,
      portalHealth,
    }),
    portalHealth,
    loginChecks: new LoginChecks({ db, config, connections, queue, mailer, log }),
    timeline: new TimelineService({ db }),
    tariffs: new TariffsService({ db, connections, intervals }),
  };
  queue.provide(services);
  wireSubscriptions(services);
  return services;
}

/** Who follows up on what. The features that emit these events never import their followers. */
function wireSubscriptions(services: Services): void {
  const { events, queue, webhooks, sessions, notifications, reports, loginChecks } = services;
  // A new customer login is checked in the background; the form's success screen follows it.
  events.on('connection.created', ({ connectionId }) => loginChecks.watch(connectionId));
  events.on('connection.created', ({ connectionId }) =>
    queue.enqueue(verifyConnectionCredentialsJob, { connectionId }),
  );
  // Files are read in the background (interval data, or a statement PDF's printed facts); the
  // file shows the outcome when done.
  events.on('connection.file_added', ({ fileId }) => queue.enqueue(importFileJob, { fileId }));
  webhooks.subscribeTo(events);
  services.metrics.subscribeTo(events);
  // The form's owner hears of the submission, and the customer that it arrived.
  notifications.subscribeTo(events);
  // The connection's owner hears of a refused login, complete data, a report, a refund.
  services.ownerNotices.subscribeTo(events);
  // A paid request is built when its connection is complete; new files on a delivered report
  // add a version (the build job itself reads interval files still waiting).
  // The request carries the connection's status: a request that is not complete yet costs
  // the paying user no further query (the status change to complete picks it up).
  events.on('report.requested', ({ connectionId, usageRecordId, connectionStatus }) =>
    connectionStatus === 'complete' ? reports.onRequested(connectionId, usageRecordId) : undefined,
  );
  events.on('connection.status_changed', ({ connectionId, to }) =>
    to === 'complete' ? reports.onCompleted(connectionId) : undefined,
  );
  events.on('connection.file_added', ({ connectionId }) => reports.onFilesChanged(connectionId));
  // A card or plan change must show at once, not after the session cache's few seconds.
  events.on('user.billing_changed', ({ userId }) => sessions.forgetUser(userId));
}

/**
 * Stops the queue (running jobs get STOP_GRACE_SECONDS; then report builds are queued again for
 * another worker and the browser is closed under the rest), then the browser, the SMTP and the
 * store connections.
 */
export async function closeServices(services: Services): Promise<void> {
  const { queue, reports, browser, log } = services;
  await queue.stop({
    graceMs: services.config.stop.graceMs,
    handBack: async () => {
      const reportIds = await reports.handBack();
      if (reportIds.length > 0) log.info({ reportIds }, 'report builds handed back');
      await browser.close();
    },
  });
  await services.browser.close();
  services.mailer.close();
  services.store.close();
}
