import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO, apiLogin, typeDate, uniqueTag } from './helpers';

test.use({ signedInAs: 'administrator' });

/**
 * Issue 11 item 5, the browser test: in the demo organisation (payroll running, this month a draft)
 * an administrator records the exit of an employee who joined in 2018, sees the gratuity and leave
 * encashment lines with their explanations, approves the settlement and downloads the statement,
 * whose text holds the gratuity and the net amount the page shows.
 */

/** Today in the tenant's zone, shifted by `days`. */
function istDate(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test('record an exit → see gratuity and leave encashment → approve → download the statement', async ({ page, request }) => {
  const tag = uniqueTag();
  const admin = await apiLogin(request, DEMO.administrator);
  const name = `Kavya Menon${tag.letters.slice(-6).toLowerCase()}`;
  const created = await request.post('/backend/api/Users/restricted', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      firstName: 'Kavya',
      lastName: `Menon${tag.letters.slice(-6).toLowerCase()}`,
      email: `kavya.${tag.digits}@nilgiri.demo`,
      employeeNumber: `EX${tag.digits.slice(-6)}`,
      dateOfJoining: '2018-04-02',
      experience: 9,
      designation: 'Senior Accountant',
      annualCTC: 900_000,
      regimeType: 1,
      pan: 'BKTPM4821Q',
      bankAccountNumber: '50100987654321',
      bankName: 'HDFC Bank',
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);

  await page.goto('/');
  await page.getByRole('link', { name: 'Exit / Full and final' }).click();
  await expect(page).toHaveURL(/\/payroll\/exits$/);
  await page.getByRole('button', { name: 'Record exit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record exit' });

  // Saving an empty form shows each required field's message and records nothing.
  await dialog.getByRole('button', { name: 'Record exit' }).click();
  await expect(dialog.getByText('Please select an employee')).toBeVisible();
  await expect(dialog.getByText('Please select the reason for leaving')).toBeVisible();
  await expect(dialog.getByText('Last working day is required')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Employee' }).fill('Kavya');
  await page.getByRole('option', { name, exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Reason for leaving' }).click();
  await page.getByRole('option', { name: 'Resignation' }).click();
  await dialog.getByRole('button', { name: 'Record exit' }).click();
  await expect(dialog.getByText('Resignation date is required for a resignation')).toBeVisible();

  await typeDate(dialog.getByRole('textbox', { name: 'Resignation date' }), istDate(-29));
  await typeDate(dialog.getByRole('textbox', { name: 'Last working day' }), istDate(0));
  await dialog.getByRole('textbox', { name: 'Notice period required (days)' }).fill('60');
  await dialog.getByRole('textbox', { name: 'Notice period served (days)' }).fill('45');
  await dialog.getByRole('button', { name: 'Record exit' }).click();
  await expect(dialog.getByText('Notice served cannot be more than the 30 days from the resignation date to the last working day')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Notice period served (days)' }).fill('30');
  await dialog.getByRole('button', { name: 'Record exit' }).click();

  await expect(page.getByRole('heading', { name: `Full and final settlement: ${name}` })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  const payable = page.getByRole('table', { name: 'Amounts payable' });
  await expect(payable.getByText('Gratuity')).toBeVisible();
  await expect(payable.getByText('Leave encashment')).toBeVisible();
  await payable.getByRole('button', { name: 'Gratuity: show how it was computed' }).click();
  await expect(page.getByRole('list', { name: 'How Gratuity was computed' })).toContainText('15/26 × last drawn wages');
  await payable.getByRole('button', { name: 'Leave encashment: show how it was computed' }).click();
  await expect(page.getByRole('list', { name: 'How Leave encashment was computed' })).toContainText('Earned Leave (EL)');
  const recoveries = page.getByRole('table', { name: 'Recoveries and deductions' });
  await expect(recoveries.getByText('Notice period shortfall recovery')).toBeVisible();
  const net = (await page.getByLabel('Net amount').innerText()).trim();
  expect(net).toMatch(/^₹[\d,]+(\.\d\d)?$/);
  await page.screenshot({ path: 'artifacts/exit-settlement-draft.png', fullPage: true });

  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve settlement' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download statement' }).click()]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
  expect(flat(text)).toContain('FULL AND FINAL SETTLEMENT');
  expect(flat(text)).toContain(name);
  expect(flat(text)).toContain('Gratuity');
  expect(flat(text)).toContain('Leave encashment');
  expect(flat(text)).toContain(net);
  await page.screenshot({ path: 'artifacts/exit-settlement-approved.png', fullPage: true });

  await page.getByRole('link', { name: '← All exits' }).click();
  await expect(page.getByRole('table', { name: 'Exits' }).getByRole('link', { name, exact: true })).toBeVisible();
});
