import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiLogin, DEMO, pickDate, typeDate } from './helpers';

test.use({ signedInAs: 'member' });

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first coming date that is a working day for the member (the server skips her week-offs and holidays). */
async function nextWorkingDay(request: APIRequestContext, token: string): Promise<string> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  for (let i = 1; i <= 14; i += 1) {
    const date = addDays(today, i);
    const res = await request.get(`/backend/api/Leaves/days?startDate=${date}&endDate=${date}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    if (((await res.json()) as { data: { days: number } }).data.days === 1) return date;
  }
  throw new Error('no working day in the next two weeks');
}

test('a member applies for leave, her manager approves it, and the grid shows the day as leave', async ({ page, browser, request, signedInState }) => {
  const member = await apiLogin(request, DEMO.member);
  const date = await nextWorkingDay(request, member.token);

  // Aditi applies for one day of Casual Leave.
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/leaves/my-leaves');
  const casual = page.getByLabel('Casual Leave balance');
  await expect(casual.getByTestId('available')).toHaveText('12');
  await page.getByRole('button', { name: 'Apply Leave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply Leave' });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('Please select a leave type')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Leave type' }).click();
  await page.getByRole('option', { name: /Casual Leave/ }).click();
  await typeDate(dialog.getByLabel('From'), date);
  await pickDate(page, dialog.getByLabel('To'), date);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Family function');
  await expect(dialog.getByTestId('leave-days')).toContainText('Days: 1 day');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Leave applied successfully')).toBeVisible();
  const mine = page.getByRole('table', { name: 'My leave requests' });
  await expect(mine.getByRole('row').nth(1)).toContainText('Pending');
  await expect(casual.getByText(/Pending 1/)).toBeVisible();

  // Rahul, her reporting manager, approves it from his approvals.
  const managerPage = await browser.newPage({ storageState: signedInState('manager') });
  await managerPage.goto('/');
  await expect(managerPage).toHaveURL(/\/$/);
  await managerPage.goto('/leaves/my-approvals');
  await managerPage.getByRole('button', { name: `Approve leave of Aditi Agarwal from ${date}` }).click();
  const approve = managerPage.getByRole('dialog', { name: 'Approve Leave' });
  await approve.getByLabel('Remarks').fill('Enjoy');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(managerPage.getByText('Leave approved successfully')).toBeVisible();

  // The server has the day as leave…
  const days = await request.get(`/backend/api/Attendances?startDate=${date}&endDate=${date}`, { headers: { authorization: `Bearer ${member.token}` } });
  const [day] = ((await days.json()) as { data: { leave: { leaveTypeName: string } | null }[] }).data;
  expect(day?.leave?.leaveTypeName).toBe('Casual Leave');

  // …and the team grid draws it in the leave colour.
  await managerPage.goto('/my-team/attendance');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  if (date.slice(0, 7) !== today.slice(0, 7)) await managerPage.getByRole('button', { name: 'Next month' }).click();
  await managerPage.getByRole('textbox', { name: 'Search employees' }).fill('Aditi');
  const cell = managerPage.getByTestId(`grid-row-${member.id}`).getByTestId(`day-${date}`);
  await expect(cell).toHaveAttribute('data-kind', 'leave');

  // Her balance now shows the day used.
  await page.reload();
  await expect(casual.getByTestId('available')).toHaveText('11');
  await expect(casual.getByText(/Used 1 · Pending 0/)).toBeVisible();
  await managerPage.close();
});
