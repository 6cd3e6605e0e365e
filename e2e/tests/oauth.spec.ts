import { expect, test } from './fixtures';

/**
 * Google sign-in against the local mock OpenID provider the config starts (it answers every
 * sign-in as the demo administrator, with a verified e-mail): the browser goes to the provider,
 * comes back to /auth/callback/google and lands signed in.
 */
test('Sign in with Google goes to the provider and back, signed in', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toHaveCount(0); // not configured here
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a callback this tab did not start is refused', async ({ page }) => {
  await page.goto('/auth/callback/google?code=stolen&state=not-ours');
  await expect(page.getByText('Sign-in could not be completed. Please try again.')).toBeVisible();
  await page.goto('/auth/callback/github?code=x&state=y');
  await expect(page.getByText('Unsupported provider: github')).toBeVisible();
});
