import { z } from 'zod';
import { isIP } from 'node:net';
import path from 'node:path';

/**
 * Configuration is read once at start-up and validated (DESIGN §2). A wrong value stops the server
 * with a message naming the variable. Every setting has a safe local default; production settings
 * (DATABASE_URL, SMTP_URL, JWT_SECRET, …) come from the environment only.
 */
const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's named ranges, which Fastify's trustProxy accepts beside addresses and CIDRs. */
const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may set X-Forwarded-For (Fastify's trustProxy): their addresses or CIDRs,
 * comma-separated. Unset means no proxy: the client is the socket's peer. `true` (trust anyone)
 * is refused, because then every client picks its own IP and walks past the per-IP rate limits;
 * so is a hop count, which Fastify 5.12 no longer honours (it cannot check the immediate peer).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): string[] | false => {
    if (value === 'false') return false;
    const list = value.split(',').map((v) => v.trim()).filter(Boolean);
    if (list.length > 0 && list.every((v) => NAMED_PROXY_RANGES.includes(v) || isAddressOrCidr(v))) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'must name the proxies by address or CIDR, comma-separated (10.0.0.5, 10.0.0.0/8, loopback); "true" and hop counts are refused because any client could then choose its own IP',
    });
    return z.NEVER;
  });

/** Listening on these serves this machine only, where the dev mailbox may be shown. */
const LOOPBACK_HOSTS = ['127.0.0.1', '::1', 'localhost'];

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Tankha <no-reply@tankha.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo organisation on first start: on by default, off by default in production (resolved in loadConfig). */
  SEED_DEMO: boolean.optional(),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  TRUST_PROXY: trustProxy.optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILURE_WINDOW_MS: z.coerce.number().int().min(1000).default(15 * 60_000),
  /** Password-reset mails per account in any hour, from all clients together (beside the per-IP limit of the route). */
  PASSWORD_RESET_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
  DEV_MAILBOX: boolean.optional(),
  TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  WEB_DIST_DIR: z.string().optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  REDIS_KEY_PREFIX: z.string().default('tankha:'),
  /**
   * On SIGTERM/SIGINT: how long in-flight requests and running job handlers may take to finish before
   * the process exits anyway (with code 1); default 25 s, under Kubernetes' 30 s grace period.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /**
   * On SIGTERM/SIGINT: how long the server keeps accepting while /health/ready answers 503, so that a
   * load balancer takes it out of rotation before it stops listening; default 0 (stop at once).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** Employees per payroll processing chunk (one transaction each); default 500. Small values exercise resuming in tests. */
  PAYROLL_CHUNK_SIZE: z.coerce.number().int().min(1).max(5000).optional(),
  /**
   * 'payroll.process' jobs queued per run: how many processes share a run's chunks (each process's
   * worker takes one job and claims chunks until none is left). Set it to the number of server
   * processes running job workers; default 1 (one process does the run).
   */
  PAYROLL_PROCESS_JOBS: z.coerce.number().int().min(1).max(32).default(1),
  /**
   * Seconds without a committed chunk after which a processing run whose row no chunk holds has lost
   * its job and is resumed by itself (docs/decisions/0155-processing-resumes-by-itself.md); default 30.
   */
  PAYROLL_STALL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Host names of the marketing domain (platform §2.1), comma-separated, e.g. "tankha.in,www.tankha.in".
   * There the marketing pages are served and every other page is redirected to APP_URL. Unset: off.
   */
  MARKETING_HOSTS: z
    .string()
    .trim()
    .transform((value) => value.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be host names without scheme or port, comma-separated')))
    .optional(),
  /** Google and Microsoft sign-in (platform §7.2): a provider is offered only when its id and secret are set. */
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
  /** OpenID issuer (discovery) URL; tests and dev point it at a local mock provider. */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: z.string().trim().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().trim().optional(),
  /** The multi-tenant endpoint by default: ID tokens are checked against https://login.microsoftonline.com/{tid}/v2.0. */
  MICROSOFT_ISSUER: z.url().default('https://login.microsoftonline.com/common/v2.0'),
  /** Razorpay (DESIGN §2, §11): all three or none; none means the local test provider. */
  RAZORPAY_KEY_ID: z.string().regex(/^rzp_(test|live)_\w+$/, 'must be a Razorpay key id (rzp_test_… or rzp_live_…)').optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, 'must be the key secret').optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be the webhook secret').optional(),
  /** Razorpay's REST API base; tests point it at a fake Razorpay, as GOOGLE_ISSUER at a mock provider. */
  RAZORPAY_API_URL: z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL').default('https://api.razorpay.com/v1'),
  /**
   * Uploaded and generated files in an S3-compatible bucket instead of DATA_DIR/files: on when
   * S3_BUCKET is set (platform/files/s3-file-storage.ts). S3_ENDPOINT for a non-AWS server (MinIO,
   * R2, …); the access keys both or neither (neither: the SDK's own chain, e.g. an instance role).
   */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3–63 lower-case letters, digits, dots and hyphens)').optional(),
  S3_ENDPOINT: z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as ap-south-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolean.default(false),
  /**
   * The local payment provider's signing secret (used when no Razorpay keys are set). Unset: one is
   * generated once and kept in the database, so every server process signs and verifies alike.
   */
  LOCAL_PAYMENT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The seller on plan invoices (Tankha). Local defaults are placeholders, never for production. */
  SELLER_NAME: z.string().default('Tankha Technologies Private Limited'),
  SELLER_ADDRESS: z.string().default('No. 1, Residency Road, Bengaluru, Karnataka 560025'),
  SELLER_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'must be a GSTIN')
    .default('29AAFCT0000A1Z5'),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends Omit<RawConfig, 'SEED_DEMO'> {
  /**
   * Whether the demo organisation (made-up people, the public password of the README) is seeded on
   * first start: SEED_DEMO when set, else true outside production and false in production.
   */
  SEED_DEMO: boolean;
  dataDir: string;
  appUrl: string;
  database: 'pglite' | 'postgres';
  mailTransport: 'outbox' | 'smtp';
  /**
   * The dev mailbox shows every organisation's verification, invite and reset links, so it is served
   * only with the stored outbox, never in production, never behind a proxy (TRUST_PROXY), and only
   * when asked for (DEV_MAILBOX=1) or when the server listens on loopback alone (the `npm start`
   * default). Even then each request must be a direct loopback connection (modules/dev/dev.routes.ts).
   */
  devMailboxEnabled: boolean;
  /** Fastify's trustProxy: false (no proxy) or the proxies' addresses/CIDRs. */
  trustProxy: false | string[];
  webDistDir: string;
  /** MARKETING_HOSTS, lower case; empty when the redirect is off. */
  marketingHosts: string[];
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  if (raw.NODE_ENV === 'production' && !raw.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
  }
  if (raw.NODE_ENV === 'production' && raw.DEV_MAILBOX === true) {
    throw new ConfigError('Invalid configuration:\n  DEV_MAILBOX: the dev mailbox shows every organisation\'s links and is never served when NODE_ENV=production');
  }
  const trustProxy = raw.TRUST_PROXY ?? false;
  if (trustProxy !== false && raw.DEV_MAILBOX === true) {
    throw new ConfigError("Invalid configuration:\n  DEV_MAILBOX: the dev mailbox shows every organisation's links and is never served behind a proxy (TRUST_PROXY is set): the proxy's requests come from this machine on behalf of anyone");
  }
  const marketingHosts = raw.MARKETING_HOSTS ?? [];
  if (marketingHosts.length > 0) {
    if (!raw.APP_URL) throw new ConfigError('Invalid configuration:\n  APP_URL: required with MARKETING_HOSTS (the app host they redirect to)');
    if (marketingHosts.includes(new URL(raw.APP_URL).hostname.toLowerCase())) {
      throw new ConfigError("Invalid configuration:\n  MARKETING_HOSTS: must not name APP_URL's host (it would redirect to itself)");
    }
  }
  for (const name of ['GOOGLE_ISSUER', 'MICROSOFT_ISSUER'] as const) {
    const problem = issuerProblem(raw[name], raw.NODE_ENV);
    if (problem) throw new ConfigError(`Invalid configuration:\n  ${name}: ${problem}`);
  }
  const razorpayKeys = [raw.RAZORPAY_KEY_ID, raw.RAZORPAY_KEY_SECRET, raw.RAZORPAY_WEBHOOK_SECRET].filter(Boolean).length;
  if (razorpayKeys !== 0 && razorpayKeys !== 3) {
    throw new ConfigError('Invalid configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: set all three, or none for the local test provider');
  }
  const s3Keys = [raw.S3_ACCESS_KEY_ID, raw.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (s3Keys === 1) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither for the SDK\'s own credentials (an instance role)');
  }
  if (!raw.S3_BUCKET && (raw.S3_ENDPOINT || s3Keys > 0)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required with S3_ENDPOINT or the S3 access keys (without it files stay in DATA_DIR)');
  }
  const mailTransport = raw.SMTP_URL ? 'smtp' : 'outbox';
  return {
    ...raw,
    SEED_DEMO: raw.SEED_DEMO ?? raw.NODE_ENV !== 'production',
    dataDir: path.resolve(cwd, raw.DATA_DIR),
    appUrl: (raw.APP_URL ?? `http://localhost:${raw.PORT.toString()}`).replace(/\/$/, ''),
    database: raw.DATABASE_URL ? 'postgres' : 'pglite',
    mailTransport,
    devMailboxEnabled: mailTransport === 'outbox' && raw.NODE_ENV !== 'production' && trustProxy === false && (raw.DEV_MAILBOX ?? LOOPBACK_HOSTS.includes(raw.HOST)),
    trustProxy,
    marketingHosts,
    webDistDir: path.resolve(cwd, raw.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../../web/dist')),
  };
}

/**
 * What start-up logs as warnings: settings that work but that an operator should not leave as they
 * are. Empty for a sound configuration.
 */
export function startupWarnings(config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO'>): string[] {
  const warnings: string[] = [];
  if (config.NODE_ENV === 'production' && config.SEED_DEMO) {
    warnings.push(
      'SEED_DEMO=true with NODE_ENV=production: the demo organisation "Nilgiri Software Pvt Ltd" (made-up people and payroll) is seeded into this ' +
        'database on first start. Its logins use the public demo password, which production refuses, so they cannot sign in with it. ' +
        'Leave SEED_DEMO unset (or false) on a production server; show the demo from a server without NODE_ENV=production.',
    );
  }
  return warnings;
}

/**
 * An OpenID issuer must be https; plain http is allowed only for a local mock provider on
 * 127.0.0.1 outside production (openid-client's allowInsecureRequests is set for exactly those).
 */
export function isLocalMockIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && url.hostname === '127.0.0.1';
}

function issuerProblem(issuer: string, env: RawConfig['NODE_ENV']): string | null {
  const url = new URL(issuer);
  if (url.protocol === 'https:') return null;
  if (isLocalMockIssuer(issuer) && env !== 'production') return null;
  return 'must be an https:// URL (http://127.0.0.1 only for a local mock provider, never in production)';
}
