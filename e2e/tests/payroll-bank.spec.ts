import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, apiLogin } from './helpers';

test.use({ signedInAs: 'administrator' });

/**
 * Issue 11 item 1, the browser test: the demo's last finalized month (finalized by the seed, not
 * paid yet) → the bank transfer file in the CSV layout with control totals → its header line's total
 * is checked against the month's net pay of the employees it includes (read from the API, less
 * those the dialog lists as left out) and against the sum of its lines; then the bank's return file
 * marks one payment failed, and the re-export carries only that one under a new reference.
 *
 * The demo's open month is not finalized here: that would lock this month's attendance, which
 * other browser tests change.
 */

interface BankFile {
  header: { debitAccount: string; debitIfsc: string; valueDate: string; count: number; totalPaise: number };
  records: { reference: string; name: string; account: string; ifsc: string; paise: number }[];
}

/** Reads the control-total layout (docs/decisions/0092-bank-transfer-file.md) by field position, not with the app's code. */
async function readBankFile(download: Download): Promise<BankFile> {
  const text = (await readFile(await download.path())).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  const [head = '', ...lines] = text.slice(0, -2).split('\r\n');
  const amount = (field: string) => {
    const m = /^(\d{1,10})\.(\d{2})$/.exec(field);
    if (!m) throw new Error(`not a 12.2 amount: ${field}`);
    return Number(m[1]) * 100 + Number(m[2]);
  };
  const h = head.split(',');
  expect(h).toHaveLength(6);
  expect(h[0]).toBe('H');
  return {
    header: { debitAccount: h[1] ?? '', debitIfsc: h[2] ?? '', valueDate: h[3] ?? '', count: Number(h[4]), totalPaise: amount(h[5] ?? '') },
    records: lines.map((line) => {
      const f = line.split(',');
      expect(f).toHaveLength(8);
      expect(f[0]).toBe('D');
      expect(f[5]).toBe('10');
      expect(f[7]).toBe(h[3]);
      return { reference: f[1] ?? '', name: f[2] ?? '', account: f[3] ?? '', ifsc: f[4] ?? '', paise: amount(f[6] ?? '') };
    }),
  };
}

/** '₹37,01,171' or '₹1,65,521.50' → paise. */
const paiseOf = (text: string) => Math.round(Number(text.replace(/[₹,\s]/g, '')) * 100);

async function figure(dialog: ReturnType<Page['getByRole']>, label: string): Promise<string> {
  const value = (await dialog.getByLabel(new RegExp(`^${label}: `)).getAttribute('aria-label')) ?? '';
  return value.slice(label.length + 2);
}

test('bank transfer file of a finalized demo month: its control total is the net pay of the employees it pays; a failed payment is re-exported alone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, DEMO.administrator);
  const headers = { authorization: `Bearer ${admin.token}` };
  const runs = ((await (await request.get('/backend/api/PayrollRuns', { headers })).json()) as { data: { id: string; month: string; status: string; netPay: number }[] }).data;
  const run = runs.find((r) => r.status === 'finalized');
  if (!run) throw new Error('the demo has no finalized month');
  const monthText = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${run.month}-01T00:00:00Z`));

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
  await page.goto('/payroll/payroll-run');
  const finalizedCard = page.getByRole('region', { name: `${monthText} finalized` });
  await expect(finalizedCard).toContainText(`${monthText} is finalized and not marked as paid yet.`);
  await finalizedCard.getByRole('button', { name: 'Bank transfer file' }).click();

  // Choose the layout with control totals, and the debit account its header carries.
  const dialog = page.getByRole('dialog', { name: `Bank transfer file — ${monthText}` });
  await expect(dialog.getByText('Template:')).toContainText('CSV without header');
  await dialog.getByRole('button', { name: 'Change' }).click();
  const settings = page.getByRole('dialog', { name: 'Bank file settings' });
  await settings.getByRole('radio', { name: 'CSV with control totals' }).check();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Debit account number is required for the CSV with control totals')).toBeVisible();
  await settings.getByLabel('Debit account number').fill('5020 0012 3456 78');
  await settings.getByLabel('Debit account IFSC').fill('hdfc0000001');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bank file settings saved')).toBeVisible();
  await expect(settings).toHaveCount(0);
  await expect(dialog.getByText('Template:')).toContainText('CSV with control totals');
  await expect(dialog).toContainText('XXXXXXXXXX5678 · HDFC0000001');

  // What the dialog says before the download: payments, total, and who is left out.
  await expect(dialog.getByLabel(/^Payments in the file: \d+$/)).toBeVisible();
  const shownCount = Number(await figure(dialog, 'Payments in the file'));
  const shownTotal = paiseOf(await figure(dialog, 'File total'));
  const leftOut = await dialog
    .getByRole('table', { name: 'Left out of the bank file' })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') })
    .allInnerTexts()
    .catch(() => []);
  await page.screenshot({ path: 'artifacts/payroll-bank-file-dialog.png' });

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download file' }).click()]);
  expect(download.suggestedFilename()).toBe(`Bank-Transfer-${monthText.replace(' ', '-')}.csv`);
  const file = await readBankFile(download);
  expect(file.header.debitAccount).toBe('50200012345678');
  expect(file.header.debitIfsc).toBe('HDFC0000001');
  expect(file.header.count).toBe(file.records.length);
  expect(file.header.count).toBe(shownCount);
  const linesTotal = file.records.reduce((s, r) => s + r.paise, 0);
  expect(file.header.totalPaise).toBe(linesTotal);
  expect(file.header.totalPaise).toBe(shownTotal);

  // The month's net pay of the included employees, read from the run's own employee list.
  const rows = ((await (await request.get(`/backend/api/PayrollRuns/${run.id}/employees?pageSize=100`, { headers })).json()) as { data: { name: string; netPay: number | null; hold: { kind: string } | null }[] }).data;
  const leftOutNames = new Set(leftOut.map((text) => text.split('\n')[0]?.trim() ?? ''));
  const included = rows.filter((r) => r.netPay !== null && r.hold?.kind !== 'payout' && !leftOutNames.has(r.name));
  expect(included).toHaveLength(file.records.length);
  const netOfIncluded = included.reduce((s, r) => s + Math.round((r.netPay ?? 0) * 100), 0);
  expect(file.header.totalPaise).toBe(netOfIncluded);
  // payroll-rules §2: the run's net = the file's total + the net of those left out.
  const netOfLeftOut = rows.filter((r) => !included.includes(r)).reduce((s, r) => s + Math.round((r.netPay ?? 0) * 100), 0);
  expect(Math.round(run.netPay * 100)).toBe(file.header.totalPaise + netOfLeftOut);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The month's page: every payment awaits the bank.
  await finalizedCard.getByRole('link', { name: `Open ${monthText}` }).click();
  const bank = page.getByRole('region', { name: 'Bank transfer' });
  const counts = bank.getByRole('list', { name: 'Payment status counts' });
  await expect(counts.getByLabel(`Awaiting bank: ${String(file.records.length)}`)).toBeVisible();

  // The bank's return file: the first payment failed, the others paid.
  const [first, ...others] = file.records;
  if (!first) throw new Error('the file pays nobody');
  const returnCsv = ['Customer Ref No,Transaction Status,UTR No,Return Reason,Amount', `${first.reference},Rejected,,Account closed,${(first.paise / 100).toFixed(2)}`, ...others.map((r, i) => `${r.reference},Success,HDFCN5${String(i).padStart(10, '0')},,${(r.paise / 100).toFixed(2)}`)].join('\r\n');
  await bank.getByRole('button', { name: 'Upload return file' }).click();
  const upload = page.getByRole('dialog', { name: `Upload bank return file — ${monthText}` });
  await upload.locator('input[type="file"]').setInputFiles({ name: 'bank-status.csv', mimeType: 'text/csv', buffer: Buffer.from(returnCsv) });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByRole('status')).toContainText(`${String(others.length)} paid`);
  await expect(upload.getByRole('status')).toContainText('1 failed');
  await upload.getByRole('button', { name: 'Close' }).click();
  await expect(counts.getByLabel(`Paid: ${String(others.length)}`)).toBeVisible();
  await expect(counts.getByLabel('Failed: 1')).toBeVisible();
  await page.screenshot({ path: 'artifacts/payroll-bank-payments.png', fullPage: true });

  // Re-export the failed one: a file of one payment, under a new reference.
  await bank.getByRole('button', { name: 'Re-export failed (1)' }).click();
  const retry = page.getByRole('dialog', { name: `Re-export failed payments — ${monthText}` });
  await expect(retry.getByLabel('Payments in the file: 1')).toBeVisible();
  const [again] = await Promise.all([page.waitForEvent('download'), retry.getByRole('button', { name: 'Download file' }).click()]);
  const retried = await readBankFile(again);
  expect(retried.header.count).toBe(1);
  expect(retried.records[0]?.paise).toBe(first.paise);
  expect(retried.header.totalPaise).toBe(first.paise);
  expect(retried.records[0]?.reference).toBe(`${first.reference.slice(0, 13)}02`);
  await retry.getByRole('button', { name: 'Close' }).click();

  // Every file is in the month's reports.
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/payroll\/reports$/);
  const generated = page.getByRole('table', { name: 'Generated files' });
  await expect(generated.getByRole('row').filter({ hasText: 'Bank transfer file' })).toHaveCount(2);
  await expect(generated.getByRole('row').filter({ hasText: 'Bank return file' })).toHaveCount(1);
  await page.screenshot({ path: 'artifacts/payroll-reports.png', fullPage: true });
});
