import { expect, test } from './fixtures';
import { DEMO, apiLogin } from './helpers';

test.use({ signedInAs: 'administrator', viewport: { width: 1440, height: 900 } });

/**
 * Held pay after finalize, the browser path: the demo's paid month whose payout the
 * seed held (put on hold on the processed run, then finalized and marked paid, through the API as the
 * demo is seeded) → Release payout → the "Released payouts" bank file → Mark paid for that payment →
 * the employee's payslip says held on, released on (by whom) and paid on.
 *
 * The open month is not put on hold and finalized here: finalizing it would lock this month's
 * attendance, which other browser tests of the same worker change.
 */
test('a held payout of a paid month is released, paid from its own file and the payslip says held, released and paid', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request, DEMO.administrator);
  const headers = { authorization: `Bearer ${admin.token}` };
  const runs = ((await (await request.get('/backend/api/PayrollRuns', { headers })).json()) as { data: { id: string; month: string; status: string; holds: { payout: number } }[] }).data;
  const run = runs.find((r) => r.status === 'paid' && r.holds.payout > 0);
  if (!run) throw new Error('the demo has no paid month with a payout on hold');
  const rows = ((await (await request.get(`/backend/api/PayrollRuns/${run.id}/employees?filter=onHold`, { headers })).json()) as { data: { name: string; payslipId: string; hold: { kind: string } }[] }).data;
  const held = rows.find((r) => r.hold.kind === 'payout');
  if (!held) throw new Error('no payout hold in the paid month');

  await page.goto(`/payroll/payroll-history/${run.id}`);
  await page.getByRole('textbox', { name: 'Search employees' }).fill(held.name);
  await page.getByRole('button', { name: `Actions for ${held.name}` }).click();
  await page.getByRole('menuitem', { name: 'Release payout' }).click();
  await expect(page.getByText(`${held.name}: payout released — pay it from the released-payouts bank file`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payroll employees' }).getByText('Payout released')).toBeVisible();
  if (process.env.HELD_PAY_SCREENSHOTS) await page.screenshot({ path: '/tmp/held-pay-history-1440.png', fullPage: true });

  // The released payout has its own bank file.
  const bank = page.getByRole('region', { name: 'Bank transfer' });
  await bank.getByRole('button', { name: 'Released payouts (1)' }).click();
  const fileDialog = page.getByRole('dialog', { name: /^Released payouts — / });
  await expect(fileDialog.getByLabel('Payments in the file: 1')).toBeVisible();
  await expect(fileDialog.getByRole('button', { name: 'Download file' })).toBeEnabled();
  await fileDialog.getByRole('button', { name: 'Close' }).click();
  await expect(fileDialog).toHaveCount(0);

  // Paid outside a file (the bank confirmed it): that one payment is marked paid.
  await bank.getByRole('button', { name: /^Show payments/ }).click();
  await bank.getByRole('button', { name: `Mark the payment to ${held.name} as paid` }).click();
  const paidDialog = page.getByRole('dialog', { name: 'Mark payment as paid' });
  await paidDialog.getByLabel('UTR or payment reference').fill('HDFCN5E2E0001');
  await paidDialog.getByRole('button', { name: /Mark as paid|Save|Mark paid/ }).click();
  await expect(paidDialog).toHaveCount(0);

  await page.goto(`/payroll/details/${held.payslipId}`);
  await expect(page.getByText(/^Payout held on \d{2} \w{3} \d{4}: Salary account change/)).toBeVisible();
  await expect(page.getByText(/^Released on \d{2} \w{3} \d{4} by Anita Rao$/)).toBeVisible();
  await expect(page.getByText(/^Paid on \d{2} \w{3} \d{4}$/)).toBeVisible();
  if (process.env.HELD_PAY_SCREENSHOTS) {
    await page.screenshot({ path: '/tmp/held-pay-payslip-1440.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/held-pay-payslip-390.png', fullPage: true });
    await page.goto(`/payroll/payroll-history/${run.id}`);
    await page.getByRole('textbox', { name: 'Search employees' }).fill(held.name);
    await expect(page.getByRole('table', { name: 'Payroll employees' }).getByText('Payout released')).toBeVisible();
    await page.screenshot({ path: '/tmp/held-pay-history-390.png', fullPage: true });
  }
});
