import { expect, test } from './fixtures';

test.use({ signedInAs: 'administrator' });

/**
 * Issue 13 item 3, the browser test: on Form 16 management the administrator generates Part B from the
 * finalized payroll for everyone of the current year in one click; the toast gives the count and an
 * employee's row then shows the generated Form 16B.
 */
test('the administrator generates Form 16 Part B for everyone from the payroll', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/payroll/form16');
  await expect(page.getByRole('heading', { name: 'Form 16' })).toBeVisible();
  const year = await page.getByRole('combobox', { name: 'Financial Year' }).inputValue();
  await page.getByRole('combobox', { name: 'Financial Year' }).click();
  const options = page.getByRole('option');
  await options.first().click();
  const chosen = await page.getByRole('combobox', { name: 'Financial Year' }).inputValue();
  expect(chosen >= year).toBe(true);
  await page.getByRole('button', { name: 'Generate Part B' }).click();
  await expect(page.getByText(/Form 16 Part B generated for \d+ employees?/)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('textbox', { name: 'Search employees' }).fill('Aditi');
  const row = page.getByRole('table', { name: "Employees' Form 16" }).getByRole('row').filter({ hasText: 'aditi.agarwal@nilgiri.demo' });
  await expect(row.getByText('(1 form)')).toBeVisible();
});
