import { expect, test } from './fixtures';
import { typeDate } from './helpers';

test.use({ signedInAs: 'manager' });

/** 'YYYY-MM-DD' of a date some days from today (the browser's clock; the server proposes from the same day in Kolkata). */
function daysFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const DISPLAY_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const display = (iso: string) => `${iso.slice(8, 10)} ${DISPLAY_MONTHS[Number(iso.slice(5, 7)) - 1] ?? ''} ${iso.slice(0, 4)}`;

/**
 * Exit requests, the browser test: Aditi resigns on My exit requests (the last working day proposed
 * from her employment type's notice period), her manager Rahul approves it on Team exits with a last
 * working day of his choosing, and Aditi sees her resignation approved with that day.
 */
test('an employee resigns, the manager approves with a last working day, the employee sees it approved', async ({ page, browser, signedInState }) => {
  test.setTimeout(120_000);
  const lastWorkingDay = daysFromToday(45);

  const context = await browser.newContext({ storageState: signedInState('member') });
  try {
    const mine = await context.newPage();
    await mine.goto('/');
    await expect(mine).toHaveURL(/\/$/);
    await mine.getByRole('link', { name: 'My resignation' }).click();
    await expect(mine.getByRole('heading', { name: 'My exit requests' })).toBeVisible();
    await expect(mine.getByText('You have not resigned.', { exact: false })).toBeVisible();
    await mine.getByRole('button', { name: 'Resign', exact: true }).click();
    const dialog = mine.getByRole('dialog', { name: 'Resign' });
    await expect(dialog.getByText(/Notice period: \d+ days/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit resignation' }).click();
    await expect(dialog.getByText('Please enter the reason for leaving')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason for leaving' }).fill('Relocating to Pune to be closer to family');
    await dialog.getByRole('button', { name: 'Submit resignation' }).click();
    await expect(mine.getByText('Resignation submitted')).toBeVisible();
    const current = mine.getByRole('region', { name: 'Current resignation' });
    await expect(current.getByText('Pending')).toBeVisible();
    await expect(current.getByText('Awaiting approval')).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Resign', exact: true })).toHaveCount(0);
  } finally {
    await context.close();
  }

  // The manager approves it on Team exits, choosing the last working day.
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Team exits' }).click();
  await expect(page.getByRole('heading', { name: 'Team exits' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Team exit requests' }).getByRole('row').filter({ hasText: 'Aditi Agarwal' });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: 'Approve Aditi Agarwal' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve the resignation of Aditi Agarwal' });
  await typeDate(approve.getByRole('textbox', { name: 'Last working day' }), lastWorkingDay);
  await approve.getByRole('textbox', { name: 'Remarks' }).fill('All the best');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Exit request approved')).toBeVisible();
  await expect(row).toContainText('Approved');
  await expect(row).toContainText(display(lastWorkingDay));

  // The employee sees the approved status and the day.
  const again = await browser.newContext({ storageState: signedInState('member') });
  try {
    const mine = await again.newPage();
    await mine.goto('/');
    await expect(mine).toHaveURL(/\/$/);
    await mine.goto('/exit/my-requests');
    const current = mine.getByRole('region', { name: 'Current resignation' });
    await expect(current.getByText('Approved', { exact: true })).toBeVisible();
    await expect(current.getByText(`Your resignation is approved. Your last working day is ${display(lastWorkingDay)}.`)).toBeVisible();
    await mine.screenshot({ path: 'artifacts/exit-request-approved.png', fullPage: true });
  } finally {
    await again.close();
  }
});
