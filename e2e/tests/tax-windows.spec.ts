import { expect, test } from './fixtures';
import { DEMO, apiLogin } from './helpers';

test.use({ signedInAs: 'administrator' });

/**
 * Issue 12 items 1 and 2, the browser test: the administrator releases the income-tax declaration
 * window with a lock date, adds a reminder whose body has bold text, and locks it ('Already Locked').
 * The demo organisation starts with this year's declaration window released; the
 * test locks it through the API first, so the page starts from the locked state.
 */

test('release the IT declaration window, add a reminder with bold text, lock it', async ({ page, request }) => {
  const seeded = await apiLogin(request, DEMO.administrator);
  const auth = { authorization: `Bearer ${seeded.token}` };
  const current = ((await (await request.get('/backend/api/ITDeclaration/config', { headers: auth })).json()) as {
    data: { id: string; reminders: { id: string; daysBeforeLockDate: number }[] } | null;
  }).data;
  if (current) {
    // Start from the seeded window's two default reminders, whatever other browser tests added to it.
    for (const r of current.reminders.filter((x) => x.daysBeforeLockDate !== 5 && x.daysBeforeLockDate !== 1)) {
      expect((await request.delete(`/backend/api/ITDeclaration/reminders/${r.id}`, { headers: auth })).status()).toBeLessThan(300);
    }
    expect((await request.post('/backend/api/ITDeclaration/config/lock', { headers: auth, data: { id: current.id } })).status()).toBeLessThan(300);
  }
  // The proofs window locked too (other browser tests release it).
  const poi = ((await (await request.get('/backend/api/POI/config', { headers: auth })).json()) as { data: { id: string; status: number } | null }).data;
  if (poi) expect((await request.post('/backend/api/POI/config/lock', { headers: auth, data: { id: poi.id } })).status()).toBeLessThan(500);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  // The bare path opens the Declarations tab.
  await page.goto('/payroll/lock-unlock');
  await expect(page).toHaveURL(/\/payroll\/lock-unlock\/declarations$/);
  await expect(page.getByRole('tab', { name: 'Lock / Unlock' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Declarations' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Investment Declaration submission is locked', { exact: false })).toBeVisible();

  // Release with a lock date.
  await page.getByRole('button', { name: 'Release IT Declaration' }).click();
  // The seeded window's lock date (this month's end) is filled in; the empty-date message is the component test's
  // (WindowPreferences.test.tsx).
  await page.getByLabel('Allow regime switch').check();
  // Reminder e-mails on (another browser test may have saved the window with them off).
  const remindersOn = page.getByLabel('Enable e-mail reminder');
  if (!(await remindersOn.isChecked())) await remindersOn.check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const release = page.getByRole('dialog', { name: 'Release IT Declaration' });
  const confirm = release.getByRole('button', { name: 'Yes, Update & Release' });
  await expect(confirm).toBeDisabled();
  await release.getByRole('checkbox').check();
  await confirm.click();
  await expect(page.getByText('IT Declaration updated successfully')).toBeVisible();
  await expect(page.getByText('Released', { exact: true })).toBeVisible();
  // The two default reminders.
  const reminders = page.getByRole('table', { name: 'Reminders' });
  await expect(reminders.getByRole('row')).toHaveCount(3);
  await expect(reminders.getByText('5 days before lock date')).toBeVisible();
  await expect(reminders.getByText('1 day before lock date')).toBeVisible();

  // A third reminder, with bold text.
  await page.getByRole('button', { name: 'Add Reminder' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Reminder' });
  await expect(modal.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(modal.getByRole('button', { name: 'Delete Reminder' })).toBeDisabled();
  await modal.getByLabel('Send reminder').click();
  await page.getByRole('option', { name: '3 days before lock date' }).click();
  await modal.getByLabel('Subject').fill('Three days left for %TaxYear%');
  const body = modal.getByLabel('Email body');
  await body.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Dear %EmployeeName%, please declare ');
  await page.keyboard.press('ControlOrMeta+B');
  await page.keyboard.type('before %LockDate%');
  await page.keyboard.press('ControlOrMeta+B');
  await expect(body.locator('strong')).toHaveText('before %LockDate%');
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Reminder saved successfully')).toBeVisible();
  await expect(reminders.getByText('3 days before lock date')).toBeVisible();

  // What the server stored: the bold text, nothing else.
  const admin = await apiLogin(request, DEMO.administrator);
  const config = await request.get('/backend/api/ITDeclaration/config', { headers: { authorization: `Bearer ${admin.token}` } });
  const data = ((await config.json()) as { data: { reminders: { daysBeforeLockDate: number; body: string; subject: string }[] } }).data;
  const stored = data.reminders.find((r) => r.daysBeforeLockDate === 3);
  expect(stored?.subject).toBe('Three days left for %TaxYear%');
  expect(stored?.body).toBe('<p>Dear %EmployeeName%, please declare <strong>before %LockDate%</strong></p>');

  // Lock: 'Already Locked' afterwards.
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByText('IT Declaration Locked Successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Already Locked' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Release IT Declaration' })).toBeVisible();

  // The Proofs tab: its own locked state.
  await page.getByRole('tab', { name: 'Proofs' }).click();
  await expect(page).toHaveURL(/\/payroll\/lock-unlock\/proofs$/);
  await expect(page.getByRole('button', { name: 'Release Proof Of Investments' })).toBeVisible();
});
