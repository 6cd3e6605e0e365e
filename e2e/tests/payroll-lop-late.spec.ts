import { expect as base, test } from './fixtures';
import { apiLogin, login, uniqueTag } from './helpers';
import { PASSWORD, firstDay, hireEmployee, monthText, monthsAgo, processCurrentRun, registerOrganisation, setUpPayroll } from './payroll-org';

/**
 * Loss of pay approved after its month was finalized (the figures are
 * payroll-lop-late.int.test.ts's): two months ago is processed and finalized, then a Loss-of-Pay day
 * of it is approved; last month's payslip recovers it as a line of its own that explains itself.
 * Months relative to today (the e2e server runs on the real date); data set up through the API.
 */
test.use({ viewport: { width: 1440, height: 900 } });
// The run page asks for several parts at once: on a busy machine it takes longer than the default to settle.
const expect = base.configure({ timeout: 30_000 });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

test('a Loss-of-Pay day approved after finalize is recovered in the next month’s payslip, explained', async ({ page, request }) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const owner = await registerOrganisation(request, tag);
  const employee = await hireEmployee(request, owner.token, tag, firstDay(monthsAgo(6)));
  await setUpPayroll(request, owner.token, monthsAgo(3));
  const headers = { authorization: `Bearer ${owner.token}` };
  const finalized = await processCurrentRun(request, owner.token);
  expect((await request.post(`/backend/api/PayrollRuns/${finalized.id}/finalize`, { headers })).status()).toBe(200);

  // The 15th of the finalized month (the next day when it is a Sunday, the week-off): Loss of Pay, applied and approved.
  const { month, year } = monthsAgo(2);
  let day = 15;
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDay() === 0) day += 1;
  const date = `${String(year)}-${String(month).padStart(2, '0')}-${String(day)}`;
  const me = await apiLogin(request, employee.email, PASSWORD);
  const mine = { authorization: `Bearer ${me.token}` };
  const types = ((await (await request.get('/backend/api/LeaveTypes', { headers: mine })).json()) as { data: { id: string; code: string }[] }).data;
  const applied = await request.post('/backend/api/Leaves', { headers: mine, data: { leaveTypeId: types.find((x) => x.code === 'LOP')?.id, startDate: date, endDate: date, reason: 'Family function' } });
  expect(applied.status(), await applied.text()).toBe(201);
  const leaveId = ((await applied.json()) as { data: { id: string } }).data.id;
  const approved = await request.put(`/backend/api/Leaves/${leaveId}/status`, { headers, data: { status: 2 } });
  expect(approved.status(), await approved.text()).toBe(200);

  // The next month is processed; its payslip recovers the day.
  await processCurrentRun(request, owner.token);
  const label = `Loss of Pay ${String(day).padStart(2, '0')} ${MONTHS[month - 1] ?? ''} ${String(year)}, 1 day, recovered`;
  await login(page, owner.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /Sunita/ })).toBeVisible();
  await page.goto('/payroll/payroll-run');
  await expect(page.getByRole('heading', { name: monthText(monthsAgo(1)) })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${employee.name}` }).click();
  await page.getByRole('menuitem', { name: 'View payslip' }).click();
  await expect(page.getByRole('heading', { name: `Payslip for ${monthText(monthsAgo(1))}` })).toBeVisible();
  await page.getByRole('button', { name: `${label}: show how it was computed` }).click();
  const how = page.getByRole('list', { name: `How ${label} was computed` });
  await expect(how.getByRole('listitem').first()).toHaveText(`${String(day).padStart(2, '0')} ${MONTHS[month - 1] ?? ''} ${String(year)}: loss of pay after ${MONTHS[month - 1] ?? ''} ${String(year)} was finalized (paid, not worked)`);
  await expect(how.getByRole('listitem').nth(1)).toHaveText(/^Per-day rate: ₹[\d,]+(\.\d\d)? a month ÷ \d\d days = ₹[\d,.]+ a day; 1 day recovered$/);
  await expect(how.getByRole('listitem').last()).toHaveText(/^Recovered: −₹[\d,]+$/);
  await page.screenshot({ path: '/tmp/latelop-payslip-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/latelop-payslip-390.png', fullPage: true });
});
