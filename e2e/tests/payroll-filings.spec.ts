import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ signedInAs: 'administrator' });

/**
 * Issue 11 item 2, the browser test: the demo organisation's last finalized month → Statutory files
 * → the ECR validation → download the ECR → its first line is read by EPFO's published layout
 * (eleven fields split on '#~#', whole rupees) and matches that employee's payslip: gross, and the
 * EPF lines (employee share, EPS, employer EPF). Then the journal's ledger accounts screen.
 *
 * No figure is written here: they are read from the payslip page and compared with the file.
 */

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The demo's latest finalized month: the month before this one in Asia/Kolkata. */
function lastMonthText(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 2;
  return `${MONTH_NAMES[index % 12] ?? ''} ${String(Math.floor(index / 12))}`;
}

/** '₹1,800' → 1800 (whole rupees on a payslip line). */
const rupees = (text: string) => Number(text.replace(/[₹,\s]/g, ''));

/** The amount of a payslip line, in the card's table, by its label. */
async function lineAmount(table: Locator, label: string): Promise<number> {
  const row = table.getByRole('row').filter({ hasText: label }).first();
  const cells = row.getByRole('cell');
  return rupees(await cells.last().innerText());
}

test('a finalized month: the ECR is checked, downloaded, and its first line matches that employee’s payslip', async ({ page }) => {
  test.setTimeout(120_000);
  const month = lastMonthText();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();

  await page.goto('/payroll/payroll-history');
  await page.getByRole('table', { name: 'Payroll runs' }).getByRole('link', { name: month, exact: true }).click();
  await expect(page.getByRole('heading', { name: month })).toBeVisible();
  const files = page.getByRole('region', { name: 'Statutory files' });
  await expect(files.getByRole('table', { name: 'Statutory files of the month' })).toBeVisible();
  await expect(files.getByRole('row').filter({ hasText: 'EPF ECR' })).toContainText(/\d+ members/);
  await page.screenshot({ path: 'artifacts/filings-run.png', fullPage: true });

  // The validation screen: every line, none rejected in the demo.
  await files.getByRole('button', { name: 'Check and download EPF ECR' }).click();
  const dialog = page.getByRole('dialog', { name: `EPF ECR — ${month}` });
  await expect(dialog.getByText('Every line passes the checks EPFO makes on upload.')).toBeVisible();
  const lines = dialog.getByRole('table', { name: 'ECR lines' });
  const firstRow = lines.getByRole('row').nth(1);
  const employeeName = (await firstRow.getAttribute('aria-label')) ?? '';
  expect(employeeName).not.toBe('');
  await page.screenshot({ path: 'artifacts/filings-ecr-check.png', fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download ECR' }).click()]);
  expect(download.suggestedFilename()).toBe(`ECR-${month.replace(' ', '-')}.txt`);
  const text = (await readFile(await download.path())).toString('ascii');
  const [first = ''] = text.split('\n');
  const fields = first.split('#~#');
  expect(fields).toHaveLength(11);
  expect(fields[0]).toMatch(/^\d{12}$/);
  for (const f of fields.slice(2)) expect(f).toMatch(/^\d+$/);
  expect(fields[1]).toBe(employeeName.toUpperCase().replace(/[^A-Z. ]/g, ''));
  await expect(dialog).toHaveCount(0);

  // That employee's payslip in the same month.
  await page.getByRole('searchbox', { name: 'Search employees' }).or(page.getByRole('textbox', { name: 'Search employees' })).fill(employeeName);
  const employees = page.getByRole('table', { name: 'Payroll employees' });
  await expect(employees.getByRole('row').filter({ hasText: employeeName }).first()).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${employeeName}` }).click();
  await page.getByRole('menuitem', { name: 'View payslip' }).click();
  await expect(page.getByRole('heading', { name: `Payslip for ${month}` })).toBeVisible();
  const earnings = page.getByRole('table', { name: 'Earnings' });
  const deductions = page.getByRole('table', { name: 'Deductions' });
  const employer = page.getByRole('table', { name: 'Employer contributions' });
  const gross = rupees(await earnings.locator('tfoot th').last().innerText());
  await page.screenshot({ path: 'artifacts/filings-payslip.png', fullPage: true });

  // Field 3 gross wages; 7 the employee's EPF; 8 EPS; 9 the employer's EPF less EPS; 11 refunds 0.
  expect(Number(fields[2])).toBe(gross);
  expect(Number(fields[6])).toBe(await lineAmount(deductions, 'Provident Fund (EPF)'));
  expect(Number(fields[7])).toBe(await lineAmount(employer, 'EPS (employer)'));
  expect(Number(fields[8])).toBe(await lineAmount(employer, 'EPF (employer)'));
  expect(fields[10]).toBe('0');
  // 12% of the EPF wages is the employee's share (india-tax-rules §10), whole rupees half up.
  expect(Number(fields[6])).toBe(Math.round(Number(fields[3]) * 0.12));
});

test('the journal waits for ledger accounts; the administrator maps them on Payroll Settings → Ledger accounts', async ({ page }) => {
  test.setTimeout(120_000);
  const month = lastMonthText();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
  await page.goto('/payroll/payroll-history');
  await page.getByRole('table', { name: 'Payroll runs' }).getByRole('link', { name: month, exact: true }).click();
  const files = page.getByRole('region', { name: 'Statutory files' });
  const journal = files.getByRole('row').filter({ hasText: 'Payroll journal' });
  await expect(journal).toContainText(/components? ha(s|ve) no ledger account/);
  await expect(files.getByRole('button', { name: 'Download Payroll journal (XLSX)' })).toBeDisabled();

  await journal.getByRole('link', { name: 'Map ledger accounts' }).click();
  await expect(page).toHaveURL(/\/payroll\/settings\/ledger-accounts\?runId=/);
  await expect(page.getByRole('tab', { name: 'Ledger accounts' })).toHaveAttribute('aria-selected', 'true');
  // Half an account is refused where it is typed.
  const basicCode = page.getByRole('textbox', { name: 'Account code for Basic' });
  await basicCode.fill('5001');
  await page.getByRole('button', { name: 'Save ledger accounts' }).click();
  await expect(page.getByText('Enter both the account code and the account name')).toBeVisible();
  await page.screenshot({ path: 'artifacts/filings-ledger-error.png', fullPage: true });

  // Every component on one of three accounts: salaries (debits), payables (credits).
  const codes = page.getByRole('textbox', { name: /^Account code for / });
  const names = page.getByRole('textbox', { name: /^Account name for / });
  const count = await codes.count();
  for (let i = 0; i < count; i += 1) {
    const label = (await codes.nth(i).getAttribute('aria-label')) ?? '';
    const section = await codes.nth(i).locator('xpath=ancestor::section[1]').getAttribute('aria-label');
    const [code, name] = section === 'Earnings' ? ['5001', 'Salaries and wages'] : label.endsWith('Employer contribution expense') ? ['5002', 'Employer contributions'] : ['2100', 'Payroll payables'];
    await codes.nth(i).fill(code);
    await names.nth(i).fill(name);
  }
  await page.getByRole('button', { name: 'Save ledger accounts' }).click();
  await expect(page.getByText('Ledger accounts saved')).toBeVisible();
  await page.screenshot({ path: 'artifacts/filings-ledger-saved.png', fullPage: true });

  await page.goBack();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('region', { name: 'Statutory files' }).getByRole('button', { name: 'Download Payroll journal (CSV)' }).click()]);
  const csv = (await readFile(await download.path())).toString('utf8').trimEnd().split('\r\n');
  expect(csv[0]).toBe('Date,Reference,Account Code,Account Name,Debit,Credit,Narration');
  const amounts = csv.slice(1).map((l) => l.split(','));
  const sum = (i: number) => amounts.reduce((s, f) => s + Math.round(Number(f[i] || 0) * 100), 0);
  expect(sum(4)).toBeGreaterThan(0);
  expect(sum(4)).toBe(sum(5));
});
