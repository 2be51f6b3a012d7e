import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_REPORT_DEADLINE_DAYS } from '../common/report-deadline.ts';
import { TURNAROUND_HOURS } from '../common/turnaround.ts';

/** Every setting the service reads, validated once at start-up. Nothing else reads process.env. */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Redis for the rate limits' counts, shared by every process on it (else the database). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which X-Forwarded-For entries name the client. A client writes the header's left-hand
   * entries itself; each proxy appends the address it was reached from. So only entries added by
   * known proxies are believed: a hop count (`1` = one proxy in front, which is also what `true`
   * means) or the proxies' addresses and CIDR ranges, separated by commas. The client is the
   * first address from the right that is not a trusted proxy.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      const trust = trustProxyOf(v);
      if (trust === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be false, a number of proxies in front (1 for one load balancer), or proxy addresses or CIDR ranges separated by commas',
        });
        return z.NEVER;
      }
      return trust;
    }),
  /** `true` behind TLS always; `auto` when the request (TRUST_PROXY: the proxy) says https. */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Requests per minute per API key, across every route a key may call. */
  API_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  RUN_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * After SIGTERM, how long an API process keeps serving while GET /api/ready says it is
   * stopping, so that the load balancer stops sending it requests before it closes.
   */
  STOP_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  /**
   * After SIGTERM, how long running jobs get to finish before they are handed back (a report
   * build is queued again for another worker; other jobs are retried).
   */
  STOP_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  /** `auto`: a database that never had the starter utilities gets them when it has no providers. */
  SEED_PROVIDERS: z.enum(['auto', 'false']).default('auto'),
  CREDENTIALS_KEY: z
    .string()
    .regex(
      /^(\d+:)?[A-Za-z0-9+/_=-]{43,44}(,\d+:[A-Za-z0-9+/_=-]{43,44})*$/,
      'must be a base64 32-byte key, or version:key pairs separated by commas (current first)',
    )
    .optional(),
  /** A file holding CREDENTIALS_KEY's value, kept outside DATA_DIR (a secret mount, say). */
  CREDENTIALS_KEY_FILE: z.string().min(1).optional(),
  /** Envelope encryption: data keys wrapped by this AWS KMS key (id, ARN or alias). */
  CREDENTIALS_KMS_KEY_ID: z.string().min(1).optional(),
  /** Another KMS address (LocalStack, or the tests' local server). */
  CREDENTIALS_KMS_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional(),
  CREDENTIALS_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  STORAGE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  CHROMIUM_PATH: z.string().min(1).optional(),
  /** Where `chromium` is looked for when CHROMIUM_PATH is unset. */
  PATH: z.string().optional(),
  BROWSER_ALLOWED_HOSTS: z
    .string()
    .regex(/^[^\s,]+(\s*,\s*[^\s,]+)*$/, 'must be host names or addresses separated by commas')
    .optional(),
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .regex(/^[^\s,]+(\s*,\s*[^\s,]+)*$/, 'must be host names or addresses separated by commas')
    .optional(),
  BROWSER_MAX_PAGES: z.coerce.number().int().min(1).max(32).default(4),
  BROWSER_PAGE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(30),
  BROWSER_TASK_TIMEOUT_SECONDS: z.coerce.number().min(5).max(900).default(120),
  PROVIDER_LOGIN_INTERVAL_SECONDS: z.coerce.number().min(0).max(3600).default(15),
  MFA_CODE_WAIT_SECONDS: z.coerce.number().min(5).max(1800).default(600),
  /**
   * Hours a paid request may wait for its data before the admins are emailed. Half the shortest
   * turnaround by default, so that an admin hears of it while the promise can still be kept.
   */
  ATTENTION_ALERT_HOURS: z.coerce
    .number()
    .min(0.25)
    .max(24 * 30)
    .default(Math.min(...Object.values(TURNAROUND_HOURS)) / 2),
  /**
   * Days past the plan's turnaround a paid request may wait for its report before it is
   * refunded (or cancelled, when nothing was charged) automatically.
   */
  REPORT_DEADLINE_DAYS: z.coerce.number().min(0).max(365).default(DEFAULT_REPORT_DEADLINE_DAYS),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
      'must be a Stripe secret key (sk_test_... or sk_live_...)',
    )
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=_-]+$/, 'must be a webhook signing secret (whsec_...)')
    .optional(),
  /** Another Stripe API address (stripe-mock, or the tests' local server). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** The address users reach the app at, for links in emails and webhooks. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** smtp://user:pass@host:587 or smtps://host:465; without it messages stay in the outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Utility Reports <reports@localhost>'),
  /** How long the download links in a report email stay valid. */
  REPORT_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** The bearer token a Prometheus scrape of /metrics must send; unset, /metrics is not served. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
    .optional(),
  /**
   * The port on which `npm run worker` serves /metrics, /api/health and /api/ready; unset, a
   * separate worker serves no HTTP. (`npm start` serves them on PORT.)
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

/** Where uploaded and generated files live: a folder under DATA_DIR, or an S3 bucket. */
export type StorageConfig =
  | { kind: 'local'; dir: string; secret: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  sessionSecret: string;
  sessionTtlMs: number;
  admin: { username: string; password: string } | undefined;
  logLevel: string;
  /** Whose X-Forwarded-For entries to believe when reading the client's address. */
  trustProxy: TrustProxy;
  /** The session cookie's Secure flag: always, never, or when the request came over https. */
  cookieSecure: boolean | 'auto';
  /** Registration and password-link requests allowed per IP per minute. */
  authRateLimit: number;
  /** Customer form submissions allowed per IP per minute. */
  formRateLimit: number;
  /** Requests allowed per API key per minute. */
  apiRateLimit: number;
  /** Whether `npm start` also runs the background job handlers in its process. */
  runWorker: boolean;
  /** How a SIGTERM is met: serve while reported not ready, then give running jobs time. */
  stop: { drainMs: number; graceMs: number };
  /** Whether the app adds the starter utilities on its first start (SEED_PROVIDERS=auto). */
  seedProviders: boolean;
  storage: StorageConfig;
  /** The credential vault's keys and where they come from, and how long it keeps secrets. */
  credentials: CredentialsConfig;
  /** Private hosts webhook deliveries may reach anyway (public ones always can). */
  webhookAllowedHosts: string[];
  /** The headless browser the automation drives (server/lib/browser). */
  browser: BrowserConfig;
  /** Least time between two background logins to the same utility portal. */
  providerLoginIntervalMs: number;
  /** How long a portal's sign-in waits for the customer's one-time code. */
  mfaWaitMs: number;
  /** How long a paid request waits for its data before the admins are emailed. */
  attentionAlertMs: number;
  /** Days past the turnaround before an undelivered report is refunded (REPORT_DEADLINE_DAYS). */
  reportDeadlineDays: number;
  /** Stripe's keys; undefined runs the labelled test mode in which nothing is charged. */
  stripe: StripeConfig | undefined;
  /** The app's address as users reach it (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  /** SMTP_URL (undefined: messages stay in the outbox for admins) and the From address. */
  mail: MailConfig;
  /** How long a report email's download links stay valid. */
  reportLinkTtlMs: number;
  /** The token GET /metrics requires (Authorization: Bearer); undefined: /metrics answers 404. */
  metricsToken: string | undefined;
  /** Where a separate worker serves /metrics and its health (METRICS_PORT); undefined: nowhere. */
  metricsPort: number | undefined;
  /** Where the built client lives; absent in API-only tests. */
  clientDir: string | undefined;
};

export type CredentialsConfig = {
  /** Keys by version, the first used to seal (unless KMS gives a newer data key). */
  keys: [number, Buffer][];
  retentionDays: number;
  /** Envelope encryption with AWS KMS: the vault's data keys are loaded once the database is up. */
  kms: { keyId: string; endpoint: string | undefined } | undefined;
  /** Set while a key lives inside DATA_DIR: a copy of the folder alone opens every secret. */
  warning: string | undefined;
  /** Where `keys` came from: a setting, or DATA_DIR (found there, or made there on this start). */
  keySource: 'CREDENTIALS_KEY' | 'CREDENTIALS_KEY_FILE' | 'DATA_DIR' | undefined;
};

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe's own API unless set (stripe-mock, or a test's local server). */
  apiUrl: string | undefined;
  /** How long one attempt waits for an answer; unset, the payments client's default (tests shorten it). */
  timeoutMs?: number;
};

export type MailConfig = { smtpUrl: string | undefined; from: string };

export type BrowserConfig = {
  /** CHROMIUM_PATH; unset, `chromium` on PATH, then /usr/bin/chromium. */
  executablePath: string | undefined;
  /** The PATH searched for `chromium`. */
  searchPath?: string;
  /** Hosts and addresses the browser may open although they are private or local. */
  allowedHosts: string[];
  /** Pages open at once; further tasks wait their turn. */
  maxPages: number;
  pageTimeoutMs: number;
  taskTimeoutMs: number;
};

export class ConfigError extends Error {}

/**
 * `false`: the connecting address is the client, forwarded headers are ignored. `hops`: that
 * many proxies stand in front, and only the entries they appended are believed (the app must be
 * reachable only through them). `proxies`: entries are believed while they come from these
 * addresses or ranges, so a direct request cannot claim another address.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** The three named ranges Fastify (proxy-addr) understands besides addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY's value, or undefined when it is none of the accepted forms. */
function trustProxyOf(value: string): TrustProxy | undefined {
  if (value === 'false' || value === '0') return false;
  // `true` used to trust every entry, the client's own included: it now means one proxy.
  if (value === 'true') return { hops: 1 };
  if (/^\d{1,2}$/.test(value)) return { hops: Number(value) };
  const proxies = value.split(',').map((p) => p.trim().toLowerCase());
  return proxies.every(isProxyAddress) ? { proxies } : undefined;
}

/**
 * Fastify's `trustProxy` for the setting. A bare number would make Fastify ignore the header
 * altogether, so hops are counted by a function: the socket's peer is hop 0, the right-most
 * X-Forwarded-For entry hop 1, and so on.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (!trust) return false;
  if ('proxies' in trust) return trust.proxies;
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}

/**
 * Reads a secret from DATA_DIR, creating it on first use so that it survives restarts. Processes
 * starting together on a new DATA_DIR must all end up with the same secret: each writes its own
 * candidate to a private file and links it into place, which only the first one manages.
 */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const candidate = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(candidate, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
    try {
      linkSync(candidate, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(candidate, { force: true });
    }
    return readFileSync(file, 'utf8').trim();
  }
}

export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  // An empty variable means "not set", as shells and process managers often write it.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = Env.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid setting ${key}: ${issue?.message ?? 'invalid value'}`);
  }
  const env = parsed.data;
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid setting ADMIN_PASSWORD: set ADMIN_USERNAME and ADMIN_PASSWORD together',
    );
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid setting S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    );
  }
  if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid setting S3_BUCKET: required when other S3_ settings are given');
  }
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError(
      'Invalid setting STRIPE_SECRET_KEY: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    sessionSecret: env.SESSION_SECRET ?? persistentSecret(dataDir, 'session-secret'),
    sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    admin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    cookieSecure: env.COOKIE_SECURE === 'auto' ? 'auto' : env.COOKIE_SECURE === 'true',
    authRateLimit: env.AUTH_RATE_LIMIT,
    formRateLimit: env.FORM_RATE_LIMIT,
    apiRateLimit: env.API_RATE_LIMIT,
    runWorker: env.RUN_WORKER,
    stop: { drainMs: env.STOP_DRAIN_SECONDS * 1000, graceMs: env.STOP_GRACE_SECONDS * 1000 },
    seedProviders: env.SEED_PROVIDERS === 'auto',
    storage: storageConfig(env, dataDir),
    credentials: credentialsConfig(env, dataDir),
    webhookAllowedHosts: hostList(env.WEBHOOK_ALLOWED_HOSTS),
    browser: {
      executablePath: env.CHROMIUM_PATH,
      searchPath: env.PATH ?? '',
      allowedHosts: hostList(env.BROWSER_ALLOWED_HOSTS),
      maxPages: env.BROWSER_MAX_PAGES,
      pageTimeoutMs: env.BROWSER_PAGE_TIMEOUT_SECONDS * 1000,
      taskTimeoutMs: env.BROWSER_TASK_TIMEOUT_SECONDS * 1000,
    },
    providerLoginIntervalMs: env.PROVIDER_LOGIN_INTERVAL_SECONDS * 1000,
    mfaWaitMs: env.MFA_CODE_WAIT_SECONDS * 1000,
    attentionAlertMs: env.ATTENTION_ALERT_HOURS * 3_600_000,
    reportDeadlineDays: env.REPORT_DEADLINE_DAYS,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    reportLinkTtlMs: env.REPORT_LINK_DAYS * 24 * 60 * 60 * 1000,
    metricsToken: env.METRICS_TOKEN,
    metricsPort: env.METRICS_PORT,
    clientDir: path.resolve('dist/client'),
    ...overrides,
  };
}

export const KEY_INSIDE_DATA_DIR =
  "The credential vault's key is stored inside DATA_DIR: a copy or backup of that folder alone can decrypt every customer's utility password. Move it out: set CREDENTIALS_KEY_FILE to a file outside DATA_DIR (or CREDENTIALS_KEY, or CREDENTIALS_KMS_KEY_ID for AWS KMS), restart, then delete the copy inside DATA_DIR (README: Credential key).";

const isInside = (file: string, dir: string) => {
  const relative = path.relative(dir, path.resolve(file));
  return !relative.startsWith('..') && !path.isAbsolute(relative);
};

/**
 * Where the vault's keys come from: CREDENTIALS_KEY, else CREDENTIALS_KEY_FILE, else (without
 * KMS) a key generated into DATA_DIR, which works at once but earns a warning. With KMS, a key
 * left in DATA_DIR by an earlier start still opens what it sealed (and keeps the warning).
 */
function credentialsConfig(env: z.infer<typeof Env>, dataDir: string): CredentialsConfig {
  const dataDirKey = path.join(dataDir, 'credentials-key');
  let value = env.CREDENTIALS_KEY;
  let inside = false;
  let keySource: CredentialsConfig['keySource'] = value ? 'CREDENTIALS_KEY' : undefined;
  if (!value && env.CREDENTIALS_KEY_FILE) {
    keySource = 'CREDENTIALS_KEY_FILE';
    try {
      value = readFileSync(env.CREDENTIALS_KEY_FILE, 'utf8').trim();
    } catch {
      throw new ConfigError(
        `Invalid setting CREDENTIALS_KEY_FILE: cannot read ${env.CREDENTIALS_KEY_FILE}`,
      );
    }
    inside = isInside(env.CREDENTIALS_KEY_FILE, dataDir);
  }
  if (!value && !env.CREDENTIALS_KMS_KEY_ID) {
    value = persistentSecret(dataDir, 'credentials-key');
    inside = true;
    keySource = 'DATA_DIR';
  }
  if (!value && existsSync(dataDirKey)) {
    value = readFileSync(dataDirKey, 'utf8').trim();
    inside = true;
    keySource = 'DATA_DIR';
  }
  return {
    keys: value ? credentialKeys(value) : [],
    retentionDays: env.CREDENTIALS_RETENTION_DAYS,
    kms: env.CREDENTIALS_KMS_KEY_ID
      ? { keyId: env.CREDENTIALS_KMS_KEY_ID, endpoint: env.CREDENTIALS_KMS_ENDPOINT }
      : undefined,
    warning: inside ? KEY_INSIDE_DATA_DIR : undefined,
    keySource: value ? keySource : undefined,
  };
}

/** `key` or `2:newKey,1:oldKey`: version 1 when unnumbered; each key 32 bytes of base64. */
function credentialKeys(value: string): [number, Buffer][] {
  const keys = value.split(',').map((entry): [number, Buffer] => {
    const [version, key] = entry.includes(':') ? entry.split(':') : ['1', entry];
    const bytes = Buffer.from(
      key ?? '',
      key?.includes('+') || key?.includes('/') ? 'base64' : 'base64url',
    );
    if (bytes.length !== 32) {
      throw new ConfigError('Invalid setting CREDENTIALS_KEY: each key must be 32 bytes of base64');
    }
    return [Number(version), bytes];
  });
  if (new Set(keys.map(([v]) => v)).size !== keys.length) {
    throw new ConfigError('Invalid setting CREDENTIALS_KEY: key versions must differ');
  }
  return keys;
}

const hostList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

function storageConfig(env: z.infer<typeof Env>, dataDir: string): StorageConfig {
  if (!env.S3_BUCKET) {
    return {
      kind: 'local',
      dir: path.join(dataDir, 'objects'),
      secret: env.STORAGE_SECRET ?? persistentSecret(dataDir, 'storage-secret'),
    };
  }
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}
