import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { apiAcceptInvite, apiLogin, latestMail } from './helpers';

/**
 * A new organisation with one salaried employee, for the payroll specs (payroll.spec.ts, the
 * calendar, late LOP and master-data specs): registered and set up through the API, as a person would have done in the wizard,
 * so nothing depends on the demo organisation's payroll. Months are relative to today in Asia/Kolkata:
 * the e2e server runs on the real date.
 */

export const PASSWORD = 'Payday2026';
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The tenant-zone month `back` months before this one: { month 1–12, year }. */
export function monthsAgo(back: number): { month: number; year: number } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - back;
  return { month: (index % 12) + 1, year: Math.floor(index / 12) };
}

export const monthText = ({ month, year }: { month: number; year: number }) => `${MONTH_NAMES[month - 1] ?? ''} ${String(year)}`;

/** Registers an organisation, verifies the owner's e-mail and completes the organisation setup: the owner's session. */
export async function registerOrganisation(request: APIRequestContext, tag: { digits: string }): Promise<{ email: string; token: string; organisation: string }> {
  const email = `owner.${tag.digits}@krishna-mills.in`;
  const organisation = `Krishna Mills ${tag.digits.slice(-6)}`;
  const registered = await request.post('/backend/api/Account/register', {
    data: { firstName: 'Sunita', lastName: 'Reddy', organizationName: organisation, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const mail = await latestMail(request, email);
  const link = mail.links.find((l) => l.includes('/verify-user/'));
  expect(link, 'the registration e-mail has a verify-user link').toBeDefined();
  const [token = '', address = ''] = new URL(link ?? '').pathname.split('/').slice(2).map(decodeURIComponent);
  expect((await request.post('/backend/api/Account/verify-user', { data: { token, email: address } })).status()).toBe(200);

  const owner = await apiLogin(request, email, PASSWORD);
  const headers = { authorization: `Bearer ${owner.token}` };
  const details = await request.put('/backend/api/Tenants', {
    headers,
    multipart: { tenantName: organisation, address: '14 Mill Road, Guntur, Andhra Pradesh 522002', pan: 'AAKCK4821M' },
  });
  expect(details.status(), await details.text()).toBe(200);
  const settings = await request.post('/backend/api/settings', { headers, data: { workingHours: '9', weekDaysOff: 'Sunday' } });
  expect(settings.status(), await settings.text()).toBe(200);
  return { email, token: owner.token, organisation };
}

export interface Employee {
  name: string;
  email: string;
}

/** Invites an employee with a salary (annual CTC), PAN and bank account; they set their password from the e-mail. */
export async function hireEmployee(request: APIRequestContext, ownerToken: string, tag: { digits: string; letters: string }, joined: string): Promise<Employee> {
  const person = { firstName: 'Ramesh', lastName: `Babu${tag.letters.toLowerCase()}`, email: `ramesh.${tag.digits}@krishna-mills.in` };
  const res = await request.post('/backend/api/Users/invite', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: {
      ...person,
      employeeNumber: `KM${tag.digits.slice(-6)}`,
      dateOfJoining: joined,
      experience: 6,
      designation: 'Shift Supervisor',
      annualCTC: 780_000,
      regimeType: 1,
      pan: 'BQRPB7345K',
      bankAccountNumber: '50100234567812',
      bankName: 'HDFC Bank',
      ifscCode: 'HDFC0001234',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { data: { statusCode: number } }).data.statusCode).toBe(200);
  await apiAcceptInvite(request, person.email, PASSWORD);
  return { name: `${person.firstName} ${person.lastName}`, email: person.email };
}

/** 'YYYY-MM-DD' of the first day of a month from monthsAgo. */
export const firstDay = ({ month, year }: { month: number; year: number }) => `${String(year)}-${String(month).padStart(2, '0')}-01`;

/** Completes the payroll checklist through the API with `last` as the last payroll month run elsewhere: the month after it opens. */
export async function setUpPayroll(request: APIRequestContext, token: string, last: { month: number; year: number }): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const settings = await request.put('/backend/api/PayrollSettings', { headers, data: { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: last.month, lastPayrollYear: last.year } });
  expect(settings.status(), await settings.text()).toBe(200);
  for (const url of ['/PayrollSetup/steps/salaryComponents/complete', '/PayrollSetup/steps/statutoryComponents/complete', '/PayrollSettings/mark-completed', '/PayrollSetup/complete']) {
    const res = await request.post(`/backend/api${url}`, { headers });
    expect(res.status(), `${url} ${await res.text()}`).toBe(200);
  }
}

/** The open month's run, processed through the API (processing runs in the background: polled until it is processed). */
export async function processCurrentRun(request: APIRequestContext, token: string): Promise<{ id: string; month: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const run = ((await (await request.get('/backend/api/PayrollRuns/current', { headers })).json()) as { data: { id: string; month: string } }).data;
  const started = await request.post(`/backend/api/PayrollRuns/${run.id}/process`, { headers });
  expect(started.status(), await started.text()).toBe(202);
  await expect
    .poll(async () => ((await (await request.get(`/backend/api/PayrollRuns/${run.id}`, { headers })).json()) as { data: { status: string } }).data.status, { timeout: 60_000 })
    .toBe('processed');
  return run;
}

/**
 * Adds an employee without a login (a restricted user: no invitation e-mail to follow), faster than
 * hireEmployee when the test never signs in as them. `details` overrides the bank and statutory
 * details (complete and valid by default); a detail set to null leaves it out.
 */
export async function addEmployee(
  request: APIRequestContext,
  ownerToken: string,
  tag: { digits: string; letters: string },
  joined: string,
  firstName: string,
  details: Record<string, unknown> = {},
): Promise<Employee & { id: string }> {
  const person = { firstName, lastName: `Rao${tag.letters.toLowerCase()}`, email: `${firstName.toLowerCase()}.${tag.digits}@krishna-mills.in` };
  const res = await request.post('/backend/api/Users/restricted', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: {
      ...person,
      employeeNumber: `${firstName.slice(0, 2).toUpperCase()}${tag.digits.slice(-6)}`,
      dateOfJoining: joined,
      experience: 4,
      designation: 'Loom Operator',
      annualCTC: 780_000,
      regimeType: 1,
      pan: 'BQRPB7345K',
      uan: '100427607286',
      bankAccountNumber: '50100234567812',
      bankName: 'HDFC Bank',
      ifscCode: 'HDFC0001234',
      ...details,
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return { id: ((await res.json()) as { data: { userId: string } }).data.userId, name: `${person.firstName} ${person.lastName}`, email: person.email };
}
