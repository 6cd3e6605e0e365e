import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiLogin, DEMO, pickDate, typeDate } from './helpers';

test.use({ signedInAs: 'administrator' });

const MANAGER = 'rahul.sharma@nilgiri.demo';

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A coming Friday–Monday whose Friday and Monday are working days and whose weekend is off (2 days without the rule). */
async function nextLongWeekend(request: APIRequestContext, token: string): Promise<{ friday: string; monday: string }> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  for (let i = 7; i <= 60; i += 1) {
    const friday = addDays(today, i);
    if (new Date(`${friday}T00:00:00Z`).getUTCDay() !== 5) continue;
    const monday = addDays(friday, 3);
    if (friday.slice(0, 4) !== monday.slice(0, 4)) continue;
    const res = await request.get(`/backend/api/Leaves/days?startDate=${friday}&endDate=${monday}`, { headers: auth(token) });
    if (((await res.json()) as { data: { days: number } }).data.days === 2) return { friday, monday };
  }
  throw new Error('no Friday–Monday with both days working in the next two months');
}

test('customize balance: an adjustment with a reason changes the balance and shows in the audit trail', async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.administrator);
  const manager = await apiLogin(request, MANAGER);

  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/leaves/customize-balance');
  await expect(page.getByRole('heading', { name: 'Customize Balance' })).toBeVisible();
  await expect(page.getByText('Select an employee to see and customize their leave balances.')).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Employee' });
  await picker.fill('Rahul');
  await page.getByRole('option', { name: 'Rahul Sharma' }).click();

  const balances = page.getByRole('table', { name: 'Leave balances' });
  const casual = balances.getByRole('row', { name: /Casual Leave/ });
  await expect(casual).toBeVisible();
  const before = Number(await casual.getByRole('cell').nth(6).innerText());
  await expect(page.getByText('No balance changes recorded for this year.')).toBeVisible();

  await page.getByRole('button', { name: 'Adjust Casual Leave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust Casual Leave' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter the number of days')).toBeVisible();
  await expect(dialog.getByText('Please enter a reason for the change')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Days to add or deduct' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Worked on the Diwali release weekend');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Leave balance updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(casual.getByRole('cell').nth(6)).toHaveText(String(before + 2));
  await expect(casual.getByRole('cell').nth(3)).toHaveText('+2');
  const history = page.getByRole('table', { name: 'Adjustment history' });
  const entry = history.getByRole('row').nth(1);
  await expect(entry).toContainText('Casual Leave');
  await expect(entry).toContainText('Adjustment');
  await expect(entry).toContainText('+2');
  await expect(entry).toContainText('Worked on the Diwali release weekend');
  await expect(entry).toContainText('Anita Rao');
  await expect(entry.getByRole('cell').nth(4)).toHaveText(String(before));
  await expect(entry.getByRole('cell').nth(5)).toHaveText(String(before + 2));

  // Leave the balance as it was for the other tests (a second ledger entry, never an edit).
  const types = (await (await request.get('/backend/api/LeaveTypes', { headers: auth(admin.token) })).json()) as { data: { id: string; code: string }[] };
  const cl = types.data.find((t) => t.code === 'CL');
  const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));
  const undo = await request.post('/backend/api/Leaves/balance-adjustments', {
    headers: auth(admin.token),
    data: { employeeId: manager.id, leaveTypeId: cl?.id, year, kind: 'adjustment', days: -2, reason: 'Browser test clean-up' },
  });
  expect(undo.status()).toBe(201);
});

test('a leave policy with the sandwich rule makes Friday to Monday four days of leave', async ({ page, browser, request, signedInState }) => {
  const admin = await apiLogin(request, DEMO.administrator);
  const manager = await apiLogin(request, MANAGER);
  const { friday, monday } = await nextLongWeekend(request, manager.token);

  // Anita adds a policy: Sick Leave, everyone, sandwich rule on.
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/leaves/policies');
  await expect(page.getByText('No leave policies yet. Every leave type applies to everyone, without the sandwich rule.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Leave Policy' });
  await dialog.getByRole('button', { name: 'Add Policy' }).click();
  await expect(dialog.getByText('Please enter a policy name')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Policy name' }).fill('Sick leave sandwich');
  await dialog.getByRole('combobox', { name: 'Leave type' }).click();
  await page.getByRole('option', { name: 'Sick Leave' }).click();
  await dialog.getByRole('switch', { name: 'Sandwich rule' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Add Policy' }).click();
  await expect(page.getByText('Leave policy created successfully')).toBeVisible();
  const row = page.getByRole('table', { name: 'Leave policies' }).getByRole('row', { name: /Sick leave sandwich/ });
  await expect(row).toContainText('All employment types');
  await expect(row).toContainText('All departments');
  await expect(row).toContainText('On');

  // Rahul applies for Sick Leave from Friday to Monday: the weekend between counts.
  const managerPage = await browser.newPage({ storageState: signedInState('manager') });
  await managerPage.goto('/');
  await expect(managerPage).toHaveURL(/\/$/);
  await managerPage.goto('/leaves/my-leaves');
  await managerPage.getByRole('button', { name: 'Apply Leave' }).click();
  const apply = managerPage.getByRole('dialog', { name: 'Apply Leave' });
  await apply.getByRole('combobox', { name: 'Leave type' }).click();
  await managerPage.getByRole('option', { name: /Sick Leave/ }).click();
  await typeDate(apply.getByLabel('From'), friday);
  await pickDate(managerPage, apply.getByLabel('To'), monday);
  await apply.getByRole('textbox', { name: 'Reason' }).fill('Viral fever');
  await expect(apply.getByTestId('leave-days')).toContainText('Days: 4 days');
  await apply.getByRole('button', { name: 'Apply' }).click();
  await expect(managerPage.getByText('Leave applied successfully')).toBeVisible();
  const mine = managerPage.getByRole('table', { name: 'My leave requests' });
  await expect(mine.getByRole('row').nth(1)).toContainText('4');

  // Anita sees it on Leave Requests with the four days.
  await page.goto('/leaves/requests');
  await page.getByRole('textbox', { name: 'Employee' }).fill('Rahul');
  const all = page.getByRole('table', { name: 'All leave requests' });
  await expect(all.getByRole('row', { name: /Rahul Sharma.*Sick Leave/ }).first()).toContainText('4');

  // Clean up for the other tests: cancel the request, remove the policy.
  const list = (await (await request.get('/backend/api/Leaves?scope=mine&status=1', { headers: auth(manager.token) })).json()) as { data: { id: string; startDate: string }[] };
  const created = list.data.find((r) => r.startDate === friday);
  expect((await request.put(`/backend/api/Leaves/${created?.id ?? ''}/status`, { headers: auth(manager.token), data: { status: 4 } })).status()).toBe(200);
  const policies = (await (await request.get('/backend/api/LeavePolicies', { headers: auth(admin.token) })).json()) as { data: { id: string; name: string }[] };
  for (const p of policies.data) expect((await request.delete(`/backend/api/LeavePolicies/${p.id}`, { headers: auth(admin.token) })).status()).toBe(200);
  await managerPage.close();
});
