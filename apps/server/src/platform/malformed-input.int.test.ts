import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '@tankha/contracts';
import { queryRows } from '../db/client';
import { BACKENDS, DEMO_LOGINS, createTestApp, makePng, multipart, type TestApp } from '../testing';
import { NUL_MESSAGE } from './error-handler';
import { MALFORMED_MULTIPART } from './files/multipart';

/**
 * Issue 9 item 4f: inputs that used to answer 500. Each is a 400 naming the field, and nothing is
 * written. The security suite (testing/security.int.test.ts) keeps looking for new ones.
 */
describe.each(BACKENDS)('malformed input answers 400, never 500 (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let member: SessionUser;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    member = await t.login(DEMO_LOGINS.member);
  });
  afterAll(async () => {
    await t.close();
  });

  const userCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`))[0]?.n;
  const invite = (overrides: Record<string, unknown>) => ({
    firstName: 'Kavya',
    lastName: 'Menon',
    email: `kavya.${Math.random().toString(36).slice(2)}@example.in`,
    dateOfJoining: '2025-06-01',
    annualCTC: 1_200_000,
    experience: 3,
    employeeNumber: `MAL${Math.random().toString(36).slice(2, 8)}`,
    regimeType: 1,
    ...overrides,
  });

  describe('the NUL character (U+0000), which PostgreSQL refuses in text', () => {
    it.each([
      ['POST', '/Account/login', { email: 'a\u0000@example.in', password: 'Secret123' }, 'email'],
      ['POST', '/Account/register', { firstName: 'Ki\u0000ran', lastName: 'Das', organizationName: 'Org', email: 'x@example.in', password: 'Secret123', confirmPassword: 'Secret123' }, 'firstName'],
      ['POST', '/Account/forgot-password', { email: '\u0000' }, 'email'],
      ['POST', '/tax/calculate', { financialYear: '2025-26\u0000' }, 'financialYear'],
    ])('without login: %s %s → 400 naming the field', async (method, url, body, field) => {
      const res = await t.call(method, url, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', message: `${field}: ${NUL_MESSAGE}`, errors: { [field]: NUL_MESSAGE } });
    });

    it('in a body, a nested field, a query and a path: 400 naming the field, nothing written', async () => {
      const before = await userCount();
      const cases: [string, string, unknown, string][] = [
        ['POST', '/Users/invite', invite({ designation: 'Lead\u0000' }), 'designation'],
        ['POST', '/Users/invite', invite({ userFieldValues: [{ id: null, userFieldId: 'x', optionId: null, fieldValue: 'a\u0000' }] }), 'userFieldValues.0.fieldValue'],
        ['POST', '/Departments', { name: 'Research\u0000' }, 'name'],
        ['GET', '/Users?search=ra%00hul', undefined, 'search'],
        ['GET', '/Departments/ab%00cd', undefined, 'id'],
      ];
      for (const [method, url, body, field] of cases) {
        const res = await t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().message).toBe(`${field}: ${NUL_MESSAGE}`);
      }
      expect(await userCount()).toBe(before);
    });

    it('in a multipart field or file name: 400 naming the field', async () => {
      const field = multipart({ tenantName: 'Nilgiri\u0000', address: 'x', pan: 'AAFCN4821K' });
      const res = await t.call('PUT', '/Tenants', { token: admin.token, body: field.body, headers: field.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`tenantName: ${NUL_MESSAGE}`);
      const file = multipart({ documentType: '2' }, { field: 'file', filename: 'pan\u0000.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') });
      const upload = await t.call('POST', `/Users/${member.id}/documents`, { token: admin.token, body: file.body, headers: file.headers });
      expect(upload.statusCode).toBe(400);
      expect(upload.json().message).toBe(`file: file name ${NUL_MESSAGE}`);
    });
  });

  describe('names and other indexed text have a length limit', () => {
    it.each(['firstName', 'lastName', 'middleName', 'spouseName'])('a 2.7 KB %s is a 400 naming it, not a btree overflow', async (field) => {
      const before = await userCount();
      const res = await t.call('POST', '/Users/invite', { token: admin.token, body: invite({ [field]: 'Abcdefghijklmnopqrstuvwxyz'.repeat(104) }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe('must be at most 100 characters');
      expect(res.json().message).toBe(`${field}: must be at most 100 characters`);
      expect(await userCount()).toBe(before);
    });

    it('accepts a 100-character name and refuses 101', async () => {
      const name = 'A'.repeat(100);
      expect((await t.call('POST', '/Users/restricted', { token: admin.token, body: invite({ firstName: name }) })).statusCode).toBe(200);
      expect((await t.call('POST', '/Users/restricted', { token: admin.token, body: invite({ firstName: `${name}A` }) })).statusCode).toBe(400);
    });

    it.each([
      ['email', `${'a'.repeat(250)}@example.in`, 'must be at most 254 characters'],
      ['designation', 'x'.repeat(101), 'must be at most 100 characters'],
      ['address', 'x'.repeat(501), 'must be at most 500 characters'],
      ['pan', 'x'.repeat(51), 'must be at most 50 characters'],
      ['departmentId', 'not-an-id', 'Please select a valid department'],
      ['reportingManagerId', 'x'.repeat(3000), 'Please select a valid reporting manager'],
    ])('%s too long or not an id: 400 with a message', async (field, value, message) => {
      const res = await t.call('POST', '/Users/invite', { token: admin.token, body: invite({ [field]: value }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    });

    it('an empty department or manager still means none', async () => {
      const res = await t.call('POST', '/Users/restricted', { token: admin.token, body: invite({ departmentId: '', reportingManagerId: '' }) });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('impossible calendar dates', () => {
    it.each([
      ['/Attendances?startDate=2026-02-30&endDate=2026-03-31', 'startDate'],
      ['/Attendances/reports?startDate=2026-02-30&endDate=2026-03-31', 'startDate'],
    ])('GET %s → 400 naming %s (the domain used to throw: 500)', async (url, field) => {
      const res = await t.call('GET', url, { token: admin.token });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe('Dates are YYYY-MM-DD');
    });

    it('an employee born on 30 February is a 400 naming dateOfBirth', async () => {
      const res = await t.call('POST', '/Users/invite', { token: admin.token, body: invite({ dateOfBirth: '1990-02-30' }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.dateOfBirth).toBe('must be a date (YYYY-MM-DD)');
    });
  });

  describe('a malformed multipart body on every multipart route', () => {
    const routes = (): [string, string][] => [
      ['PUT', '/Tenants'],
      ['POST', '/Tenants'],
      ['POST', '/logos'],
      ['POST', `/Users/${member.id}/documents`],
      ['POST', '/Users/import/preview'],
      ['POST', '/Users/import'],
    ];
    const whole = () => multipart({ documentType: '2', mode: 'restricted' }, { field: 'file', filename: 'logo.png', contentType: 'image/png', bytes: makePng(100, 100) });
    const bodies: [string, () => { body: Buffer; headers: Record<string, string> }][] = [
      ['no boundary', () => ({ body: whole().body, headers: { 'content-type': 'multipart/form-data' } })],
      ['another boundary', () => ({ body: whole().body, headers: { 'content-type': 'multipart/form-data; boundary=not-the-one' } })],
      [
        'truncated',
        () => {
          const w = whole();
          return { body: w.body.subarray(0, Math.floor(w.body.length / 2)), headers: w.headers };
        },
      ],
      ['headers without a blank line', () => ({ body: Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n--b--'), headers: { 'content-type': 'multipart/form-data; boundary=b' } })],
    ];

    it('answers 400 with a message, never 500', async () => {
      for (const [method, url] of routes()) {
        for (const [label, make] of bodies) {
          const { body, headers } = make();
          const res = await t.call(method, url, { token: admin.token, body, headers });
          expect(res.statusCode, `${method} ${url} ${label}: ${res.body}`).toBe(400);
          expect(res.json().errorCode).toBe('VALIDATION_ERROR');
          expect(res.json().message.length).toBeGreaterThan(0);
        }
      }
    });

    it('names the problem when the body is cut off', async () => {
      const w = whole();
      const res = await t.call('POST', '/logos', { token: admin.token, body: w.body.subarray(0, w.body.length - 20), headers: w.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MALFORMED_MULTIPART);
    });
  });
});
