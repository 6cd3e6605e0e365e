import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has safe local defaults: port 3000, ./data, PGlite, stored e-mail and the dev mailbox', () => {
    const config = loadConfig({}, '/srv/tankha');
    expect(config).toMatchObject({ PORT: 3000, dataDir: '/srv/tankha/data', database: 'pglite', mailTransport: 'outbox', devMailboxEnabled: true, appUrl: 'http://localhost:3000' });
  });

  it('uses PostgreSQL and SMTP when configured, and hides the mailbox', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/tankha', SMTP_URL: 'smtp://mail:25' });
    expect(config).toMatchObject({ database: 'postgres', mailTransport: 'smtp', devMailboxEnabled: false });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET: required when NODE_ENV=production'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
  ])('stops with a message naming the variable for %j', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });
});
