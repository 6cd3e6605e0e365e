import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { IMPORT_COLUMNS, UserStatus, type AuditEntryView, type Plan, type SessionUser, type TenantEarningRow } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, multipart, type TestApp } from '../../testing';

/**
 * Issue 30's list of audited changes, each through HTTP and read back from GET /AuditLog: the entity,
 * the action, the fields before and after (secrets masked), the actor, the IP address and the user
 * agent. Sign-ins, role changes, bank details and identifiers, statutory settings: audit-log.int.test.ts;
 * payroll actions: audit-log.payroll.int.test.ts; declaration and proof decisions: proofs.int.test.ts;
 * bank details approval: bank-changes.int.test.ts; erasure and export: data-rights.int.test.ts.
 */
const UA = 'AuditTest/1.0';

describe.each(BACKENDS)('every listed change writes its entry (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let basicId = '';
  let ravi = '';
  const raviForm = {
    firstName: 'Ravi', lastName: 'Shankar', email: 'ravi@tunga-audit.example.in', dateOfJoining: '2025-06-02', experience: 2, employeeNumber: 'TA001', regimeType: 1, annualCTC: 480_000,
    pan: 'ABCPS1234K', bankName: 'Canara Bank', bankAccountNumber: '001234567890', ifscCode: 'CNRB0000002',
  };

  const call = (method: string, url: string, body?: unknown, token = admin.token) => t.call(method, url, { token, headers: { 'user-agent': UA }, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };
  /** The entries of one entity (and id), newest first. */
  const entries = async (entity: string, entityId?: string, token = admin.token) => {
    const res = await t.call('GET', `/AuditLog?entity=${entity}${entityId ? `&entityId=${entityId}` : ''}&pageSize=100`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: AuditEntryView[] }).data;
  };
  /** Who, from where, with what: the same for every entry of these tests. */
  const byAdmin = () => ({ actorId: admin.id, ip: '127.0.0.1', userAgent: UA });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.registerOrganisation({ organizationName: 'Tunga Audit Works' });
    basicId = data<TenantEarningRow[]>(await call('GET', '/SalaryComponents/earnings')).find((e) => e.earningCategory === 'basic')?.id ?? '';
    ravi = data<{ userId: string }>(await call('POST', '/Users/restricted', { ...raviForm, earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 240_000 }] })).userId;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('salary components: created, changed, switched off and removed', async () => {
    const body = { earningType: 'custom', earningName: 'Shift Allowance', nameInPayslip: 'Shift Allowance', calculationType: 3, calculationValue: 12_000, isFixedPay: true };
    const created = data<{ id: string }>(await call('POST', '/SalaryComponents/earnings', body));
    data(await call('PUT', `/SalaryComponents/earnings/${created.id}`, { ...body, calculationValue: 18_000 }));
    data(await call('PATCH', `/SalaryComponents/earnings/${created.id}/status`, { isActive: false }));
    data(await call('DELETE', `/SalaryComponents/earnings/${created.id}`));
    const log = await entries('SalaryComponent', created.id);
    expect(log.map((e) => e.action)).toEqual(['Delete', 'Update', 'Update', 'Create']);
    for (const e of log) expect(e).toMatchObject(byAdmin());
    expect(log[3]?.after).toMatchObject({ earningName: 'Shift Allowance' });
    // Only what changed: the amount, then the switch.
    expect(Object.keys(log[2]?.after ?? {})).toEqual(Object.keys(log[2]?.before ?? {}));
    expect(JSON.stringify(log[2]?.after)).toContain('18');
    expect(JSON.stringify(log[2])).not.toContain('earningName');
    expect(log[1]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
    expect(log[0]?.before).toMatchObject({ earningName: 'Shift Allowance' });
  });

  it("a salary revision, and a change of an employee's structure on the form", async () => {
    data(await call('POST', `/Users/${ravi}/salary-revisions`, { effectiveFrom: '2026-04-01', annualCTC: 600_000, regimeType: 1, earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 300_000 }] }));
    const [revision] = await entries('SalaryRevision', ravi);
    expect(revision).toMatchObject({ action: 'Create', ...byAdmin(), before: { annualCtcPaise: 48_000_000 }, after: { effectiveFrom: '2026-04-01', annualCtcPaise: 60_000_000 } });

    const form = { ...raviForm, annualCTC: 660_000, earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 330_000 }] };
    data(await call('PUT', `/Users/${ravi}`, form));
    const [structure] = await entries('SalaryStructure', ravi);
    expect(structure).toMatchObject({ action: 'Update', ...byAdmin() });
    expect(structure).toMatchObject({ before: { annualCTC: 600_000 }, after: { annualCTC: 660_000 } });
  });

  it("the organisation's details", async () => {
    const put = async (fields: Record<string, string>) => {
      const form = multipart(fields);
      return data(await t.call('PUT', '/Tenants', { token: admin.token, body: form.body, headers: { ...form.headers, 'user-agent': UA } }));
    };
    await put({ tenantName: 'Tunga Audit Works', address: '12 Anna Salai, Chennai', pan: 'AABCT1234D' });
    await put({ tenantName: 'Tunga Audit Works', address: '7 MG Road, Bengaluru', pan: 'AABCT1234D' });
    const [latest] = await entries('Organization', admin.tenantId);
    expect(latest).toMatchObject({ action: 'Update', ...byAdmin(), before: { address: '12 Anna Salai, Chennai' }, after: { address: '7 MG Road, Bengaluru' } });
    expect(Object.keys(latest?.after ?? {})).toEqual(['address']);
  });

  it('work locations (the state is the PT and LWF of the people there), and moving an employee to one', async () => {
    const chennai = data<{ id: string }>(await call('POST', '/WorkLocations', { name: 'Chennai office', stateCode: 'TN', city: 'Chennai' }));
    data(await call('PUT', `/WorkLocations/${chennai.id}`, { name: 'Chennai office', stateCode: 'KA', city: 'Chennai' }));
    const spare = data<{ id: string }>(await call('POST', '/WorkLocations', { name: 'Spare office', stateCode: 'MH' }));
    data(await call('DELETE', `/WorkLocations/${spare.id}`));
    const log = await entries('WorkLocation', chennai.id);
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([
      ['Update', { stateCode: 'TN' }, { stateCode: 'KA' }],
      ['Create', null, { name: 'Chennai office', stateCode: 'TN', city: 'Chennai', ptRegistrationNumber: null, lwfRegistrationNumber: null }],
    ]);
    for (const e of log) expect(e).toMatchObject(byAdmin());
    expect((await entries('WorkLocation', spare.id)).map((e) => [e.action, e.before?.['name'] ?? null])).toEqual([['Delete', 'Spare office'], ['Create', null]]);

    data(await call('PUT', `/Users/${ravi}`, { ...raviForm, annualCTC: 660_000, earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 330_000 }], workLocationId: chennai.id }));
    const [moved] = await entries('User', ravi);
    expect(moved).toMatchObject({ action: 'Update', ...byAdmin(), before: { workLocationId: null }, after: { workLocationId: chennai.id } });
  });

  it("access taken away and given back, and a person's removal", async () => {
    await t.database.db.execute(sql`UPDATE users SET status = ${UserStatus.Active} WHERE id = ${ravi}`);
    data(await call('PUT', `/Users/${ravi}/status`, { status: UserStatus.Deactivated }));
    data(await call('PUT', `/Users/${ravi}/status`, { status: UserStatus.Active }));
    const [back, away] = await entries('User', ravi);
    expect(away).toMatchObject({ action: 'Update', ...byAdmin(), before: { status: UserStatus.Active }, after: { status: UserStatus.Deactivated } });
    expect(back).toMatchObject({ action: 'Update', ...byAdmin(), before: { status: UserStatus.Deactivated }, after: { status: UserStatus.Active } });

    const temp = data<{ userId: string }>(await call('POST', '/Users/restricted', { ...raviForm, firstName: 'Temp', email: 'temp@tunga-audit.example.in', employeeNumber: 'TA009', pan: 'ABCPT9999K' })).userId;
    data(await call('DELETE', `/Users/${temp}`));
    const [removed] = await entries('User', temp);
    expect(removed).toMatchObject({ action: 'Delete', ...byAdmin(), before: { roleId: 3, status: UserStatus.RestrictedLogin }, after: null });
    // The person's name and e-mail are not copied into the log of their removal.
    expect(JSON.stringify(removed)).not.toContain('temp@tunga-audit');
  });

  it('the employee import writes one creation per person, identifiers kept and the account number masked', async () => {
    const row: Record<string, string> = {
      employeeNumber: 'TA100', firstName: 'Lakshmi', lastName: 'Pillai', email: 'lakshmi@tunga-audit.example.in', dateOfJoining: '01/07/2026', experience: '4', annualCTC: '600000', regimeType: 'New',
      pan: 'ABCPL1234K', uan: '100427607286', bankAccountNumber: '50100123456789', bankName: 'HDFC Bank', ifscCode: 'HDFC0001753',
    };
    const csv = Buffer.from([IMPORT_COLUMNS.map((c) => c.header).join(','), IMPORT_COLUMNS.map((c) => row[c.field] ?? '').join(',')].join('\r\n') + '\r\n');
    const send = (url: string) => {
      const form = multipart({ mode: 'restricted' }, { field: 'file', filename: 'people.csv', contentType: 'text/csv', bytes: csv });
      return t.call('POST', url, { token: admin.token, body: form.body, headers: { ...form.headers, 'user-agent': UA } });
    };
    const preview = await send('/Users/import/preview');
    expect(preview.json(), JSON.stringify((preview.json() as { data: { rows: { errors: unknown[] }[] } }).data.rows.map((r) => r.errors))).toMatchObject({ data: { validRows: 1 } });
    const res = await send('/Users/import');
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM users WHERE tenant_id = ${admin.tenantId} AND email = 'lakshmi@tunga-audit.example.in'`);
    const [created] = await entries('User', user?.id);
    expect(created).toMatchObject({ action: 'Create', ...byAdmin(), before: null, after: { email: 'lakshmi@tunga-audit.example.in', pan: 'ABCPL1234K', uan: '100427607286', bankAccountNumber: '••••6789', ifscCode: 'HDFC0001753' } });
    expect(JSON.stringify(created)).not.toContain('50100123456789');
  });

  it('a change of plan', async () => {
    const solo = await t.registerOrganisation({ organizationName: 'Solo Audit Studio' });
    const plans = data<{ data: Plan[] }>(await t.call('GET', '/Subscriptions/plans', { token: solo.token })).data;
    const free = plans.find((p) => p.name === 'Free');
    if (!free) throw new Error('no Free plan');
    expect((await call('POST', '/Subscriptions/create', { planId: free.id }, solo.token)).statusCode).toBe(200);
    const [changed] = await entries('Subscription', undefined, solo.token);
    expect(changed).toMatchObject({ action: 'PlanChange', actorId: solo.id, ip: '127.0.0.1', userAgent: UA, after: { planId: free.id, quantity: 1 } });
    // Another organisation's log has none of it.
    expect((await entries('Subscription')).some((e) => e.entityId === changed?.entityId)).toBe(false);
  });
});
