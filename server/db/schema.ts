import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PreLoginStep } from '../../common/automation.ts';

// Column names are snake_case in SQL (see `casing` in client.ts and drizzle.config.ts).
const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    email: text(),
    passwordHash: text().notNull(),
    role: text({ enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    planType: text({ enum: ['free', 'basic', 'premium'] })
      .notNull()
      .default('free'),
    stripeCustomerId: text(),
    paymentMethodId: text(),
    uniqueFormUrl: text().notNull(),
    isActive: boolean().notNull().default(true),
    lastSignInAt: timestamp({ withTimezone: true }),
    /** The business the customer form, the customer's emails and the report cover name. */
    companyName: text(),
    /** Where a customer's reply to our emails goes. */
    replyToEmail: text(),
    /** The business logo's object key and its type, as read from its bytes. */
    logoKey: text(),
    logoContentType: text(),
    /**
     * When the account was deleted: the row stays only as the anonymous holder of its money
     * records (no name, email, password or business identity), and nobody can sign in as it.
     */
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_unique_form_url_idx').on(t.uniqueFormUrl),
    index('users_created_at_idx').on(t.createdAt),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check('users_plan_type_check', sql`${t.planType} in ('free', 'basic', 'premium')`),
    check(
      'users_logo_content_type_check',
      sql`${t.logoContentType} in ('image/png', 'image/jpeg', 'image/svg+xml')`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC of the cookie token; the token itself is never stored. */
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * One-time links that let a user choose a password (`set_password`, sent by an admin) or
 * replace a forgotten one (`reset_password`). Only the SHA-256 of the token is stored.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['set_password', 'reset_password'] }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_tokens_token_hash_idx').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId, t.purpose),
    check('password_tokens_purpose_check', sql`${t.purpose} in ('set_password', 'reset_password')`),
  ],
);

/** Premium users' API keys: only the SHA-256 of a key is stored; `prefix` identifies it in lists. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_idx').on(t.keyHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
  ],
);

export const providers = pgTable(
  'providers',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    url: text(),
    loginUrl: text(),
    /** ISO 3166 code of the country the utility serves; its files are read in its local time. */
    country: text().notNull().default('US'),
    /** US: one of the 50 states; elsewhere the province, state or region, as written there. */
    state: text().notNull(),
    /**
     * IANA zone the utility's files are written in when they do not say; null for a US utility
     * whose files follow its state's zone.
     */
    timeZone: text(),
    imageUrl: text(),
    isActive: boolean().notNull().default(true),
    usernameSelector: text(),
    passwordSelector: text(),
    submitSelector: text(),
    /** Automated retrieval: the bills page and the usage page (an address or a link's text),
     * and the export control's text; null means detected on the portal. */
    billsPage: text(),
    usagePage: text(),
    exportControl: text(),
    /** Clicks made on the login page before the form is filled (see PreLoginStep); null: none. */
    preLoginSteps: jsonb().$type<PreLoginStep[]>(),
    /**
     * Signed in, the check goes on to fetch the bills and the usage export. Off: it only signs in
     * and out, and an admin uploads the files (or presses Retrieve now).
     */
    retrieveAutomatically: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('providers_name_idx').on(sql`lower(${t.name})`),
    index('providers_state_idx').on(t.state),
  ],
);

const connectionStatuses = ['pending', 'in_progress', 'complete'] as const;

export const connections = pgTable(
  'connections',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    providerId: integer()
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    customerPhone: text(),
    accountName: text(),
    accountNumber: text(),
    serviceAddress: text(),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    usageKwh: numeric({ precision: 14, scale: 3 }),
    costCents: bigint({ mode: 'number' }),
    /** True once an admin typed dates/usage/cost; imports then leave them alone. */
    figuresSetManually: boolean().notNull().default(false),
    status: text({ enum: connectionStatuses }).notNull().default('pending'),
    notes: text(),
    customerNotes: text(),
    /** Credential vault: AES-256-GCM ciphertexts and the key version that sealed them. */
    utilityUsernameSealed: text(),
    utilityPasswordSealed: text(),
    credentialsKeyVersion: integer(),
    credentialsPurgedAt: timestamp({ withTimezone: true }),
    consentAt: timestamp({ withTimezone: true }),
    credentialsVerified: boolean(),
    verificationMessage: text(),
    verifiedAt: timestamp({ withTimezone: true }),
    /** What the last automated retrieval found (common/connections.ts RetrievalSummary). */
    retrieval: jsonb(),
    /** When the portal last asked for a human check (a captcha) on the sign-in or the export
     * page: a person must get the data; cleared by a later check that met none. */
    humanCheckAt: timestamp({ withTimezone: true }),
    /** Set while a retrieval runs: another one for this connection waits its turn. */
    retrievalStartedAt: timestamp({ withTimezone: true }),
    /** The portal's session after a login with a code (cookies and storage, sealed like the
     * password), so the next retrieval needs no new code; purged with the credentials. */
    portalSessionSealed: text(),
    /** Client-supplied idempotency key so a double-clicked submit creates one row. */
    submissionKey: text(),
    ...timestamps,
  },
  (t) => [
    index('connections_user_id_created_idx').on(t.userId, t.createdAt),
    index('connections_provider_id_idx').on(t.providerId),
    index('connections_status_created_idx').on(t.status, t.createdAt),
    index('connections_created_at_idx').on(t.createdAt),
    uniqueIndex('connections_submission_key_idx').on(t.userId, t.submissionKey),
    check('connections_status_check', sql`${t.status} in ('pending', 'in_progress', 'complete')`),
  ],
);

/**
 * A portal's request for a one-time code, put to the customer: the waiting browser reads their
 * choice (text or email) and their code from here. `tokenHash` is the SHA-256 of the link's
 * token; the code is sealed in the credential vault and cleared once typed into the portal.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial().primaryKey(),
    connectionId: integer()
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    status: text({
      enum: ['waiting_choice', 'waiting_code', 'checking', 'succeeded', 'failed', 'expired'],
    }).notNull(),
    /** Where the portal offers to send the code ("Text ***-0100", "Email d***@example.com"). */
    options: jsonb().$type<string[]>().notNull().default([]),
    choice: text(),
    codeSealed: text(),
    /** The outcome in words, for the customer's page. */
    message: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('mfa_challenges_token_idx').on(t.tokenHash, t.createdAt),
    index('mfa_challenges_connection_idx').on(t.connectionId),
  ],
);

/**
 * Where the customer's own credential check stands, as the form (and the fix page) show it: the
 * page's token (SHA-256 of it kept, like the code page's, whose token it is) and until when it
 * works, and the latest check's outcome in the customer's terms. `watched` is set while the
 * customer waits on the page for the check they started; a failure nobody watched is emailed.
 */
export const credentialChecks = pgTable(
  'credential_checks',
  {
    connectionId: integer()
      .primaryKey()
      .references(() => connections.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    state: text({
      enum: ['checking', 'signed_in', 'rejected', 'locked', 'code', 'later', 'human'],
    }).notNull(),
    watched: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('credential_checks_token_idx').on(t.tokenHash)],
);

/**
 * A single-use link emailed to the customer to type their login again after a later check
 * failed. Only the token's SHA-256 is kept; a newer link for the connection replaces the older.
 */
export const credentialFixLinks = pgTable(
  'credential_fix_links',
  {
    id: serial().primaryKey(),
    connectionId: integer()
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    replacedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credential_fix_links_token_idx').on(t.tokenHash),
    index('credential_fix_links_connection_idx').on(t.connectionId),
  ],
);

export const connectionFiles = pgTable(
  'connection_files',
  {
    id: serial().primaryKey(),
    connectionId: integer()
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    objectKey: text().notNull(),
    fileName: text().notNull(),
    fileType: text({ enum: ['pdf', 'csv'] }).notNull(),
    fileSize: bigint({ mode: 'number' }).notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    importStatus: text(),
    importError: text(),
    /** What a statement PDF says (common/connections.ts Statement); null for other files. */
    statement: jsonb(),
    /**
     * The bills of a billing-history CSV (one row per bill; common/connections.ts HistoryBill),
     * read instead of interval data; null for other files.
     */
    bills: jsonb(),
    /**
     * 'upload' (an admin's), 'bulk' (an admin's, several at once) or 'retrieved' (the browser
     * fetched it from the portal).
     */
    source: text({ enum: ['upload', 'bulk', 'retrieved'] })
      .notNull()
      .default('upload'),
    /** For a retrieved file: the portal page it was downloaded from. */
    sourcePage: text(),
    /** SHA-256 of the content (hex): the same file is never recorded twice on a connection. */
    contentHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('connection_files_connection_id_idx').on(t.connectionId),
    uniqueIndex('connection_files_object_key_idx').on(t.objectKey),
    check('connection_files_type_check', sql`${t.fileType} in ('pdf', 'csv')`),
  ],
);

/**
 * One report bought: what it cost, how it was paid and where that stands. At most one request
 * per connection is open (not failed, refunded or fulfilled) at a time, so a double click or a
 * retry finds the open one instead of charging again.
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    connectionId: integer().references(() => connections.id, { onDelete: 'set null' }),
    reportType: text().notNull().default('utility_report'),
    description: text(),
    costCents: integer().notNull(),
    plan: text({ enum: ['basic', 'premium'] })
      .notNull()
      .default('basic'),
    status: text({
      enum: ['requested', 'pending', 'billed', 'invoiced', 'requires_action', 'failed', 'refunded'],
    })
      .notNull()
      .default('pending'),
    statusMessage: text(),
    /** Recorded without Stripe keys: nothing was charged. */
    testMode: boolean().notNull().default(false),
    stripePaymentIntentId: text(),
    stripeInvoiceItemId: text(),
    stripeRefundId: text(),
    /** The report was delivered: the request is closed and a new one may be made. */
    fulfilledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('usage_records_user_id_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('usage_records_open_request_idx')
      .on(t.connectionId)
      .where(
        sql`${t.fulfilledAt} is null and ${t.status} in ('requested', 'pending', 'billed', 'invoiced', 'requires_action')`,
      ),
    index('usage_records_payment_intent_idx').on(t.stripePaymentIntentId),
    check('usage_records_cost_check', sql`${t.costCents} >= 0`),
  ],
);

/** A user's card and subscription as the payment provider last told us (owned by billing). */
export const billingProfiles = pgTable('billing_profiles', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cardBrand: text(),
  cardLast4: text(),
  cardExpires: text(),
  subscriptionId: text(),
  subscriptionStatus: text(),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins counted per key (an account, an account from one address, an address) over a
 * window, in the database so that every app process shares the same counts.
 */
export const loginFailures = pgTable('login_failures', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Request counts of the HTTP rate limits (registration, the public form, uploads, API keys...)
 * per key and window, in the database so that every API process behind a load balancer counts
 * the same requests. Expired windows are deleted as they are found.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  windowEndsAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The credential vault's data keys under envelope encryption (CREDENTIALS_KMS_KEY_ID): each is
 * stored only as wrapped by the KMS key, so neither a database copy nor DATA_DIR opens a secret.
 */
export const credentialDataKeys = pgTable('credential_data_keys', {
  /** The vault's key version: sealed values name it (`v<version>.`). */
  version: integer().primaryKey(),
  kmsKeyId: text().notNull(),
  /** KMS's CiphertextBlob, base64. */
  wrappedKey: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Stripe events already applied: a replayed or duplicated event is ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A built report: one row per version. A paid request (usage record) gets version 1 when its
 * connection is complete; new files or an admin's rebuild add a version, never replace one.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial().primaryKey(),
    connectionId: integer()
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    usageRecordId: integer().references(() => usageRecords.id, { onDelete: 'set null' }),
    version: integer().notNull().default(1),
    status: text({ enum: ['queued', 'building', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    /** Why this version exists: the paid request, an admin's Build, or new files. */
    trigger: text({ enum: ['paid', 'admin', 'files_changed'] })
      .notNull()
      .default('paid'),
    requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    htmlKey: text(),
    pdfKey: text(),
    zipKey: text(),
    /** Every file of the bundle with its size and SHA-256 (the ZIP's manifest.json). */
    manifest: jsonb().$type<Array<{ name: string; size: number; sha256: string }>>(),
    /** The headline figures, for the cards, the email and the webhook. */
    summary: jsonb().$type<Record<string, unknown>>(),
    /** Fingerprint of the inputs (files and facts) the version was built from. */
    inputsHash: text(),
    error: text(),
    builtAt: timestamp({ withTimezone: true }),
    emailedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('reports_connection_id_idx').on(t.connectionId),
    index('reports_user_id_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('reports_connection_version_idx').on(t.connectionId, t.version),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/**
 * Every message the product sends, kept whether or not SMTP is configured: without SMTP_URL it
 * stays here (`stored`) for admins to read; with it the send job delivers it (`sent`) or
 * records why not (`failed` after its retries).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial().primaryKey(),
    /** Which notice this is (report_ready, new_submission, submission_received, ...). */
    kind: text().notNull().default('notice'),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** The business a customer's message is sent for: its name goes before ours in From. */
    onBehalfOf: text(),
    /** Where replies go (the business's own address), when not to our From address. */
    replyTo: text(),
    /**
     * The connection a message is about (its customer's or its owner's email), for the
     * connection's history; null for messages about no one connection (admins' alerts).
     */
    connectionId: integer(),
    /** Objects to attach, read from the object store when the message is sent. */
    attachments:
      jsonb().$type<Array<{ fileName: string; objectKey: string; contentType: string }>>(),
    status: text({ enum: ['pending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** The SMTP server's message id once accepted. */
    messageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_status_created_idx').on(t.status, t.createdAt),
    index('outbox_connection_id_idx').on(t.connectionId),
  ],
);

/** Binary column; PGlite hands back a Uint8Array and node-postgres a Buffer: both become Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  toDriver: (value) => value,
});

/**
 * A connection's canonical 15-minute series from one imported file: the slots as packed
 * little-endian arrays (Float64 kWh and cost, Uint8 quality and split flags), plus the
 * analytics and quality report computed from them for the report.
 */
export const intervalSeries = pgTable(
  'interval_series',
  {
    id: serial().primaryKey(),
    connectionId: integer()
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .references(() => connectionFiles.id, { onDelete: 'cascade' }),
    format: text().notNull(),
    timeZone: text().notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    slots: integer().notNull(),
    sourceIntervalSeconds: integer().notNull(),
    delivered: bytea().notNull(),
    received: bytea(),
    cost: bytea(),
    quality: bytea().notNull(),
    split: bytea().notNull(),
    analytics: jsonb().notNull(),
    qualityReport: jsonb().notNull(),
    /** For a file of several meters: the one this series is, and all of them (file order). */
    meter: text(),
    meters: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interval_series_file_id_idx').on(t.fileId),
    index('interval_series_connection_id_idx').on(t.connectionId, t.createdAt),
  ],
);

/**
 * Gas readings imported from a file, kept as the periods the utility gave (a day or a billing
 * period each) in their own unit (therm, ccf, mcf, ft3, m3): gas is never put on the 15-minute
 * grid of `interval_series`, nor converted to kWh. One row per file that carries gas.
 */
export const gasSeries = pgTable(
  'gas_series',
  {
    id: serial().primaryKey(),
    connectionId: integer()
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .references(() => connectionFiles.id, { onDelete: 'cascade' }),
    unit: text().notNull(),
    timeZone: text().notNull(),
    /** Where the readings came from in the file (the ESPI MeterReading). */
    source: text().notNull(),
    /** UTC ms start and end (exclusive), quantity in `unit`, cost in the file's currency. */
    periods: jsonb()
      .$type<
        Array<{ start: number; end: number; quantity: number; cost?: number; estimated?: boolean }>
      >()
      .notNull(),
    notes: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gas_series_file_id_idx').on(t.fileId),
    index('gas_series_connection_id_idx').on(t.connectionId, t.createdAt),
  ],
);

/** Where admins want to hear about connections, and the secret that signs what we send. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    url: text().notNull(),
    description: text(),
    secret: text().notNull(),
    events: jsonb().$type<string[]>().notNull(),
    isActive: boolean().notNull().default(true),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The premium user who owns this endpoint (their own connections only); null: an admins' one. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** One event sent (or to be sent) to one endpoint, with the outcome of the last attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The alerts about work that needs a person, each sent once: `key` names what was announced
 * (a paid request crossing the alert threshold, a day's digest), so a second run of the job, or
 * one after a restart, finds it here and sends nothing again.
 */
export const attentionAlerts = pgTable('attention_alerts', {
  key: text().primaryKey(),
  sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the app tells a user about their connections (a refused login, data complete, a report
 * ready, a refund), kept to list in the dashboard; `readAt` marks it seen.
 */
export const userNotices = pgTable(
  'user_notices',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: integer().references(() => connections.id, { onDelete: 'set null' }),
    kind: text({
      enum: [
        'login_failed',
        'code_requested',
        'data_complete',
        'report_ready',
        'payment_needed',
        'refund_issued',
      ],
    }).notNull(),
    title: text().notNull(),
    body: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_notices_user_created_idx').on(t.userId, t.createdAt)],
);

/** The kinds of notice a user turned email off for; no row means every email is on. */
export const noticeSettings = pgTable('notice_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailsOff: text().array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A utility's electricity tariff, as admins import it from the OpenEI Utility Rate Database: the
 * rate object kept whole (`urdb`, what the tariff engine prices), with the facts the lists show
 * copied out of it. Deleted with its provider: a tariff means nothing without its utility, and
 * nothing stores a reference to one (an estimate is worked out when asked, never kept).
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial().primaryKey(),
    providerId: integer()
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    utility: text().notNull(),
    sector: text(),
    /** The days the tariff is in effect, from URDB's startdate and enddate; null: not given. */
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    /** Where the figures come from (the URDB page, a tariff book and its date), for admins. */
    source: text(),
    urdb: jsonb().notNull(),
    ...timestamps,
  },
  (t) => [index('tariffs_provider_id_idx').on(t.providerId, t.name)],
);

/**
 * Each time the service signed in to a utility's portal for a customer, and each walk through the
 * signed-in portal for the files, with how it went: the utility's health figures are read from
 * here (owned by the automation feature). `reason` is a short code of what went wrong and
 * `detail` the portal's own words or the walk's notes, for admins only.
 */
export const portalAttempts = pgTable(
  'portal_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    providerId: integer()
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    connectionId: integer().references(() => connections.id, { onDelete: 'set null' }),
    kind: text({ enum: ['sign_in', 'retrieval'] }).notNull(),
    outcome: text({ enum: ['success', 'failure'] }).notNull(),
    reason: text(),
    detail: text(),
    /** The portal asked for a one-time code on this sign-in. */
    askedCode: boolean().notNull().default(false),
    /** When the connection was submitted: a retrieval's time from submission to data. */
    submittedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('portal_attempts_provider_idx').on(t.providerId, t.kind, t.finishedAt),
    index('portal_attempts_finished_idx').on(t.finishedAt),
    check('portal_attempts_kind_check', sql`${t.kind} in ('sign_in', 'retrieval')`),
    check('portal_attempts_outcome_check', sql`${t.outcome} in ('success', 'failure')`),
  ],
);
