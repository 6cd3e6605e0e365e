import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUDIT_MSG, Role, type AuditEntryView, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { recordAudit } from '../../platform/audit/record';
import { auditVerifyCommand } from '../../platform/audit/audit-verify';
import { withTenant } from '../../platform/unit-of-work';
import { BACKENDS, createTestApp, DEMO_LOGINS, type TestApp } from '../../testing';

/** What a promise was refused with (the database's own message). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    const e = error as { cause?: { message?: string }; message: string };
    return e.cause?.message ?? e.message;
  }
}

describe.each(BACKENDS)('audit log over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (query = '', token = admin.token) => {
    const res = await t.call('GET', `/AuditLog${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: AuditEntryView[]; totalRecords: number; message: string };
  };
  const verify = async (token = admin.token) => {
    const res = await t.call('GET', '/AuditLog/verify', { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { valid: boolean; entries: number; firstBrokenId: string | null }; message: string };
  };
  const entryCount = async (tenantId: string) => Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = ${tenantId}`))[0]?.n);

  it('records sign-ins with the account as the actor, the IP address and the browser', async () => {
    const { data } = await list(`?action=SignIn&entityId=${member.id}`);
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]).toMatchObject({ entity: 'Account', action: 'SignIn', actorId: member.id, entityId: member.id, ip: '127.0.0.1' });
  });

  it('records a failed sign-in with the e-mail tried and no actor, though the request answers 401', async () => {
    const before = await entryCount(admin.tenantId);
    const res = await t.call('POST', '/Account/login', { body: { email: DEMO_LOGINS.member, password: 'wrong-password-1' }, headers: { 'user-agent': 'Guessing/1.0' } });
    expect(res.statusCode).toBe(401);
    expect(await entryCount(admin.tenantId)).toBe(before + 1);
    const { data } = await list('?action=SignInFailed');
    expect(data[0]).toMatchObject({ entity: 'Account', entityId: member.id, actorId: null, actorName: DEMO_LOGINS.member, userAgent: 'Guessing/1.0' });
    // An e-mail no account has belongs to no organisation: nothing is written anywhere.
    const total = Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log`))[0]?.n);
    expect((await t.call('POST', '/Account/login', { body: { email: 'nobody@example.com', password: 'wrong-password-1' } })).statusCode).toBe(401);
    expect(Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log`))[0]?.n)).toBe(total);
  });

  it('records a role change with the role before and after', async () => {
    expect((await t.call('POST', `/Users/roles/${member.id}/${Role.Moderator.toString()}`, { token: admin.token })).statusCode).toBe(200);
    expect((await t.call('POST', `/Users/roles/${member.id}/${Role.Member.toString()}`, { token: admin.token })).statusCode).toBe(200);
    const { data } = await list(`?action=RoleChange&entityId=${member.id}&actorId=${admin.id}`);
    expect(data.map((e) => [e.before, e.after])).toEqual([
      [{ roleId: Role.Moderator }, { roleId: Role.Member }],
      [{ roleId: Role.Member }, { roleId: Role.Moderator }],
    ]);
    expect(data[0]?.actorName).toBe(`${admin.firstName} ${admin.lastName}`);
  });

  it("records an employee's bank account change with only the last four digits, and PAN and UAN changes apart", async () => {
    const form = {
      firstName: 'Kavya', lastName: 'Menon', email: 'kavya.menon@audit.example.in', dateOfJoining: '2025-06-01', experience: 3, employeeNumber: 'AUD001', regimeType: 1, annualCTC: 600_000,
      pan: 'ABCPM1234K', bankName: 'HDFC Bank', bankAccountNumber: '50100123456789', ifscCode: 'HDFC0001753', uan: '100427607286', esiNumber: '5300012345',
    };
    const created = await t.call('POST', '/Users/restricted', { token: admin.token, body: form });
    expect(created.statusCode, created.body).toBe(200);
    const userId = (created.json() as { data: { userId: string } }).data.userId;
    const [creation] = (await list(`?entity=User&action=Create&entityId=${userId}`)).data;
    expect(creation?.after).toMatchObject({ bankAccountNumber: '••••6789', pan: 'ABCPM1234K' });
    const updated = await t.call('PUT', `/Users/${userId}`, { token: admin.token, body: { ...form, bankAccountNumber: '50100987654321', pan: 'ABCPM9999K' } });
    expect(updated.statusCode, updated.body).toBe(200);
    const [bank] = (await list(`?entity=BankDetails&entityId=${userId}`)).data;
    // A change of an account on record waits for a second person (issue 30 §4): its request is the entry.
    expect(bank).toMatchObject({ action: 'Request', actorId: admin.id, before: { bankAccountNumber: '••••6789' }, after: { bankAccountNumber: '••••4321' } });
    const [identifiers] = (await list(`?entity=User&action=Update&entityId=${userId}`)).data;
    expect(identifiers).toMatchObject({ before: { pan: 'ABCPM1234K' }, after: { pan: 'ABCPM9999K' } });
    // Nothing anywhere holds the full numbers.
    const rows = await queryRows<{ text: string }>(t.database.db, sql`SELECT coalesce(before::text, '') || coalesce(after::text, '') AS text FROM audit_log WHERE entity_id = ${userId}`);
    expect(rows.some((r) => r.text.includes('50100987654321') || r.text.includes('50100123456789'))).toBe(false);
  });

  it('records a statutory setting changed, with only the field that changed', async () => {
    const current = (await t.call('GET', '/StatutoryComponents/EPF', { token: admin.token })).json() as { data: { isEnabled: boolean; settings: Record<string, unknown> } };
    const flipped = !current.data.settings['restrictToWageCeiling'];
    const res = await t.call('PUT', '/StatutoryComponents/EPF', { token: admin.token, body: { ...current.data.settings, isEnabled: current.data.isEnabled, restrictToWageCeiling: flipped } });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await list('?entity=StatutorySettings&entityId=EPF')).data;
    expect(entry).toMatchObject({ action: 'Update', actorId: admin.id, before: { restrictToWageCeiling: !flipped }, after: { restrictToWageCeiling: flipped } });
  });

  it('filters by entity, action, actor and dates, newest first, a page at a time', async () => {
    const all = await list('?pageSize=100');
    expect(all.totalRecords).toBeGreaterThan(3);
    const seqs = all.data.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    const page2 = await list('?page=2&pageSize=2');
    expect(page2.data.map((e) => e.seq)).toEqual(seqs.slice(2, 4));
    expect((await list('?entity=Account')).data.every((e) => e.entity === 'Account')).toBe(true);
    expect((await list(`?actorId=${admin.id}`)).data.every((e) => e.actorId === admin.id)).toBe(true);
    // Dates are the organisation's calendar days (Asia/Kolkata for the demo), both ends inclusive.
    const day = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(iso));
    const [span] = await queryRows<{ first: string; last: string }>(
      t.database.db,
      sql`SELECT to_char(min(at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS first, to_char(max(at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last FROM audit_log WHERE tenant_id = ${admin.tenantId}`,
    );
    const first = day(span?.first ?? '');
    const last = day(span?.last ?? '');
    expect((await list(`?from=${first}&to=${last}&pageSize=100`)).totalRecords).toBe(all.totalRecords);
    expect((await list(`?from=${last}&to=${last}&pageSize=100`)).data.every((e) => day(e.at) === last)).toBe(true);
    const empty = await list('?from=2001-01-01&to=2001-01-31');
    expect(empty).toMatchObject({ data: [], totalRecords: 0, message: AUDIT_MSG.empty });
  });

  it.each([
    ['?entity=Bogus', AUDIT_MSG.entityInvalid],
    ['?action=Bogus', AUDIT_MSG.actionInvalid],
    ['?actorId=abc', AUDIT_MSG.actorInvalid],
    ['?from=2026-02-30', AUDIT_MSG.fromInvalid],
    ['?to=yesterday', AUDIT_MSG.toInvalid],
    ['?from=2026-02-02&to=2026-02-01', AUDIT_MSG.rangeInvalid],
    ['?page=0', AUDIT_MSG.pageInvalid],
    ['?pageSize=101', AUDIT_MSG.pageSizeInvalid],
  ])('GET /AuditLog%s is refused: %s', async (query, message) => {
    const res = await t.call('GET', `/AuditLog${query}`, { token: admin.token });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it('is for administrators: moderators and members are refused the log, its export and its check', async () => {
    for (const token of [moderator.token, member.token]) {
      for (const path of ['/AuditLog', '/AuditLog/verify', '/AuditLog/export?format=csv']) expect((await t.call('GET', path, { token })).statusCode).toBe(403);
    }
  });

  it("an employee reads the history of their own record only, without other people's addresses", async () => {
    const res = await t.call('GET', '/AuditLog/mine?pageSize=100', { token: member.token });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: AuditEntryView[] }).data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((e) => e.entityId === member.id)).toBe(true);
    const byAdmin = data.find((e) => e.action === 'RoleChange');
    expect(byAdmin).toMatchObject({ actorId: admin.id, ip: null, userAgent: null });
  });

  it('another organisation reads and checks only its own chain', async () => {
    const theirs = await list('?pageSize=100', other.token);
    expect(theirs.data.every((e) => e.entityId !== member.id && e.actorId !== admin.id)).toBe(true);
    expect((await list(`?entityId=${member.id}`, other.token)).totalRecords).toBe(0);
    const check = await verify(other.token);
    expect(check.data).toEqual({ valid: true, entries: theirs.totalRecords, firstBrokenId: null });
  });

  it('exports the filtered entries as CSV and XLSX', async () => {
    const csv = await t.call('GET', '/AuditLog/export?format=csv&action=RoleChange', { token: admin.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('No.,Time (UTC),Actor,IP address,User agent,Entity,Entity id,Action,Before,After,Reason');
    expect(lines.length).toBe(3);
    expect(lines[1]).toContain('RoleChange');
    const xlsx = await t.call('GET', '/AuditLog/export?format=xlsx', { token: admin.token });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await t.call('GET', '/AuditLog/export?format=pdf', { token: admin.token })).body).toContain(AUDIT_MSG.formatInvalid);
  });

  it('an entry is written with its change: a rolled-back transaction leaves none, a committed one leaves it', async () => {
    const before = await entryCount(admin.tenantId);
    const boom = t.tenantScope(admin.tenantId, async (scope) => {
      await recordAudit(scope, { entity: 'PayrollSettings', action: 'Update', before: { a: 1 }, after: { a: 2 } });
      throw new Error('the process died before COMMIT');
    });
    await expect(boom).rejects.toThrow('the process died before COMMIT');
    expect(await entryCount(admin.tenantId)).toBe(before);
    await t.tenantScope(admin.tenantId, (scope) => recordAudit(scope, { entity: 'PayrollSettings', action: 'Update', before: { a: 1 }, after: { a: 2 }, actorLabel: 'payroll.process' }));
    expect(await entryCount(admin.tenantId)).toBe(before + 1);
    expect((await list('?entity=PayrollSettings')).data[0]).toMatchObject({ actorId: null, actorName: 'payroll.process', before: { a: 1 }, after: { a: 2 } });
  });

  it('concurrent writers of one organisation never fork the chain', async () => {
    await Promise.all(Array.from({ length: 6 }, (_, i) => t.tenantScope(admin.tenantId, (scope) => recordAudit(scope, { entity: 'PayrollSettings', action: 'Update', before: { n: 0 }, after: { n: i + 1 } }))));
    const rows = await queryRows<{ seq: number }>(t.database.db, sql`SELECT seq::int AS seq FROM audit_log WHERE tenant_id = ${admin.tenantId} ORDER BY seq`);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect((await verify()).data.valid).toBe(true);
  });

  it('the tenant role can insert and read entries but never update or delete them; the owner only when it says so', async () => {
    const update = withTenant(t.database.db, admin.tenantId, (tdb) => tdb.tx.execute(sql`UPDATE audit_log SET reason = 'x'`));
    expect(await failure(update)).toBe('permission denied for table audit_log');
    const remove = withTenant(t.database.db, admin.tenantId, (tdb) => tdb.tx.execute(sql`DELETE FROM audit_log`));
    expect(await failure(remove)).toBe('permission denied for table audit_log');
    expect(await failure(t.database.db.execute(sql`UPDATE audit_log SET reason = 'x'`))).toBe('audit log entries cannot be changed or removed');
    expect(await failure(t.database.db.execute(sql`DELETE FROM audit_log`))).toBe('audit log entries cannot be changed or removed');
  });

  it('names the first entry altered behind its back, on the API', async () => {
    const intact = await verify();
    expect(intact.data).toMatchObject({ valid: true, firstBrokenId: null });
    expect(intact.message).toBe(AUDIT_MSG.chainValid);
    const [target] = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM audit_log WHERE tenant_id = ${admin.tenantId} AND action = 'RoleChange' ORDER BY seq LIMIT 1`);
    if (!target) throw new Error('no role change entry');
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.audit_owner_change', 'on', true)`);
      await tx.execute(sql`UPDATE audit_log SET after = '{"roleId": 1}'::jsonb WHERE id = ${target.id}`);
    });
    const broken = await verify();
    expect(broken.data).toEqual({ valid: false, entries: intact.data.entries, firstBrokenId: target.id });
    expect(broken.message).toBe(AUDIT_MSG.chainBroken);
    // The other organisation's chain is untouched.
    expect((await verify(other.token)).data.valid).toBe(true);
    // The command-line check names the same entry, and only for this organisation.
    const lines: string[] = [];
    expect(await auditVerifyCommand(t.database.db, ['--org', admin.tenantId], (l) => lines.push(l))).toBe(false);
    expect(lines).toEqual([`${admin.tenantId}: BROKEN at entry ${target.id} (${String(intact.data.entries)} entries)`]);
    const theirs: string[] = [];
    expect(await auditVerifyCommand(t.database.db, ['--org', other.tenantId], (l) => theirs.push(l))).toBe(true);
    expect(theirs[0]).toMatch(/: intact, \d+ entries$/);
  });
});
