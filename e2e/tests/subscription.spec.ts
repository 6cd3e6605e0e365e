import { expect, test } from './fixtures';

test.use({ signedInAs: 'administrator' });

test('an administrator sees the plans, with the yearly saving and the current plan', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
  await page.getByRole('link', { name: 'Subscription' }).first().click();
  await expect(page).toHaveURL(/\/my-subscription$/);
  await expect(page.getByText('MOST POPULAR')).toHaveCount(1);
  await expect(page.getByText('Up to 10 users')).toBeVisible();
  await page.getByText('Yearly', { exact: true }).click();
  await expect(page.getByText('Save 15%')).toBeVisible();
  await expect(page.getByRole('button', { name: /Current Plan/ })).toBeDisabled();
});
