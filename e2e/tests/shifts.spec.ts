import { expect, test } from './fixtures';
import { pickDate, typeDate, uniqueTag } from './helpers';

test.use({ signedInAs: 'administrator' });

/** Today in the demo organisation's zone, as the date input wants it. */
const todayIst = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

test('an administrator adds a shift, assigns it to an employee and sees it in the roster for that week', async ({ page }) => {
  const name = `Swing ${uniqueTag().letters.slice(0, 8)}`;
  await page.goto('/');
  // The navigation shows once the session is in place; then open the page through it.
  await page.getByRole('link', { name: 'Shifts' }).click();
  await expect(page).toHaveURL(/\/attendance\/shifts$/);

  const table = page.getByRole('table', { name: 'Shifts' });
  await expect(table.getByText('10:00 AM - 07:00 PM')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete General' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Shift' }).click();
  const form = page.getByRole('dialog', { name: 'Add Shift' });
  await form.getByRole('button', { name: 'Add Shift' }).click();
  await expect(form.getByText('Please enter a shift-name')).toBeVisible();
  await form.getByLabel('Shift Name').fill(name);
  await form.getByLabel('Start Time').fill('14:00');
  await form.getByLabel('End Time').fill('23:00');
  await form.getByRole('button', { name: 'Add Shift' }).click();
  await expect(form.getByText('Please select at least one department for the shift')).toBeVisible();
  await form.getByRole('combobox', { name: 'Departments' }).click();
  await page.getByRole('option', { name: 'Finance' }).click();
  await form.getByLabel('Shift Name').click();
  await form.getByRole('button', { name: 'Add Shift' }).click();
  await expect(page.getByText('Shift created successfully!')).toBeVisible();
  await expect(table.getByText(name)).toBeVisible();
  await expect(table.getByText('02:00 PM - 11:00 PM')).toBeVisible();

  await page.getByRole('tab', { name: 'User Shift Mapping' }).click();
  await page.getByRole('button', { name: 'Assign Shift' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Shift' });
  await assign.getByRole('combobox', { name: 'Employees' }).fill('Aditi');
  await page.getByRole('option', { name: /Aditi Agarwal/ }).click();
  // The employees dropdown stays open after a pick (multi-select); close it before the next field.
  await assign.getByRole('heading', { name: 'Assign Shift' }).click();
  await assign.getByRole('textbox', { name: 'Shift', exact: true }).or(assign.getByRole('combobox', { name: 'Shift', exact: true })).click();
  await page.getByRole('option', { name }).click();
  const today = todayIst();
  await typeDate(assign.getByRole('textbox', { name: 'Start Date' }), today);
  await expect(assign.getByRole('checkbox', { name: 'Update existing attendance records' })).toBeChecked();
  await pickDate(page, assign.getByRole('textbox', { name: 'End Date' }), today);
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Shift assigned successfully')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search employees' }).fill('Aditi');
  const cell = page.getByRole('button', { name: `Shift of Aditi Agarwal on ${today}` });
  await expect(cell).toContainText(name);
  await expect(cell).toContainText('02:00 PM - 11:00 PM');
});

test('a new department shift leaves the roster of a past week as it was and applies from today', async ({ page }) => {
  const name = `Eng Flex ${uniqueTag().letters.slice(0, 6)}`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Shifts' }).click();
  await expect(page).toHaveURL(/\/attendance\/shifts$/);

  const roster = async () => {
    await page.getByRole('tab', { name: 'User Shift Mapping' }).click();
    await page.getByRole('textbox', { name: 'Search employees' }).fill('Rahul');
    await expect(page.getByRole('button', { name: /^Shift of Rahul Sharma on / }).first()).toBeVisible();
  };
  const lastWeek = async () => {
    const cells = page.getByRole('button', { name: /^Shift of Rahul Sharma on / });
    const shownFrom = (await cells.first().getAttribute('aria-label')) ?? '';
    await page.getByRole('button', { name: 'Previous week' }).click();
    // The week before's cells, not this week's seven still on screen while it loads.
    await expect(cells.first()).not.toHaveAttribute('aria-label', shownFrom);
    await page.waitForLoadState('networkidle');
    await expect(cells).toHaveCount(7);
    const texts = await cells.allInnerTexts();
    await page.getByRole('button', { name: 'Next week' }).click();
    return texts;
  };
  await roster();
  const before = await lastWeek();

  await page.getByRole('tab', { name: 'Manage Shifts' }).click();
  await page.getByRole('button', { name: 'Add Shift' }).click();
  const form = page.getByRole('dialog', { name: 'Add Shift' });
  await form.getByLabel('Shift Name').fill(name);
  await form.getByLabel('Start Time').fill('10:00');
  await form.getByLabel('End Time').fill('19:00');
  await form.getByRole('combobox', { name: 'Departments' }).click();
  await page.getByRole('option', { name: 'Engineering' }).click();
  await form.getByLabel('Shift Name').click();
  // Effective From defaults to today; an earlier date would ask for 'Update existing attendance records'.
  await expect(form.getByRole('textbox', { name: 'Effective From' })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Update existing attendance records' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Add Shift' }).click();
  await expect(page.getByText('Shift created successfully!')).toBeVisible();

  await page.reload();
  await roster();
  expect(await lastWeek()).toEqual(before);
  expect(before.join(' ')).not.toContain(name);
  await expect(page.getByRole('button', { name: `Shift of Rahul Sharma on ${todayIst()}` })).toContainText(name);
});
