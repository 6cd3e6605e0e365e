import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type BrowserContextOptions, type Page } from '@playwright/test';
import { DEMO, E2E_PORT, RUN_DIR, SESSIONS_FILE, TEMPLATE_DIR, startServer, type DemoRole } from '../harness';

/**
 * `test` and `expect` for every browser test (docs/testing.md):
 * - each worker runs its own server on its own copy of the run's template data folder (worker n on
 *   port E2E_PORT + 1 + n), and `baseURL` points at it, so workers share no state;
 * - `test.use({ signedInAs: 'administrator' })` starts the test's pages signed in as that demo role,
 *   with the session the global setup made (no login page); `signedInState(role)` is the same for a
 *   second browser context, and `signInAs(page, role)` switches a page to another role.
 */

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** Where the web app keeps its signed-in user, token included (apps/web/src/app/session.ts). */
const USER_STORAGE_KEY = 'tankha.user';

let sessions: Record<DemoRole, unknown> | undefined;
function sessionOf(role: DemoRole): string {
  sessions ??= JSON.parse(fs.readFileSync(SESSIONS_FILE, 'utf8')) as Record<DemoRole, unknown>;
  return JSON.stringify(sessions[role]);
}

function storageStateFor(role: DemoRole, origin: string): StorageState {
  return { cookies: [], origins: [{ origin, localStorage: [{ name: USER_STORAGE_KEY, value: sessionOf(role) }] }] };
}

export const test = base.extend<{ signedInAs: DemoRole | null; signedInState: (role: DemoRole) => StorageState }, { server: { url: string } }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; the server needs none
    async ({}, use, workerInfo) => {
      const name = `worker-${workerInfo.workerIndex.toString()}`;
      const dataDir = path.join(RUN_DIR, name);
      fs.cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
      const server = await startServer({ name, port: E2E_PORT + 1 + workerInfo.parallelIndex, dataDir, timeoutMs: 120_000 });
      await use({ url: server.url });
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true, timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  signedInAs: [null, { option: true }],
  storageState: async ({ signedInAs, baseURL }, use) => use(signedInAs ? storageStateFor(signedInAs, baseURL ?? '') : undefined),
  signedInState: async ({ baseURL }, use) => use((role) => storageStateFor(role, baseURL ?? '')),
});

/**
 * Switches a page of the app to a demo role's session, as if that person had signed in, and opens
 * the home page. For a test whose people take turns in one browser; the login page is session.spec.ts's.
 */
export async function signInAs(page: Page, role: DemoRole): Promise<void> {
  // Local storage belongs to the app's origin: a page that has not opened the app yet opens it first.
  if (page.url() === 'about:blank') await page.goto('/login');
  await page.evaluate(
    ([key, value]) => {
      localStorage.clear();
      localStorage.setItem(key, value);
    },
    [USER_STORAGE_KEY, sessionOf(role)] as const,
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: new RegExp(firstNameOf(role)) })).toBeVisible();
}

function firstNameOf(role: DemoRole): string {
  const first = DEMO[role].split('.')[0] ?? '';
  return first.charAt(0).toUpperCase() + first.slice(1);
}

export { expect };
