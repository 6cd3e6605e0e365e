import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '@tankha/contracts';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import { DEMO_LOGINS } from '../../seed/demo';
import { queryRows } from '../../db/client';

/** Issue 9: money enters as rupees with at most two decimals and becomes paise by one exact conversion. */
describe.each(BACKENDS)('money on the way in (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
  });
  afterAll(async () => {
    await t.close();
  });

  const body = (overrides: Record<string, unknown> = {}) => {
    counter += 1;
    return {
      firstName: 'Kavya',
      lastName: 'Menon',
      email: `money${counter.toString()}@example.in`,
      dateOfJoining: '2025-06-01',
      annualCTC: 1_200_000,
      experience: 3,
      employeeNumber: `MNY${counter.toString().padStart(3, '0')}`,
      regimeType: 1,
      ...overrides,
    };
  };
  const users = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`))[0]?.n;
  const ctcPaise = async (id: string) => (await queryRows<{ p: string | null }>(t.database.db, sql`SELECT annual_ctc_paise::text AS p FROM users WHERE id = ${id}`))[0]?.p;

  it('a CTC with three decimals is a 400 naming the field, and nothing is written', async () => {
    const before = await users();
    const res = await t.call('POST', '/Users/invite', { token: admin.token, body: body({ annualCTC: 1_200_000.005 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      message: 'annualCTC: Annual CTC must have at most two decimal places',
      errors: { annualCTC: 'Annual CTC must have at most two decimal places' },
    });
    expect(await users()).toBe(before);
    expect(await t.mailbox()).not.toContainEqual(expect.objectContaining({ to: `money${counter.toString()}@example.in` }));
  });

  it('a CTC whose binary value is not exact (12,34,567.89) is stored as exactly 12,34,56,789 paise; an edit with three decimals changes nothing', async () => {
    const created = await t.call('POST', '/Users/invite', { token: admin.token, body: body({ annualCTC: 1_234_567.89 }) });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.userId as string;
    expect(await ctcPaise(id)).toBe('123456789');
    expect((await t.call('GET', `/Users/${id}`, { token: admin.token })).json().data.annualCTC).toBe(1_234_567.89);

    const edited = await t.call('PUT', `/Users/${id}`, { token: admin.token, body: { ...body({ annualCTC: 900_000.999 }), email: `money${counter.toString()}@example.in`, employeeNumber: `MNY${counter.toString().padStart(3, '0')}` } });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors).toEqual({ annualCTC: 'Annual CTC must have at most two decimal places' });
    expect(await ctcPaise(id)).toBe('123456789');
  });

  it('a CTC out of range names the bounds in rupees with Indian grouping', async () => {
    const res = await t.call('POST', '/Users/invite', { token: admin.token, body: body({ annualCTC: -1 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ annualCTC: 'Annual CTC must be between ₹0 and ₹1,00,00,00,000' });
  });

  it('the structure preview and the public tax calculator refuse a third decimal on the field too', async () => {
    const preview = await t.call('POST', '/SalaryStructure/calculate', { token: admin.token, body: { annualCTC: 600_000.001, regimeType: 1 } });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().errors).toEqual({ annualCTC: 'Annual CTC must have at most two decimal places' });
    const tax = await t.call('POST', '/tax/calculate', { body: { financialYear: '2025-26', regimeType: 1, grossSalary: 1_000_000, deductions: { '80C': 1.005 } } });
    expect(tax.statusCode).toBe(400);
    expect(tax.json().errors).toEqual({ 'deductions.80C': 'Section 80C must have at most two decimal places' });
  });
});
