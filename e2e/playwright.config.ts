import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3999);
const dataDir = path.join(os.tmpdir(), `tankha-e2e-${process.pid.toString()}`);
/** A local OpenID provider standing in for Google (oauth.spec.ts); it signs in as the demo administrator. */
const OAUTH_MOCK_PORT = PORT + 20000;

/**
 * Browser tests: Debian's Chromium (no browser download here) against the built app served by the
 * real server on 127.0.0.1, with a fresh embedded database and the demo organisation.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT.toString()}`,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  webServer: [
    {
      command: `npx tsx ../apps/server/src/platform/auth/oauth-mock.cli.ts`,
      url: `http://127.0.0.1:${OAUTH_MOCK_PORT.toString()}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OAUTH_MOCK_PORT: String(OAUTH_MOCK_PORT) },
    },
    {
      command: `rm -rf ${dataDir} && npx tsx ../apps/server/src/main.ts`,
      url: `http://127.0.0.1:${PORT.toString()}/backend/api/health`,
      // The first start seeds the demo, a year and more of payroll (about 40 s on an idle 2-core machine).
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        APP_URL: `http://127.0.0.1:${PORT.toString()}`,
        RATE_LIMIT_AUTH_MAX: '500',
        GOOGLE_CLIENT_ID: 'tankha-e2e',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        GOOGLE_ISSUER: `http://127.0.0.1:${OAUTH_MOCK_PORT.toString()}`,
      },
    },
  ],
});
