import { z } from 'zod';
import path from 'node:path';

/**
 * Configuration is read once at start-up and validated (DESIGN §2). A wrong value stops the server
 * with a message naming the variable. Every setting has a safe local default; production settings
 * (DATABASE_URL, SMTP_URL, JWT_SECRET, …) come from the environment only.
 */
const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
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
  SEED_DEMO: boolean.default(true),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  WEB_DIST_DIR: z.string().optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  REDIS_KEY_PREFIX: z.string().default('tankha:'),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends RawConfig {
  dataDir: string;
  appUrl: string;
  /** Embedded mode: PGlite and the stored outbox; enables the dev mailbox. */
  database: 'pglite' | 'postgres';
  mailTransport: 'outbox' | 'smtp';
  devMailboxEnabled: boolean;
  webDistDir: string;
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
  const mailTransport = raw.SMTP_URL ? 'smtp' : 'outbox';
  return {
    ...raw,
    dataDir: path.resolve(cwd, raw.DATA_DIR),
    appUrl: (raw.APP_URL ?? `http://localhost:${raw.PORT.toString()}`).replace(/\/$/, ''),
    database: raw.DATABASE_URL ? 'postgres' : 'pglite',
    mailTransport,
    devMailboxEnabled: mailTransport === 'outbox' && raw.NODE_ENV !== 'production',
    webDistDir: path.resolve(cwd, raw.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../../web/dist')),
  };
}
