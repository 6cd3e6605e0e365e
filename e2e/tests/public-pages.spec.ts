import { expect, test } from './fixtures';

const PAGES = [
  { link: 'Pricing', path: '/pricing', heading: 'Pricing' },
  { link: 'About us', path: '/about-us', heading: 'About us' },
  { link: 'Contact us', path: '/contact-us', heading: 'Contact us' },
  { link: 'Privacy policy', path: '/privacy-policy', heading: 'Privacy policy' },
  { link: 'Terms and conditions', path: '/terms-and-conditions', heading: 'Terms and conditions' },
  { link: 'Cancellation and refund policy', path: '/cancellation-and-refund-policy', heading: 'Cancellation and refund policy' },
];

test('a signed-out visitor reaches every public page from the login page footer, with no 404', async ({ page }) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });

  for (const { link, path, heading } of PAGES) {
    await page.goto('/login');
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} · Tankha`);
    await expect(page.getByText('Page not found')).toHaveCount(0);

    // Opened directly too (a shared link, a reload): the server serves the page, not a 404.
    const direct = await page.goto(path);
    expect(direct?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(missing).toEqual([]);
});

test('pricing shows the catalogue by cycle; a plan goes through checkout to registration', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Pricing' }).click();
  const professional = page.getByRole('article', { name: 'Professional' });
  await expect(professional.getByText('₹99', { exact: true })).toBeVisible();
  await expect(professional.getByText('MOST POPULAR')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Free' }).getByText('Up to 10 users')).toBeVisible();

  await page.getByText('Yearly', { exact: true }).click();
  await expect(professional.getByText('₹999', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Basic' }).getByText('Save 15%')).toBeVisible();

  await professional.getByRole('button', { name: 'Choose Plan' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=professional&cycle=yearly$/);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('₹999 / year')).toBeVisible();
  await expect(summary.getByText('₹9,990 / year')).toBeVisible();

  await summary.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});
