import { expect as base, test } from './fixtures';
import { login, typeDate, uniqueTag } from './helpers';
import { PASSWORD, firstDay, hireEmployee, monthText, monthsAgo, processCurrentRun, registerOrganisation, setUpPayroll } from './payroll-org';

/**
 * The payroll calendar in the browser (the server's rules are payroll-calendar.int.test.ts).
 * The e2e server runs on the real date, so the months are relative to today: this month is under way,
 * the next has not begun. A new organisation whose last payroll run elsewhere was last month.
 */
test.use({ viewport: { width: 1440, height: 900 } });
// The run page asks for several parts at once: on a busy machine it takes longer than the default to settle.
const expect = base.configure({ timeout: 30_000 });

const isoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const shift = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('this month finalized before its end says which days are still to come; the next month is refused; pay day and Mark as Paid follow the calendar', async ({ page, request }) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const owner = await registerOrganisation(request, tag);
  const employee = await hireEmployee(request, owner.token, tag, firstDay(monthsAgo(6)));
  await setUpPayroll(request, owner.token, monthsAgo(1));
  await processCurrentRun(request, owner.token);
  const thisMonth = monthText(monthsAgo(0));
  const nextMonth = monthText(monthsAgo(-1));

  // The pay day setting offers the last working day and a day of the next month (1st–7th).
  await login(page, owner.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /Sunita/ })).toBeVisible();
  await page.goto('/payroll/settings');
  const payDayType = page.getByLabel('Pay Day Type');
  await expect(payDayType.getByRole('option')).toHaveText(['Last working day', 'Day of month', 'Day of next month']);
  await payDayType.selectOption({ label: 'Day of next month' });
  await expect(page.getByLabel('Pay Day', { exact: true }).getByRole('option')).toHaveText(['1', '2', '3', '4', '5', '6', '7']);
  await expect(page.getByText(/paid on day \d of the next month/)).toBeVisible();

  // Finalizing this month before it ends: the confirmation names the days still to come and how they are paid.
  await page.goto('/payroll/payroll-run');
  await expect(page.getByRole('heading', { name: thisMonth })).toBeVisible();
  await page.getByRole('button', { name: 'Finalize Payroll' }).click();
  const finalize = page.getByRole('dialog', { name: 'Finalize Payroll' });
  const toCome = finalize.getByRole('note');
  await expect(toCome).toContainText(/\d+ days? still to come/);
  await expect(toCome).toContainText('(today)');
  await expect(toCome).toContainText('as present, except unpaid leave already approved');
  await expect(toCome).toContainText('later changes that affect pay are carried to the next month’s payroll');
  await page.screenshot({ path: '/tmp/latelop-finalize-confirm-1440.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/latelop-finalize-confirm-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await finalize.getByRole('button', { name: `Yes, finalize ${thisMonth}` }).click();

  // The next month opens and has not begun: Process and Finalize are refused, saying from when.
  await expect(page.getByRole('heading', { name: nextMonth })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'This month has not begun' })).toContainText(`${nextMonth} has not begun yet: its payroll can be processed and finalized from 01 `);
  await expect(page.getByRole('button', { name: 'Process Payroll' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Finalize Payroll' })).toBeDisabled();

  // Mark as Paid takes a day from the finalize day to today only.
  const finalized = page.getByRole('region', { name: `${thisMonth} finalized` });
  await finalized.getByRole('button', { name: 'Mark as Paid' }).click();
  const paid = page.getByRole('dialog', { name: 'Mark as Paid' });
  await paid.getByLabel('Payment reference').fill('NEFT BATCH 1');
  await typeDate(paid.getByLabel('Paid on'), shift(isoToday(), 1));
  await paid.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(paid.getByText('Paid on cannot be after today')).toBeVisible();
  await typeDate(paid.getByLabel('Paid on'), shift(isoToday(), -1));
  await paid.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(paid.getByText(/^Paid on cannot be before .+, the day the payroll was finalized$/)).toBeVisible();
  await paid.getByRole('button', { name: 'Cancel' }).click();

  // One payment is marked paid on its own, from the finalized month's payments.
  await finalized.getByRole('link', { name: `Open ${thisMonth}` }).click();
  await page.getByRole('button', { name: /^Show payments/ }).click();
  await page.getByRole('button', { name: `Mark the payment to ${employee.name} as paid` }).click();
  const one = page.getByRole('dialog', { name: 'Mark payment as paid' });
  await one.getByLabel('UTR or payment reference').fill('UTR2611290001');
  await one.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByText('Payment marked as paid')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: employee.name })).toContainText('UTR2611290001');
});
