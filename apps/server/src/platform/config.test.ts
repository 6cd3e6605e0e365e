import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startupWarnings } from './config';

describe('configuration', () => {
  it('has safe local defaults: port 3000 on loopback only, ./data, PGlite, stored e-mail and the dev mailbox', () => {
    const config = loadConfig({}, '/srv/tankha');
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', dataDir: '/srv/tankha/data', database: 'pglite', mailTransport: 'outbox', devMailboxEnabled: true, appUrl: 'http://localhost:3000', trustProxy: false });
  });

  // The dev mailbox shows every organisation's links: loopback or DEV_MAILBOX=1, never production, SMTP or a proxy.
  it.each([
    [{}, true],
    [{ HOST: '::1' }, true],
    [{ HOST: 'localhost' }, true],
    [{ HOST: '0.0.0.0' }, false],
    [{ HOST: '192.168.1.20' }, false],
    [{ HOST: '0.0.0.0', DEV_MAILBOX: '1' }, true],
    [{ HOST: '127.0.0.1', DEV_MAILBOX: '0' }, false],
    [{ DEV_MAILBOX: '1', SMTP_URL: 'smtp://mail:25' }, false],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }, false],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), HOST: '127.0.0.1' }, false],
    [{ NODE_ENV: 'test' }, true],
    [{ TRUST_PROXY: 'loopback' }, false],
    [{ HOST: '::1', TRUST_PROXY: '127.0.0.1' }, false],
    [{ TRUST_PROXY: '10.0.0.0/8' }, false],
    [{ TRUST_PROXY: 'false' }, true],
  ])('dev mailbox with %j: %s', (env, enabled) => {
    expect(loadConfig(env).devMailboxEnabled).toBe(enabled);
  });

  // Issue 25 F3: a production server on a fresh database seeded the demo (public password, Administrator).
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
  it.each([
    [{}, true],
    [{ NODE_ENV: 'test' }, true],
    [{ SEED_DEMO: 'false' }, false],
    [production, false],
    [{ ...production, SEED_DEMO: 'false' }, false],
    [{ ...production, SEED_DEMO: 'true' }, true],
    [{ ...production, SEED_DEMO: '1' }, true],
  ])('seeds the demo with %j: %s', (env, seeded) => {
    expect(loadConfig(env).SEED_DEMO).toBe(seeded);
  });

  it('warns at start-up when production seeds the demo because SEED_DEMO=true says so, and only then', () => {
    const [warning, ...more] = startupWarnings(loadConfig({ ...production, SEED_DEMO: 'true' }));
    expect(more).toEqual([]);
    expect(warning).toContain('SEED_DEMO=true with NODE_ENV=production');
    expect(warning).toContain('cannot sign in with it');
    expect(startupWarnings(loadConfig(production))).toEqual([]);
    expect(startupWarnings(loadConfig({}))).toEqual([]);
    expect(startupWarnings(loadConfig({ SEED_DEMO: 'true' }))).toEqual([]);
  });

  it('MARKETING_HOSTS: off by default; host names in lower case; needs APP_URL on another host', () => {
    expect(loadConfig({}).marketingHosts).toEqual([]);
    expect(loadConfig({ MARKETING_HOSTS: 'Tankha.in, www.tankha.in', APP_URL: 'https://app.tankha.in' }).marketingHosts).toEqual(['tankha.in', 'www.tankha.in']);
    expect(() => loadConfig({ MARKETING_HOSTS: 'tankha.in' })).toThrow('APP_URL: required with MARKETING_HOSTS');
    expect(() => loadConfig({ MARKETING_HOSTS: 'app.tankha.in', APP_URL: 'https://app.tankha.in' })).toThrow('must not name APP_URL');
    expect(() => loadConfig({ MARKETING_HOSTS: 'https://tankha.in', APP_URL: 'https://app.tankha.in' })).toThrow('MARKETING_HOSTS');
  });

  it('accepts a plain-http OpenID issuer only on 127.0.0.1 and never in production', () => {
    expect(loadConfig({ GOOGLE_ISSUER: 'http://127.0.0.1:4900' }).GOOGLE_ISSUER).toBe('http://127.0.0.1:4900');
    expect(loadConfig({}).MICROSOFT_ISSUER).toBe('https://login.microsoftonline.com/common/v2.0');
    expect(() => loadConfig({ GOOGLE_ISSUER: 'http://idp.example.com' })).toThrow('GOOGLE_ISSUER: must be an https:// URL');
    expect(() => loadConfig({ MICROSOFT_ISSUER: 'http://localhost:4900' })).toThrow('MICROSOFT_ISSUER: must be an https:// URL');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), GOOGLE_ISSUER: 'http://127.0.0.1:4900' })).toThrow('GOOGLE_ISSUER');
  });

  it('refuses DEV_MAILBOX=1 in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DEV_MAILBOX: '1' })).toThrow('DEV_MAILBOX: the dev mailbox');
  });

  it('refuses DEV_MAILBOX=1 behind a proxy (TRUST_PROXY), saying why', () => {
    expect(() => loadConfig({ DEV_MAILBOX: '1', TRUST_PROXY: 'loopback' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEV_MAILBOX: '1', TRUST_PROXY: 'loopback' })).toThrow('DEV_MAILBOX: the dev mailbox shows every organisation\'s links and is never served behind a proxy (TRUST_PROXY is set)');
    expect(loadConfig({ DEV_MAILBOX: '0', TRUST_PROXY: 'loopback' }).devMailboxEnabled).toBe(false);
  });

  it.each([
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 192.168.1.1', ['10.0.0.0/8', '192.168.1.1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
    ['false', false],
  ])('TRUST_PROXY=%s names the proxies Fastify trusts', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('keeps files in DATA_DIR by default and in the bucket S3_BUCKET names when set', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'tankha-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      S3_BUCKET: 'tankha-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(loadConfig({ S3_BUCKET: 'tankha-files', S3_REGION: 'ap-south-1' })).toMatchObject({ S3_REGION: 'ap-south-1', S3_FORCE_PATH_STYLE: false });
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
    [{ DEV_MAILBOX: 'sometimes' }, 'DEV_MAILBOX'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: must name the proxies'],
    [{ TRUST_PROXY: '1' }, 'TRUST_PROXY: must name the proxies'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY'],
    [{ LOGIN_MAX_FAILURES: '0' }, 'LOGIN_MAX_FAILURES'],
    [{ S3_BUCKET: 'Tankha_Files' }, 'S3_BUCKET: must be an S3 bucket name'],
    [{ S3_BUCKET: 'tankha-files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'tankha-files', S3_ACCESS_KEY_ID: 'AKIA123' }, 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET: required with S3_ENDPOINT'],
    [{ S3_BUCKET: 'tankha-files', S3_FORCE_PATH_STYLE: 'perhaps' }, 'S3_FORCE_PATH_STYLE'],
    [{ LOCAL_PAYMENT_SECRET: 'short' }, 'LOCAL_PAYMENT_SECRET: must be at least 32 characters'],
  ])('stops with a message naming the variable for %j', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });
});
