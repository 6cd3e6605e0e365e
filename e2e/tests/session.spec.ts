import { expect, test } from './fixtures';
import { apiLogin, DEMO, login } from './helpers';

test("a wrong password shows 'Incorrect login details. Try again.'", async ({ page }) => {
  await login(page, DEMO.administrator, 'not-the-password1');
  await expect(page.getByText('Incorrect login details. Try again.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('logout returns to /login and the old session is over', async ({ page }) => {
  await login(page, DEMO.administrator);
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
});

test('a logged-out visitor is sent to /login and returns to the page asked for', async ({ page }) => {
  await page.goto('/org/organization-details');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(DEMO.administrator);
  await page.getByRole('textbox', { name: 'Password' }).fill('Demo@12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/org\/organization-details$/);
  await expect(page.getByText('Financial Details')).toBeVisible();
});

test('a member opening /profile?userId=… gets /403-Forbidden', async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.administrator);
  await login(page, DEMO.member);
  await expect(page.getByRole('heading', { name: /Aditi/ })).toBeVisible();
  await page.goto(`/profile?userId=${admin.id}`);
  await expect(page).toHaveURL(/\/403-Forbidden$/);
});

test('an administrator sees a profile; another organisation’s administrator cannot', async ({ page, request }) => {
  const member = await apiLogin(request, DEMO.member);
  await login(page, DEMO.administrator);
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
  await page.goto(`/profile?userId=${member.id}`);
  await expect(page.getByText('aditi.agarwal@nilgiri.demo')).toBeVisible();

  // A second organisation, registered and verified through the API.
  const email = `other.${Date.now().toString(36)}@yamuna.in`;
  const reg = await request.post('/backend/api/Account/register', {
    data: { firstName: 'Rohit', lastName: 'Bose', organizationName: 'Yamuna Textiles', email, password: 'Weaver2026', confirmPassword: 'Weaver2026' },
  });
  expect(reg.status()).toBe(201);
  const mails = (await (await request.get(`/backend/api/dev/mailbox?to=${email}`)).json()) as { data: { links: string[] }[] };
  const [token, address] = new URL(mails.data[0]?.links[0] ?? '').pathname.split('/').slice(2).map(decodeURIComponent);
  expect((await request.post('/backend/api/Account/verify-user', { data: { token, email: address } })).status()).toBe(200);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await login(page, email, 'Weaver2026');
  await expect(page).toHaveURL(/\/required-details/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: /Rohit/ })).toBeVisible();
  await page.goto(`/profile?userId=${member.id}`);
  await expect(page.getByText('aditi.agarwal@nilgiri.demo')).toHaveCount(0);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
});
