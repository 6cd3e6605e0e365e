import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures';
import { apiLogin, DEMO, typeDate } from './helpers';

/**
 * Regularization (issue item 5, 9): a request is filed, approved on /my-team/requests, and the day
 * turns Present. The moderator files his own from /attendance/requests and the administrator (his
 * manager) approves; the member's request (Aditi, reporting to Rahul) goes through the API, since
 * members reach the Requests panel from /my-attendance, and Rahul approves it in the browser.
 */
const MODERATOR = 'vikram.nair@nilgiri.demo';
const PRESENT = ['Present', 'PresentButLate'];

/** The tenant-zone date `daysAgo` working days (Monday to Friday) before today. */
function workingDayBefore(daysAgo: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  let left = daysAgo;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() - 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const display = (date: string) => `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''} ${date.slice(0, 4)}`;

/** Finds the attendance status of `date` anywhere in a reply (the grid's day objects carry date and attendanceStatus). */
function statusOn(payload: unknown, date: string): string | null {
  if (Array.isArray(payload)) {
    for (const item of payload) {
      const found = statusOn(item, date);
      if (found) return found;
    }
    return null;
  }
  if (payload && typeof payload === 'object') {
    const record = payload as Record<string, unknown>;
    if (record.date === date && typeof record.attendanceStatus === 'string') return record.attendanceStatus;
    for (const value of Object.values(record)) {
      const found = statusOn(value, date);
      if (found) return found;
    }
  }
  return null;
}

/** The day's computed status through GET /Attendances (people spec §7 "Attendance data"). */
async function expectPresentThroughApi(request: APIRequestContext, employeeId: string, date: string): Promise<void> {
  const admin = await apiLogin(request, DEMO.administrator);
  await expect
    .poll(async () => {
      const res = await request.get(`/backend/api/Attendances?startDate=${date}&endDate=${date}&employeeId=${employeeId}`, { headers: { authorization: `Bearer ${admin.token}` } });
      return res.ok() ? statusOn(await res.json(), date) : `HTTP ${res.status().toString()}`;
    })
    .toMatch(new RegExp(`^(${PRESENT.join('|')})$`));
}

/**
 * A recent working day of this month that is not Present for the employee (the demo has absences
 * and half days), so the grid visibly changes; else two working days ago, or the latest working day
 * of this month. Never last month: the demo's payroll has finalized it, which locks its attendance.
 */
async function dayToRegularize(request: APIRequestContext, employeeId: string): Promise<string> {
  const admin = await apiLogin(request, DEMO.administrator);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const monthStart = `${today.slice(0, 7)}-01`;
  const from = workingDayBefore(12) < monthStart ? monthStart : workingDayBefore(12);
  const to = workingDayBefore(1);
  const fallback = [workingDayBefore(2), to, today].find((d) => d >= monthStart) ?? today;
  if (to < monthStart) return fallback;
  const res = await request.get(`/backend/api/Attendances?startDate=${from}&endDate=${to}&employeeId=${employeeId}`, { headers: { authorization: `Bearer ${admin.token}` } });
  if (res.ok()) {
    const days = ((await res.json()) as { data: { date: string; attendanceStatus: string }[] }).data;
    const candidate = days
      .filter((d) => d.attendanceStatus === 'Absent' || d.attendanceStatus === 'HalfDay')
      .map((d) => d.date)
      .sort()
      .pop();
    if (candidate) return candidate;
  }
  return fallback;
}

/** The monthly grid (/my-team/attendance) shows the day's circle as Present (or Present but late). */
async function expectPresentInGrid(page: Page, employeeName: string, day: string): Promise<void> {
  await page.goto('/my-team/attendance');
  await page.getByRole('textbox', { name: 'Search employees' }).fill(employeeName);
  const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date());
  if (day.slice(0, 7) !== thisMonth) await page.getByRole('button', { name: 'Previous month' }).click();
  const row = page.getByRole('table', { name: 'Attendance grid' }).getByRole('row').filter({ hasText: employeeName });
  await expect(row.getByLabel(new RegExp(`^${day} (${PRESENT.join('|')})$`))).toBeVisible();
}

async function approveOnTeamPage(page: Page, employeeName: string, remarks: string): Promise<void> {
  await page.goto('/my-team/requests');
  const row = page.getByRole('table', { name: 'Team regularization requests' }).getByRole('row').filter({ hasText: employeeName });
  await expect(row).toHaveCount(1);
  await page.getByRole('button', { name: `Approve request of ${employeeName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Request' });
  await dialog.getByLabel('Remarks').fill(remarks);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Request approved successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
}

test('a moderator files a regularization, the administrator approves it, and the grid shows the day Present', async ({ page, request }) => {
  const vikram = await apiLogin(request, MODERATOR);
  const day = await dayToRegularize(request, vikram.id);
  await signInAs(page, 'moderator');
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/attendance/requests');
  await page.getByRole('button', { name: 'Create Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Attendance Regularization Request' });

  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('Please fill in all required fields')).toBeVisible();

  await typeDate(dialog.getByLabel('Start Date'), day);
  await typeDate(dialog.getByLabel('End Date'), day);
  await dialog.getByLabel('Start Time').fill('09:30');
  await dialog.getByLabel('End Time').fill('19:00');
  await dialog.getByLabel('Reason').fill('Badge reader was down; in the office all day');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Attendance regularization request submitted successfully')).toBeVisible();
  const row = page.getByRole('table', { name: 'Regularization requests' }).getByRole('row').filter({ hasText: display(day) });
  await expect(row.getByText('Opened')).toBeVisible();
  await expect(row.getByText('09:30 AM')).toBeVisible();
  await expect(row.getByText('07:00 PM')).toBeVisible();

  await signInAs(page, 'administrator');
  await expect(page).not.toHaveURL(/\/login$/);
  await approveOnTeamPage(page, 'Vikram Nair', 'Confirmed with the front desk');

  await expectPresentThroughApi(request, vikram.id, day);
  await expectPresentInGrid(page, 'Vikram Nair', day);
});

test("a member's request is approved by their manager on My Team, and the grid shows the day Present", async ({ page, request }) => {
  const aditi = await apiLogin(request, DEMO.member);
  const day = await dayToRegularize(request, aditi.id);
  const filed = await request.post('/backend/api/Requests', {
    headers: { authorization: `Bearer ${aditi.token}` },
    data: { requestType: 2, reason: 'Forgot to check in after the stand-up', additionalData: { attendanceRegularization: { startDate: day, endDate: day, startTime: '09:30', endTime: '19:00' } } },
  });
  expect(filed.status()).toBe(200);

  await signInAs(page, 'manager');
  await expect(page).not.toHaveURL(/\/login$/);
  await approveOnTeamPage(page, 'Aditi Agarwal', 'OK');

  await expectPresentThroughApi(request, aditi.id, day);
  await expectPresentInGrid(page, 'Aditi Agarwal', day);
});
