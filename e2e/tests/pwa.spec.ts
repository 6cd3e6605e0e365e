import { expect, test } from './fixtures';
import { DEMO, login } from './helpers';

/**
 * Employees on their phones: the app is installable (manifest, icons, a service worker), and without a
 * connection the attendance last viewed stays readable while checking in is refused up front.
 */
// Signed in with a session of its own: the test logs out at the end, which ends that session on the
// server, and the worker's shared member session must outlive it for the specs that follow.
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('installable; offline, my attendance is read-only with check-in disabled; logout forgets it', async ({ page, context }) => {
  await login(page, DEMO.member);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/my-attendance');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; short_name: string; theme_color: string; icons: { sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'Tankha', short_name: 'Tankha', theme_color: '#3b5bdb' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

  // The worker registers and activates; it controls pages opened after that (no clients.claim: see the Reload prompt).
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const card = page.getByRole('region', { name: "Today's attendance" });
  const checkButton = card.getByRole('button', { name: /^Check (In|Out)$/ });
  await expect(checkButton).toBeEnabled();
  await expect(page.getByRole('list', { name: 'Worklog' })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('tankha-member-api')).keys()).length)).toBeGreaterThanOrEqual(3);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByText('Showing the payslips and attendance you last viewed, read-only.')).toBeVisible();
  await expect(checkButton).toBeDisabled();
  await expect(card).toContainText('Offline: checking in and out needs a connection');
  await expect(page.getByRole('list', { name: 'Worklog' })).toBeVisible();

  // Back online, signing out empties what was kept: the next person on this phone sees none of it.
  await context.setOffline(false);
  await page.reload();
  await expect(checkButton).toBeEnabled();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => caches.has('tankha-member-api'))).toBe(false);
});
