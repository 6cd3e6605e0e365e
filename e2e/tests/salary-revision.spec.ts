import { expect, test } from './fixtures';
import { DEMO, apiLogin, typeDate } from './helpers';

test.use({ signedInAs: 'administrator' });

/**
 * Issue 11 item 3, the browser test: an administrator revises an employee's salary from the first day
 * of a finalized month (the demo organisation has the two months before this one finalized and this
 * month open), processes the open month and sees the arrears as separate lines on the payslip, each
 * explaining itself month by month. No figure is written here: the amounts are the month
 * calculation's (the domain and HTTP tests check them by hand); this checks the flow a person uses.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function monthsAgo(back: number): { month: number; year: number } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - back;
  return { month: (index % 12) + 1, year: Math.floor(index / 12) };
}
const short = ({ month, year }: { month: number; year: number }) => `${MONTHS[month - 1] ?? ''} ${String(year)}`;

test('revise a salary from a finalized month, process the open month: arrears lines on the payslip', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, DEMO.administrator);
  const headers = { authorization: `Bearer ${admin.token}` };
  // An employee paid in the last finalized month (not the two demo logins other tests use).
  const runs = ((await (await request.get('/backend/api/PayrollRuns', { headers })).json()) as { data: { id: string; month: string; status: string }[] }).data;
  const finalized = runs.find((r) => r.status === 'finalized' || r.status === 'paid');
  expect(finalized, 'the demo has a finalized month').toBeDefined();
  const rows = ((await (await request.get(`/backend/api/PayrollRuns/${finalized?.id ?? ''}/employees?pageSize=100`, { headers })).json()) as { data: { userId: string; name: string; payslipId: string | null }[] }).data;
  const employee = rows.filter((r) => r.payslipId !== null && !/Anita|Aditi/.test(r.name)).at(-1);
  expect(employee).toBeDefined();
  const who = employee?.name ?? '';
  const from = monthsAgo(2);
  const effectiveFrom = `${String(from.year)}-${String(from.month).padStart(2, '0')}-01`;

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
  await page.goto(`/profile?userId=${employee?.userId ?? ''}`);
  const salary = page.getByRole('region', { name: 'Salary Details' });
  await expect(salary.getByRole('table', { name: 'Earnings' })).toBeVisible();
  await expect(salary.getByText('No salary revisions yet')).toBeVisible();

  // Revise salary: effective from the first day of a finalized month, CTC up by ₹1,20,000.
  await salary.getByRole('button', { name: 'Revise salary' }).click();
  const modal = page.getByRole('dialog', { name: 'Revise salary' });
  const ctc = modal.getByLabel('Annual CTC (₹)');
  await expect(ctc).not.toHaveValue('');
  const before = Number(await ctc.inputValue());
  await typeDate(modal.getByLabel('Effective from'), effectiveFrom);
  await ctc.fill(String(before + 120_000));
  await expect(modal.getByLabel('Calculating')).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/salary-revision-modal.png', fullPage: true });
  await modal.getByRole('button', { name: 'Save revision' }).click();
  await expect(page.getByText('Salary revised successfully')).toBeVisible();
  await expect(modal).toHaveCount(0);

  // The history: effective date, CTC old → new, the per-component change, arrears due in the next run.
  const history = salary.getByRole('table', { name: 'Revision history' });
  const row = history.getByRole('row').nth(1);
  await expect(row).toContainText(`01 ${short(from)}`);
  await expect(row).toContainText('→');
  await expect(row).toContainText('Basic: ');
  await expect(row).toContainText('Next payroll run');
  await page.screenshot({ path: 'artifacts/salary-revision-history.png', fullPage: true });

  // Process the open month and open the employee's payslip.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Payroll', exact: true }).click();
  await expect(page).toHaveURL(/\/payroll\/payroll-run$/);
  await page.getByRole('button', { name: 'Process Payroll' }).click();
  // The run may already read Processed (other tests process the demo month too): wait for this processing to start.
  await expect(page.getByText('Payroll processing started')).toBeVisible();
  await expect(page.getByText('Processed', { exact: true })).toBeVisible({ timeout: 90_000 });
  await page.getByRole('textbox', { name: 'Search employees' }).fill(who);
  await expect(page.getByRole('table', { name: 'Payroll employees' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Actions for ${who}` }).click();
  await page.getByRole('menuitem', { name: 'View payslip' }).click();
  await expect(page).toHaveURL(/\/payroll\/details\//);

  // The arrears are separate lines: "Basic arrears <first month> – <last finalized month>", explained month by month.
  const range = `${short(monthsAgo(2))} – ${short(monthsAgo(1))}`;
  const label = `Basic arrears ${range}`;
  const line = page.getByRole('button', { name: `${label}: show how it was computed` });
  await expect(line).toBeVisible();
  await line.click();
  const how = page.getByRole('list', { name: `How ${label} was computed` });
  await expect(how.getByRole('listitem').first()).toContainText(`${short(monthsAgo(2))}: due ₹`);
  await expect(how.getByRole('listitem').filter({ hasText: `${short(monthsAgo(1))}: due ₹` })).toHaveCount(1);
  await page.screenshot({ path: 'artifacts/salary-revision-payslip.png', fullPage: true });
});
