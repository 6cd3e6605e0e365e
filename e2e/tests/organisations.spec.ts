import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { inviteLinkParts, latestMail, uniqueTag } from './helpers';

const PASSWORD = 'Secret123';

/** A new account, administrator of two organisations whose setup is complete (A registered, B added). */
async function accountInTwoOrganisations(request: APIRequestContext): Promise<{ email: string; a: string; b: string }> {
  const tag = uniqueTag();
  const email = `uma.${tag.digits}@tungabhadra.example`;
  const a = `Tungabhadra ${tag.letters}`;
  const b = `Bhima ${tag.letters}`;
  expect((await request.post('/backend/api/Account/register', { data: { firstName: 'Uma', lastName: 'Shankar', organizationName: a, email, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(201);
  const link = (await latestMail(request, email)).links.find((l) => l.includes('/verify-user/')) ?? '';
  expect((await request.post('/backend/api/Account/verify-user', { data: inviteLinkParts(link) })).status()).toBe(200);
  const login = await request.post('/backend/api/Account/login', { data: { email, password: PASSWORD } });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { authorization: `Bearer ${token}` };
  const settings = { workingHours: '9', weekDaysOff: 'Sunday' };
  expect((await request.put('/backend/api/Tenants', { headers, multipart: { tenantName: a, address: 'Hospet', pan: 'AABCT1234D' } })).status()).toBe(200);
  expect((await request.post('/backend/api/settings', { headers, data: settings })).status()).toBe(200);
  const created = await request.post('/backend/api/Tenants', { headers, multipart: { tenantName: b, address: 'Solapur', pan: 'AABCB1234D' } });
  expect(created.status()).toBe(201);
  const bId = ((await created.json()) as { data: { id: string } }).data.id;
  expect((await request.post(`/backend/api/settings?tenantId=${bId}`, { headers, data: settings })).status()).toBe(200);
  return { email, a, b };
}

test('an account in two organisations picks one after login, then switches from the user menu', async ({ page, request }) => {
  const { email, a, b } = await accountInTwoOrganisations(request);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/select-organization$/);
  await expect(page.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
  await expect(page.getByText(a)).toBeVisible();
  await page.getByRole('button', { name: `Continue with ${b}` }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Uma/ })).toBeVisible();
  await expect(page.getByText(b).first()).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Switch organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch organization' });
  await expect(dialog.getByText('Current')).toBeVisible();
  await dialog.getByRole('button', { name: `Switch to ${a}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(a).first()).toBeVisible();
  await expect(page.getByText(b)).toHaveCount(0);
});
