import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAcceptInvite, apiLogin, latestMail, login, uniqueTag } from './helpers';

/**
 * Issue 26 item 1, the browser test: a processed month whose input changes afterwards. An
 * organisation of its own (set up through the API, as payroll.spec.ts does through the screens)
 * processes this month; the administrator approves a day of Loss of Pay in it. The run page says one
 * employee changed since processing and why, Finalize is refused naming her, "Re-process changed
 * employees" takes the change in, and Finalize then works.
 *
 * This month, not the last: the month must have begun, and leave may be back-dated only so far.
 */

const PASSWORD = 'Payday2026';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Today in the organisation's zone, 'YYYY-MM-DD'. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** A working day of this month for the employee, as the server counts leave days: the latest up to today, else the first after. */
async function workingDayThisMonth(request: APIRequestContext, token: string): Promise<string> {
  const now = today();
  const day = Number(now.slice(8, 10));
  const candidates = [...Array.from({ length: day }, (_, i) => day - i), ...Array.from({ length: 31 - day }, (_, i) => day + 1 + i)];
  for (const d of candidates) {
    const date = `${now.slice(0, 8)}${String(d).padStart(2, '0')}`;
    const res = await request.get(`/backend/api/Leaves/days?startDate=${date}&endDate=${date}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status() === 200 && ((await res.json()) as { data: { days: number } }).data.days === 1) return date;
  }
  throw new Error('no working day this month');
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

test('a Loss-of-Pay day approved after processing: the run shows who changed and why, finalize waits, one click re-processes them', async ({ page, request }) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const thisMonth = today().slice(0, 7);
  const last = (() => {
    const index = Number(thisMonth.slice(0, 4)) * 12 + Number(thisMonth.slice(5, 7)) - 2;
    return { month: (index % 12) + 1, year: Math.floor(index / 12) };
  })();
  const monthHeading = `${LONG_MONTHS[Number(thisMonth.slice(5, 7)) - 1] ?? ''} ${thisMonth.slice(0, 4)}`;

  // The organisation, its administrator and one employee with a salary.
  const email = `owner.${tag.digits}@godavari-looms.in`;
  const organisation = `Godavari Looms ${tag.digits.slice(-6)}`;
  expect(
    (await request.post('/backend/api/Account/register', { data: { firstName: 'Meera', lastName: 'Pillai', organizationName: organisation, email, password: PASSWORD, confirmPassword: PASSWORD } })).status(),
  ).toBe(201);
  const link = (await latestMail(request, email)).links.find((l) => l.includes('/verify-user/')) ?? '';
  const [token = '', address = ''] = new URL(link).pathname.split('/').slice(2).map(decodeURIComponent);
  expect((await request.post('/backend/api/Account/verify-user', { data: { token, email: address } })).status()).toBe(200);
  const owner = await apiLogin(request, email, PASSWORD);
  const headers = { authorization: `Bearer ${owner.token}` };
  await json(await request.put('/backend/api/Tenants', { headers, multipart: { tenantName: organisation, address: '3 Weavers Street, Rajahmundry, Andhra Pradesh 533101', pan: 'AAKCG4821M' } }));
  await json(await request.post('/backend/api/settings', { headers, data: { workingHours: '9', weekDaysOff: 'Sunday' } }));
  const employee = { firstName: 'Lakshmi', lastName: `Devi${tag.letters.toLowerCase()}`, email: `lakshmi.${tag.digits}@godavari-looms.in` };
  const invited = await request.post('/backend/api/Users/invite', {
    headers,
    data: {
      ...employee,
      employeeNumber: `GL${tag.digits.slice(-6)}`,
      dateOfJoining: `${String(last.year - 1)}-04-01`,
      experience: 4,
      designation: 'Weaver',
      annualCTC: 480_000,
      regimeType: 1,
      pan: 'BQRPD7345K',
      bankAccountNumber: '50100234567899',
      bankName: 'HDFC Bank',
      ifscCode: 'HDFC0001234',
    },
  });
  expect(((await invited.json()) as { data: { statusCode: number } }).data.statusCode).toBe(200);
  await apiAcceptInvite(request, employee.email, PASSWORD);
  const name = `${employee.firstName} ${employee.lastName}`;

  // Payroll set up with last month as the last one run elsewhere: this month is open; process it.
  await json(await request.put('/backend/api/PayrollSettings', { headers, data: { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: last.month, lastPayrollYear: last.year } }));
  for (const path of ['PayrollSetup/steps/salaryComponents/complete', 'PayrollSetup/steps/statutoryComponents/complete', 'PayrollSettings/mark-completed', 'PayrollSetup/complete']) {
    await json(await request.post(`/backend/api/${path}`, { headers }));
  }
  const run = await json<{ id: string; month: string }>(await request.get('/backend/api/PayrollRuns/current', { headers }));
  expect(run.month).toBe(thisMonth);
  expect((await request.post(`/backend/api/PayrollRuns/${run.id}/process`, { headers })).status()).toBe(202);
  await expect.poll(async () => (await json<{ status: string }>(await request.get(`/backend/api/PayrollRuns/${run.id}`, { headers }))).status, { timeout: 60_000 }).toBe('processed');

  // After processing: she asks for a day of Loss of Pay and the administrator approves it.
  const mine = await apiLogin(request, employee.email, PASSWORD);
  const day = await workingDayThisMonth(request, mine.token);
  const types = await json<{ id: string; code: string }[]>(await request.get('/backend/api/LeaveTypes', { headers: { authorization: `Bearer ${mine.token}` } }));
  const lop = types.find((t) => t.code === 'LOP');
  const leave = await json<{ id: string }>(
    await request.post('/backend/api/Leaves', { headers: { authorization: `Bearer ${mine.token}` }, data: { leaveTypeId: lop?.id ?? '', startDate: day, endDate: day, reason: 'Family function' } }),
  );
  await json(await request.put(`/backend/api/Leaves/${leave.id}/status`, { headers, data: { status: 2 } }));
  const reason = `Loss of Pay approved for ${day.slice(8, 10)} ${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''} ${day.slice(0, 4)} by Meera Pillai`;

  // The run page: one employee changed since processing, and why, under her name.
  await login(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: /Meera/ })).toBeVisible({ timeout: 30_000 });
  await page.goto('/payroll/payroll-run');
  await expect(page.getByRole('heading', { name: monthHeading })).toBeVisible({ timeout: 30_000 });
  const notice = page.getByRole('region', { name: 'Changed since processing' });
  await expect(notice).toContainText('1 employee changed since processing');
  const row = page.getByRole('table', { name: 'Payroll employees' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByLabel(`What changed for ${name}`)).toContainText(reason);
  const lopCell = row.getByRole('cell').nth(2);
  const lopBefore = Number(await lopCell.innerText());
  // How it looks on a desktop and on a phone (kept with the test's artifacts).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'artifacts/payroll-stale-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'artifacts/payroll-stale-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Finalize is refused, naming her.
  await page.getByRole('button', { name: 'Finalize Payroll' }).click();
  const finalize = page.getByRole('dialog', { name: 'Finalize Payroll' });
  await finalize.getByRole('button', { name: `Yes, finalize ${monthHeading}` }).click();
  await expect(finalize.getByRole('alert', { name: 'Not finalized' })).toContainText(`Inputs changed after processing for ${name}: process this employee again before finalizing`);
  await finalize.getByRole('button', { name: 'Close' }).click();

  // One click re-processes her: the notice goes and the day shows as loss of pay.
  await notice.getByRole('button', { name: 'Re-process changed employees' }).click();
  await expect(page.getByText('1 employee processed again')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(row.getByLabel(`What changed for ${name}`)).toHaveCount(0);
  await expect(lopCell).toHaveText(String(lopBefore + 1));

  // Finalize now works.
  await page.getByRole('button', { name: 'Finalize Payroll' }).click();
  await page.getByRole('dialog', { name: 'Finalize Payroll' }).getByRole('button', { name: `Yes, finalize ${monthHeading}` }).click();
  await expect(page.getByText(`${monthHeading} is finalized and not marked as paid yet.`)).toBeVisible();
});
