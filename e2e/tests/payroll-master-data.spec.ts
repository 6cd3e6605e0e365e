import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect as base, test } from './fixtures';
import { login, uniqueTag } from './helpers';
import { PASSWORD, addEmployee, firstDay, monthText, monthsAgo, processCurrentRun, registerOrganisation, setUpPayroll } from './payroll-org';

/**
 * Master data you can trust and the register (the server's figures are
 * payroll-master-data.int.test.ts's and payroll-register.test.ts's), as an administrator sees them:
 * the employee form refuses an IFSC of no branch, an 8-digit account number and an 11-digit UAN, each
 * under its field, and saves nothing; in last month's run (set up through the API) Bala has no bank
 * account and Arun a ₹40,000 one-time deduction besides a loan and an advance, Hema's payout is held:
 * the warnings name Bala's held bank line and Arun's deductions over 50%, the register gives the loan
 * and the advance a column each and says why Hema is held, and the bank file leaves out Bala and Hema
 * with their reasons and pays Arun.
 */
test.use({ viewport: { width: 1440, height: 900 } });
// The run page asks for several parts at once: on a busy machine it takes longer than the default to settle.
const expect = base.configure({ timeout: 30_000 });

const UNKNOWN_IFSC = 'HDFC0999998'; // well-formed; not in the ifsc package's data (HDFC0999999 is)

test('the form refuses bad bank and statutory details; the run warns of them and of deductions over 50%, the register and the bank file say who is held and why', async ({ page, request }) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const owner = await registerOrganisation(request, tag);
  const headers = { authorization: `Bearer ${owner.token}` };
  const joined = firstDay(monthsAgo(6));
  const arun = await addEmployee(request, owner.token, tag, joined, 'Arun');
  const bala = await addEmployee(request, owner.token, tag, joined, 'Bala', { bankAccountNumber: null, bankName: null, ifscCode: null });
  const hema = await addEmployee(request, owner.token, tag, joined, 'Hema');
  await setUpPayroll(request, owner.token, monthsAgo(2));
  const run = ((await (await request.get('/backend/api/PayrollRuns/current', { headers })).json()) as { data: { id: string; month: string } }).data;
  for (const loan of [
    { kind: 'loan', purpose: 'vehicle', amount: 12_000, instalments: 12 },
    { kind: 'advance', purpose: 'personal', amount: 10_000, instalments: 2 },
  ]) {
    const res = await request.post('/backend/api/Loans', {
      headers,
      data: { userId: arun.id, ...loan, startMonth: run.month, termsBy: 'instalments', interestRate: 0 },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const adjustment = await request.post(`/backend/api/PayrollRuns/${run.id}/adjustments`, {
    headers,
    data: { userId: arun.id, kind: 'deduction', category: 'other', label: 'Damaged loom parts', amount: 40_000 },
  });
  expect(adjustment.status(), await adjustment.text()).toBe(201);
  const hold = await request.put(`/backend/api/PayrollRuns/${run.id}/holds/${hema.id}`, { headers, data: { kind: 'payout', reason: 'Bank proof pending' } });
  expect(hold.status(), await hold.text()).toBe(200);
  await processCurrentRun(request, owner.token);

  await login(page, owner.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /Sunita/ })).toBeVisible();

  // The employee form: each bad detail is named under its field, and nothing is saved.
  await page.goto(`/profile?userId=${arun.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit User' });
  const sections = form.getByRole('navigation', { name: 'Form sections' });
  await sections.getByText('Employment Details').click();
  await form.getByLabel('UAN').fill('10042760728');
  await sections.getByText('Bank Details').click();
  await form.getByLabel('Account number').fill('12345678');
  await form.getByLabel('IFSC code').fill(UNKNOWN_IFSC.toLowerCase());
  await expect(form.getByLabel('IFSC code')).toHaveValue(UNKNOWN_IFSC);
  // Save opens the first section with an error.
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByLabel('UAN')).toHaveAccessibleDescription('Please enter a valid UAN: 12 digits');
  await form.getByLabel('UAN').fill('100427607299');
  await sections.getByText('Bank Details').click();
  await expect(form.getByLabel('Account number')).toHaveAccessibleDescription('Please enter a valid bank account number: 9 to 18 digits');
  await page.screenshot({ path: '/tmp/mde2e-form-account-1440.png' });
  // With the account number and UAN right, the server looks the IFSC up in the branch directory.
  await form.getByLabel('Account number').fill('50100234567899');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByLabel('IFSC code')).toHaveAccessibleDescription(
    `IFSC ${UNKNOWN_IFSC} is not a known bank branch. Please check it against the cheque book or the bank's website`,
  );
  await page.screenshot({ path: '/tmp/mde2e-form-ifsc-1440.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await form.screenshot({ path: '/tmp/mde2e-form-ifsc-390.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await form.getByRole('button', { name: 'Cancel' }).click();
  const saved = ((await (await request.get(`/backend/api/Users/${arun.id}`, { headers })).json()) as { data: Record<string, unknown> }).data;
  expect([saved.uan, saved.bankAccountNumber, saved.ifscCode]).toEqual(['100427607286', '50100234567812', 'HDFC0001234']);

  // The run's warnings: Bala's bank line is held; Arun's deductions are over half of his wages.
  await page.goto('/payroll/payroll-run');
  await expect(page.getByRole('heading', { name: monthText(monthsAgo(1)) })).toBeVisible();
  const warnings = page.getByRole('table', { name: 'Employees with warnings' });
  const balaRow = warnings.getByRole('row').filter({ hasText: bala.name });
  await expect(balaRow).toContainText('Bank line held');
  await expect(balaRow).toContainText('No bank account number: its line is left out of the bank file until it is fixed');
  const arunRow = warnings.getByRole('row').filter({ hasText: arun.name });
  await expect(arunRow).toContainText('Deductions over 50%');
  const guard = /Deductions ₹([\d,]+) are (\d+\.\d\d)% of wages ₹([\d,]+): more than the 50% the Code on Wages 2019 \(s\.18\(2\)\) allows in a wage period/;
  await expect(arunRow).toContainText(guard);
  // ₹40,000 + the loan's ₹1,000 + the advance's ₹5,000 and the EPF, of wages below the ₹65,000 a month of his CTC; the share rounded up.
  const [, deducted = '', percent = '', wages = ''] = guard.exec(await arunRow.innerText()) ?? [];
  const [d, w] = [deducted, wages].map((x) => Number(x.replace(/,/g, '')));
  expect(d).toBeGreaterThan(46_000);
  expect(w).toBeLessThanOrEqual(65_000);
  expect(Number(percent)).toBe(Math.ceil(((d ?? 0) * 10_000) / (w ?? 1)) / 100);
  await expect(warnings.getByRole('row')).toHaveCount(2);
  await page.getByRole('region', { name: 'Warnings' }).screenshot({ path: '/tmp/mde2e-warnings-1440.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('region', { name: 'Warnings' }).screenshot({ path: '/tmp/mde2e-warnings-390.png' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The register: the loan's EMI and the advance's recovery in columns of their own; Hema held, with the reason.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download register' }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await download.path())) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the register has no sheet');
  const columns = (sheet.getRow(5).values as unknown[]).map(String);
  const rowOf = (name: string) => sheet.getRows(6, sheet.rowCount - 5)?.find((r) => r.getCell(2).value === name);
  const cell = (name: string, header: string) => rowOf(name)?.getCell(columns.indexOf(header)).value;
  expect([cell(arun.name, 'Loan EMI'), cell(arun.name, 'Salary advance recovery'), cell(hema.name, 'Loan EMI')]).toEqual([1_000, 5_000, 0]);
  expect(cell(hema.name, 'Status / Reason')).toBe('Payout on hold: Bank proof pending');
  expect(cell(arun.name, 'Status / Reason')).toBe('Paid in this run');

  // Finalized (through the API), the bank file pays Arun and leaves out Bala and Hema with the reasons.
  const finalized = await request.post(`/backend/api/PayrollRuns/${run.id}/finalize`, { headers });
  expect(finalized.status(), await finalized.text()).toBe(200);
  await page.reload();
  await page
    .getByRole('region', { name: `${monthText(monthsAgo(1))} finalized` })
    .getByRole('button', { name: 'Bank transfer file' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Bank transfer file — ${monthText(monthsAgo(1))}` });
  await expect(dialog.getByLabel('Payments in the file: 1')).toBeVisible();
  const leftOut = dialog.getByRole('table', { name: 'Left out of the bank file' });
  await expect(leftOut.getByRole('row').filter({ hasText: bala.name })).toContainText('No bank account number');
  await expect(leftOut.getByRole('row').filter({ hasText: hema.name })).toContainText('Payout on hold');
  await expect(leftOut.getByRole('row').filter({ hasText: arun.name })).toHaveCount(0);
});
