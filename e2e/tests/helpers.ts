import { expect, type Page, type APIRequestContext } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO = {
  administrator: 'anita.rao@nilgiri.demo',
  member: 'aditi.agarwal@nilgiri.demo',
} as const;

export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The newest stored e-mail to an address, from the embedded mailbox. */
export async function latestMail(request: APIRequestContext, to: string): Promise<{ subject: string; links: string[] }> {
  let found: { subject: string; links: string[] } | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/backend/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      found = ((await res.json()) as { data: { subject: string; links: string[] }[] }).data[0];
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error('no mail');
  return found;
}

export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<{ token: string; id: string; tenantId: string }> {
  const res = await request.post('/backend/api/Account/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string; id: string; tenantId: string } }).data;
}
