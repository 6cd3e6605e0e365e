import { expect as base, test } from './fixtures';
import { login, uniqueTag } from './helpers';
import { PASSWORD, addEmployee, firstDay, monthText, monthsAgo, processCurrentRun, registerOrganisation, setUpPayroll } from './payroll-org';

/**
 * Pay excluded from processing, brought into the open month and taken out again: a new
 * organisation where Gopal's processing is held in a month that is then finalized (through the API:
 * holds and finalize have browser tests of their own). In the browser the administrator opens the
 * finalized month, pays Gopal's pay in the open month, sees the open month's payslip explain the
 * brought-in lines, and undoes it. Months relative to today (the e2e server runs on the real date).
 */
test.use({ viewport: { width: 1440, height: 900 } });
// The run page asks for several parts at once: on a busy machine it takes longer than the default to settle.
const expect = base.configure({ timeout: 30_000 });

const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortText = ({ month, year }: { month: number; year: number }) => `${SHORT[month - 1] ?? ''} ${String(year)}`;

test('excluded pay of a finalized month is paid in the open month, explained on its payslip, and undone', async ({ page, request }) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const owner = await registerOrganisation(request, tag);
  const headers = { authorization: `Bearer ${owner.token}` };
  const gopal = await addEmployee(request, owner.token, tag, firstDay(monthsAgo(6)), 'Gopal');
  await addEmployee(request, owner.token, tag, firstDay(monthsAgo(6)), 'Lakshmi');
  await setUpPayroll(request, owner.token, monthsAgo(3));
  const excludedMonth = monthsAgo(2);
  const openMonth = monthsAgo(1);

  // Gopal's processing is held in the month, which is processed and finalized without him.
  const current = ((await (await request.get('/backend/api/PayrollRuns/current', { headers })).json()) as { data: { id: string } }).data;
  const hold = await request.put(`/backend/api/PayrollRuns/${current.id}/holds/${gopal.id}`, { headers, data: { kind: 'processing', reason: 'On unpaid sabbatical' } });
  expect(hold.status(), await hold.text()).toBe(200);
  const finalized = await processCurrentRun(request, owner.token);
  const fin = await request.post(`/backend/api/PayrollRuns/${finalized.id}/finalize`, { headers });
  expect(fin.status(), await fin.text()).toBe(200);

  await login(page, owner.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /Sunita/ })).toBeVisible();
  await page.goto(`/payroll/payroll-history/${finalized.id}`);
  await page.getByRole('textbox', { name: 'Search employees' }).fill(gopal.name);
  await page.getByRole('button', { name: `Actions for ${gopal.name}` }).click();
  await page.getByRole('menuitem', { name: 'Pay in the open month' }).click();
  const dialog = page.getByRole('dialog', { name: `Pay ${monthText(excludedMonth)} in the open month` });
  await dialog.getByRole('button', { name: 'Bring into the open month' }).click();
  await expect(page.getByText(`${gopal.name}: Pay for ${monthText(excludedMonth)} brought into ${monthText(openMonth)}`, { exact: false })).toBeVisible();
  const table = page.getByRole('table', { name: 'Payroll employees' });
  await expect(table.getByText(`Brought into ${monthText(openMonth)}`)).toBeVisible();
  await page.screenshot({ path: '/tmp/excluded-pay-history-1440.png', fullPage: true });

  // The open month is processed (as the administrator would, from its page): Gopal's payslip pays the month as lines of its own.
  await processCurrentRun(request, owner.token);
  await page.goto('/payroll/payroll-run');
  await expect(page.getByRole('heading', { name: monthText(openMonth) })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search employees' }).fill(gopal.name);
  await page.getByRole('button', { name: `Actions for ${gopal.name}` }).click();
  await page.getByRole('menuitem', { name: 'View payslip' }).click();
  await expect(page.getByRole('heading', { name: `Payslip for ${monthText(openMonth)}` })).toBeVisible();
  const basic = page.getByRole('button', { name: new RegExp(`^Basic.* for ${shortText(excludedMonth)}: show how it was computed$`) }).first();
  await basic.click();
  const how = page.getByRole('list', { name: new RegExp(`^How Basic.* for ${shortText(excludedMonth)} was computed$`) }).first();
  await expect(how.getByRole('listitem').first()).toHaveText(`Pay for ${shortText(excludedMonth)}, excluded from processing (On unpaid sabbatical), paid in ${shortText(openMonth)}`);
  await expect(how.getByRole('listitem').nth(1)).toHaveText(/^Basic ₹[\d,]+ × \d+ of \d+ payable days = ₹[\d,]+$|^Basic ₹[\d,]+/);
  await page.screenshot({ path: '/tmp/excluded-pay-payslip-1440.png', fullPage: true });

  // Undone from the finalized month while the open month is not finalized: left out again.
  await page.goto(`/payroll/payroll-history/${finalized.id}`);
  await page.getByRole('textbox', { name: 'Search employees' }).fill(gopal.name);
  await page.getByRole('button', { name: `Actions for ${gopal.name}` }).click();
  await page.getByRole('menuitem', { name: `Undo pay in ${monthText(openMonth)}` }).click();
  await expect(page.getByText(`${gopal.name}: pay for ${monthText(excludedMonth)} taken out of ${monthText(openMonth)} — left out again`)).toBeVisible();
  await expect(table.getByText(`Brought into ${monthText(openMonth)}`)).toHaveCount(0);
  await page.getByRole('button', { name: `Actions for ${gopal.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Pay in the open month' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The open month's payslip no longer pays it.
  const rows = ((await (await request.get(`/backend/api/PayrollRuns/current`, { headers })).json()) as { data: { id: string } }).data;
  const employees = ((await (await request.get(`/backend/api/PayrollRuns/${rows.id}/employees?search=${encodeURIComponent(gopal.name)}`, { headers })).json()) as { data: { payslipId: string }[] }).data;
  const slip = ((await (await request.get(`/backend/api/Payslips/${employees[0]?.payslipId ?? ''}`, { headers })).json()) as { data: { lines: { code: string }[] } }).data;
  expect(slip.lines.some((l) => l.code.startsWith('EXC_'))).toBe(false);
});
