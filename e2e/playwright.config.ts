import { defineConfig } from '@playwright/test';
import { OAUTH_MOCK_PORT } from './harness';

/**
 * Browser tests: Debian's Chromium (no browser download here) against the built app served by the
 * real server on 127.0.0.1 with an embedded database. The global setup seeds the demo organisation
 * once into a template data folder; each of the two workers then runs its own server on a copy of
 * it (tests/fixtures.ts, docs/testing.md). No retries: a test that fails once is fixed.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts',
  globalSetup: './global-setup.ts',
  // A test's own time, not a speed target (npm run bench measures speed): people-invite takes ~28 s here when the
  // machine is quiet and over 60 s when it runs at half speed, as it did on 2026-11-29, so 60 s failed good tests.
  timeout: 120_000,
  // Also a test's own time: a page's first heading after page.goto takes 1.5–3 s here at load 4 (a cold
  // context fetches 50–150 chunks from a server that shares the two cores); CI's busy machine ran 2.3 times
  // slower (browser layer 21.5 min against 9.4 min quiet, 2026-11-30) and four pages missed 10 s there.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // npm test (scripts/test.mjs) also asks for the JSON report, for its closing table of counts.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    // baseURL is each worker's own server (tests/fixtures.ts).
    headless: true,
    // The service worker caches the app shell and some reads: a spec about something else must see the
    // server's answers, not a cache. pwa.spec.ts allows it for itself.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  webServer: [
    {
      // A local OpenID provider standing in for Google (oauth.spec.ts), shared by every worker's server; it signs in as the demo administrator.
      command: `npx tsx ../apps/server/src/platform/auth/oauth-mock.cli.ts`,
      url: `http://127.0.0.1:${OAUTH_MOCK_PORT.toString()}/.well-known/openid-configuration`,
      // The mock provider's own start (tsx compiling it), on a machine that may be busy.
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OAUTH_MOCK_PORT: String(OAUTH_MOCK_PORT) },
    },
  ],
});
