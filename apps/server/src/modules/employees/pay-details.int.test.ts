import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode, PEOPLE_MSG, ifscUnknownMessage, type Employee, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Bank and statutory numbers banks, EPFO and ESIC accept, through the employee
 * form's calls: POST /Users/restricted and /Users/invite (create) and PUT /Users/{id} (edit, the
 * profile's Bank Details section included). The values first: IFSC "HDFC1234", account
 * "12", UAN "12345".
 */
describe.each(BACKENDS)('employee bank and statutory numbers (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let outsider: SessionUser;
  let userId = '';

  const call = (method: string, url: string, body?: unknown, token = admin.token) => t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const form = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Kavya',
    lastName: 'Menon',
    email: 'kavya.menon@kaveri-looms.example.in',
    dateOfJoining: '2025-06-01',
    experience: 3,
    employeeNumber: 'KL001',
    regimeType: 1,
    annualCTC: 600_000,
    pan: 'ABCPM1234K',
    bankName: 'HDFC Bank',
    bankAccountNumber: '50100123456789',
    ifscCode: 'HDFC0001753',
    uan: '100427607286',
    esiNumber: '5300012345',
    ...overrides,
  });
  const stored = async () => data<Employee>(await call('GET', `/Users/${userId}`));

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.registerOrganisation({ organizationName: 'Kaveri Looms' });
    outsider = await t.registerOrganisation({ organizationName: 'Elsewhere Looms' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('stores the numbers as the bank and EPFO read them: spaces and hyphens dropped, capitals', async () => {
    const res = await call('POST', '/Users/restricted', form({ ifscCode: 'hdfc 0001753', bankAccountNumber: '5010-0123 456789', uan: '1004 2760 7286', esiNumber: '53 0001 2345' }));
    expect(res.statusCode, res.body).toBe(200);
    userId = data<{ userId: string }>(res).userId;
    expect(await stored()).toMatchObject({ ifscCode: 'HDFC0001753', bankAccountNumber: '50100123456789', uan: '100427607286', esiNumber: '5300012345' });
  });

  it('PUT /Users/{id} refuses every number a bank, EPFO or ESIC would refuse, each with its message, and writes nothing', async () => {
    const res = await call('PUT', `/Users/${userId}`, form({ ifscCode: 'HDFC1234', bankAccountNumber: '12', uan: '12345', esiNumber: '1234', pan: 'ABCP1234K', designation: 'Weaver' }));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { errorCode: string; message: string; errors: Record<string, string> };
    expect(body.errorCode).toBe(ErrorCode.Validation);
    expect(body.errors).toEqual({
      esiNumber: PEOPLE_MSG.esiNumberInvalid,
      uan: PEOPLE_MSG.uanInvalid,
      pan: PEOPLE_MSG.panInvalid,
      bankAccountNumber: PEOPLE_MSG.bankAccountInvalid,
      ifscCode: PEOPLE_MSG.ifscInvalid,
    });
    // The message names the first field, as every validation error does.
    expect(body.message).toBe(`esiNumber: ${PEOPLE_MSG.esiNumberInvalid}`);
    expect(await stored()).toMatchObject({ ifscCode: 'HDFC0001753', bankAccountNumber: '50100123456789', uan: '100427607286', designation: null });
  });

  it('a well-formed IFSC of no bank branch is refused by the server under the IFSC field', async () => {
    const res = await call('PUT', `/Users/${userId}`, form({ ifscCode: 'HDFC0000000', designation: 'Weaver' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: `ifscCode: ${ifscUnknownMessage('HDFC0000000')}`, errors: { ifscCode: ifscUnknownMessage('HDFC0000000') } });
    expect(await stored()).toMatchObject({ ifscCode: 'HDFC0001753', designation: null });
    // Another real branch is accepted.
    const ok = await call('PUT', `/Users/${userId}`, form({ ifscCode: 'ICIC0000409', bankName: 'ICICI Bank', designation: 'Weaver' }));
    expect(ok.statusCode, ok.body).toBe(200);
    // The other fields are written at once; the bank details wait for a second person (issue 30 §4).
    expect(ok.json().data.bankChange).not.toBeNull();
    expect(await stored()).toMatchObject({ ifscCode: 'HDFC0001753', designation: 'Weaver' });
  });

  it('POST /Users/invite and /Users/restricted refuse them too, and create nobody', async () => {
    const invite = await call('POST', '/Users/invite', form({ email: 'ravi@kaveri-looms.example.in', employeeNumber: 'KL002', uan: '12345' }));
    expect(invite.statusCode).toBe(400);
    expect(invite.json().errors).toEqual({ uan: PEOPLE_MSG.uanInvalid });
    const restricted = await call('POST', '/Users/restricted', form({ email: 'ravi@kaveri-looms.example.in', employeeNumber: 'KL002', ifscCode: 'HDFC0000000' }));
    expect(restricted.statusCode).toBe(400);
    expect(restricted.json().errors).toEqual({ ifscCode: ifscUnknownMessage('HDFC0000000') });
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users WHERE tenant_id = ${admin.tenantId} AND email = 'ravi@kaveri-looms.example.in'`);
    expect(row?.n).toBe(0);
  });

  it('another organisation cannot change or read the record', async () => {
    expect((await call('PUT', `/Users/${userId}`, form({ designation: 'Hijacked' }), outsider.token)).statusCode).toBe(404);
    expect((await call('GET', `/Users/${userId}`, undefined, outsider.token)).statusCode).toBe(404);
    expect(await stored()).toMatchObject({ designation: 'Weaver' });
  });
});
