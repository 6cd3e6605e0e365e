import type { Locator, Page, APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../harness';
import { expect } from './fixtures';

export { DEMO, DEMO_PASSWORD };

export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * A one-page PDF written by hand, for uploads: the server parses every upload that claims to be a
 * PDF, so a header and `%%EOF` around nothing are refused.
 */
export function onePagePdf(text: string): Buffer {
  const content = `BT /F1 12 Tf 40 160 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[4 0 R]/Count 1>>endobj',
    `3 0 obj<</Length ${String(content.length)}>>stream\n${content}\nendstream endobj`,
    '4 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 3 0 R/Resources<</Font<</F1<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>>>>>>>endobj',
  ];
  return Buffer.from(`%PDF-1.4\n${objects.join('\n')}\ntrailer<</Root 1 0 R/Size 5>>\n%%EOF\n`, 'latin1');
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy', as the app's date inputs show and accept dates. */
export function indianDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}

/** Types a date into a date input as a person in India writes it, then leaves the field (which closes its calendar). */
export async function typeDate(input: Locator, iso: string): Promise<void> {
  await input.click();
  await input.fill(indianDate(iso));
  await input.press('Tab');
  await expect(input).toHaveValue(indianDate(iso));
}

/** Opens a date input's calendar and clicks the day (the days are labelled dd/MM/yyyy). */
export async function pickDate(page: Page, input: Locator, iso: string): Promise<void> {
  await input.click();
  // The calendar just opened is the last in the page (another field's may still be closing).
  await page.getByRole('button', { name: indianDate(iso), exact: true }).last().click();
  await expect(input).toHaveValue(indianDate(iso));
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

/**
 * A new organisation (on its trial) through the API, as a person signs up: register, follow the mailed link. Returns
 * its administrator's session.
 */
export async function registerOrganisation(
  request: APIRequestContext,
  organisation: { organizationName: string; email: string; password: string },
): Promise<{ token: string; id: string; tenantId: string }> {
  const { organizationName, email, password } = organisation;
  const registered = await request.post('/backend/api/Account/register', {
    data: { firstName: 'Meera', lastName: 'Iyer', organizationName, email, password, confirmPassword: password },
  });
  expect(registered.ok()).toBeTruthy();
  const mail = await latestMail(request, email);
  const link = mail.links.find((l) => l.includes('/verify-user/')) ?? '';
  const [token = '', address = ''] = link.split('/verify-user/')[1]?.split('/') ?? [];
  const verified = await request.post('/backend/api/Account/verify-user', { data: { token: decodeURIComponent(token), email: decodeURIComponent(address) } });
  expect(verified.ok()).toBeTruthy();
  return apiLogin(request, email, password);
}

export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<{ token: string; id: string; tenantId: string }> {
  const res = await request.post('/backend/api/Account/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string; id: string; tenantId: string } }).data;
}

/** A unique tag per test run: digits for e-mails and employee numbers, letters for names (names are alphabetic only). */
export function uniqueTag(): { digits: string; letters: string } {
  const digits = `${Date.now().toString()}${Math.floor(Math.random() * 1000)
    .toString()
    .padStart(3, '0')}`;
  const letters = [...digits].map((d) => String.fromCharCode(97 + Number(d))).join('');
  return { digits, letters: `${letters.charAt(0).toUpperCase()}${letters.slice(1)}` };
}

/** The token and e-mail address of an invitation link `{APP_URL}/accept-invite/{token}/{email}`. */
export function inviteLinkParts(link: string): { token: string; email: string } {
  const [token = '', email = ''] = new URL(link).pathname.split('/').slice(2).map(decodeURIComponent);
  return { token, email };
}

export interface InvitedUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  employeeNumber: string;
}

/** Invites a member through the API (as the demo administrator) and returns who was invited. */
export async function apiInvite(request: APIRequestContext, overrides: Partial<Omit<InvitedUser, 'id'>> & { annualCTC?: number } = {}): Promise<InvitedUser> {
  const admin = await apiLogin(request, DEMO.administrator);
  const tag = uniqueTag();
  const person = {
    firstName: overrides.firstName ?? 'Kavya',
    lastName: overrides.lastName ?? `Menon${tag.letters.toLowerCase()}`,
    email: overrides.email ?? `kavya.${tag.digits}@nilgiri.demo`,
    employeeNumber: overrides.employeeNumber ?? `E2E${tag.digits}`,
  };
  const res = await request.post('/backend/api/Users/invite', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { ...person, dateOfJoining: '2026-04-01', experience: 2, annualCTC: overrides.annualCTC ?? 900_000, regimeType: 1 },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { statusCode: number; userId: string } };
  expect(body.data.statusCode).toBe(200);
  return { id: body.data.userId, ...person };
}

/** Follows the invitation e-mail through the API: sets the password, the user becomes Active. */
export async function apiAcceptInvite(request: APIRequestContext, email: string, password: string): Promise<void> {
  const mail = await latestMail(request, email);
  const link = mail.links.find((l) => l.includes('/accept-invite/'));
  expect(link, 'the invitation e-mail has an accept-invite link').toBeDefined();
  const res = await request.post('/backend/api/Account/accept-invite', { data: { ...inviteLinkParts(link ?? ''), password, confirmPassword: password } });
  expect(res.status()).toBe(200);
}

/** The user list's tab counts for a search, through the API as the demo administrator. */
export async function apiUserCounts(request: APIRequestContext, search: string): Promise<{ active: number; pending: number; inactive: number }> {
  const admin = await apiLogin(request, DEMO.administrator);
  const res = await request.get(`/backend/api/Users?search=${encodeURIComponent(search)}`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.status()).toBe(200);
  const data = ((await res.json()) as { data: { activeUsersCount: number; pendingUsersCount: number; inactiveUsersCount: number } }).data;
  return { active: data.activeUsersCount, pending: data.pendingUsersCount, inactive: data.inactiveUsersCount };
}

/** Opens My people from the navigation (the administrator is logged in). */
export async function openMyPeople(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'My people' }).click();
  await expect(page).toHaveURL(/\/users\/my-people$/);
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
}

/** Switches the user list to a tab and types a search; the rows are those of the search. */
export async function showInList(page: Page, tab: 'Active' | 'Pending Verification' | 'Inactive', search: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('textbox', { name: 'Search users' }).fill(search);
}

/** The list row of a user, found by their (unique) employee number. */
export function userRow(page: Page, employeeNumber: string) {
  return page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: employeeNumber });
}

/** Opens a row's menu and picks an action. */
export async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
