import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { DATA_RIGHTS_MSG, ERASURE_ERASED, type AuditEntryView, type ErasureStatus, type SessionUser } from '@tankha/contracts';
import { formatDisplayDate } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { DEMO_PASSWORD } from '../../seed/demo';
import { BACKENDS, DEMO_LOGINS, createTestApp, makePdf, multipart, type TestApp } from '../../testing';

describe.each(BACKENDS)('data rights over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;

  const text = (entries: Record<string, Uint8Array>, name: string) => new TextDecoder().decode(entries[name]);
  const download = async (token: string, query = '') => {
    const res = await t.call('GET', `/Me/data-export${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    return unzipSync(new Uint8Array(res.rawPayload));
  };
  const one = async <T>(sqlText: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, sqlText))[0] as T;

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(new Date('2027-01-06T05:30:00Z'));
    await t.seedDemo({ payroll: true });
    await t.drainJobs();
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders', email: 'owner@kaveri.example' });
    // A document of the member, and a check-in with its location.
    const f = multipart({ documentType: '1' }, { field: 'file', filename: 'aadhaar.pdf', contentType: 'application/pdf', bytes: makePdf('Aadhaar') });
    const up = await t.call('POST', `/Users/${member.id}/documents`, { token: admin.token, body: f.body, headers: f.headers });
    expect(up.statusCode, up.body).toBe(201);
    await t.drainJobs();
    await t.database.db.execute(
      sql`INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, check_in_latitude, check_in_longitude, check_in_accuracy_metres)
          VALUES (${member.tenantId}, ${member.id}, '2026-12-01', '2026-12-01T04:00:00Z', '2026-12-01T12:30:00Z', 12.9716, 77.5946, 15)`,
    );
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  describe('the export of one’s own data', () => {
    it('is one ZIP of JSON files and the stored PDFs', async () => {
      const entries = await download(member.token);
      const names = Object.keys(entries);
      for (const name of ['README.txt', 'profile.json', 'employment.json', 'attendance.json', 'leave.json', 'regularization-requests.json', 'payslips.json', 'salary-revisions.json', 'tax-declarations.json', 'reimbursements.json', 'loans.json', 'documents.json', 'form16.json', 'exit.json']) {
        expect(names).toContain(name);
      }
      const payslipPdfs = names.filter((n) => n.startsWith('files/payslips/') && n.endsWith('.pdf'));
      const slips = (JSON.parse(text(entries, 'payslips.json')) as { payslips: { id: string; userId: string; month: string; lines: unknown[] }[] }).payslips;
      expect(slips.length).toBeGreaterThan(0);
      expect(slips.every((s) => s.userId === member.id && s.lines.length > 0)).toBe(true);
      expect(payslipPdfs.length).toBe(slips.length);
      expect(text(entries, payslipPdfs[0] as string).startsWith('%PDF')).toBe(true);
      expect(names.some((n) => n.startsWith('files/documents/') && n.endsWith('aadhaar.pdf'))).toBe(true);
    });

    it('holds the person’s own record, identifiers unmasked', async () => {
      const entries = await download(member.token);
      const profile = JSON.parse(text(entries, 'profile.json')) as Record<string, unknown>;
      const row = await one<{ pan: string | null; bank_account_number: string | null }>(sql`SELECT pan, bank_account_number FROM users WHERE id = ${member.id}`);
      expect(profile).toMatchObject({ id: member.id, email: DEMO_LOGINS.member, pan: row.pan, bankAccountNumber: row.bank_account_number });
      expect(profile.tenantId).toBeUndefined();
      const attendance = JSON.parse(text(entries, 'attendance.json')) as { timeLogs: { checkInLatitude: number | null }[] };
      expect(attendance.timeLogs.some((l) => l.checkInLatitude === 12.9716)).toBe(true);
    });

    it('cannot be pointed at another person, and nothing of anyone else is in it', async () => {
      const entries = await download(member.token, `?userId=${admin.id}`);
      expect((JSON.parse(text(entries, 'profile.json')) as { id: string }).id).toBe(member.id);
      const all = Object.entries(entries)
        .filter(([n]) => n.endsWith('.json'))
        .map(([, bytes]) => new TextDecoder().decode(bytes))
        .join('\n');
      expect(all).not.toContain(other.id);
      expect(all).not.toContain('owner@kaveri.example');
      expect(all).not.toContain(`"userId": "${admin.id}"`);
      // The other organisation's administrator gets their own, not the member's.
      const theirs = await download(other.token);
      expect((JSON.parse(text(theirs, 'profile.json')) as { id: string }).id).toBe(other.id);
      expect(Object.values(theirs).map((b) => new TextDecoder().decode(b)).join('\n')).not.toContain(member.id);
    });

    it('is recorded in the audit log', async () => {
      const res = await t.call('GET', `/AuditLog?action=Export&entityId=${member.id}`, { token: admin.token });
      const { data } = res.json() as { data: AuditEntryView[] };
      expect(data.length).toBeGreaterThan(0);
      expect(data[0]).toMatchObject({ entity: 'PersonalData', action: 'Export', actorId: member.id, entityId: member.id });
    });
  });

  describe('the retention period', () => {
    it('defaults to eight years and is the Administrator’s to change', async () => {
      const res = await t.call('GET', '/DataRights/settings', { token: admin.token });
      expect(res.json()).toMatchObject({ data: { retentionYears: 8 } });
      for (const bad of [2, 21, 7.5, '8']) {
        const r = await t.call('PUT', '/DataRights/settings', { token: admin.token, body: { retentionYears: bad } });
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ message: expect.stringContaining(DATA_RIGHTS_MSG.retentionYearsInvalid) as unknown });
      }
      expect((await t.call('PUT', '/DataRights/settings', { token: moderator.token, body: { retentionYears: 5 } })).statusCode).toBe(403);
      expect((await t.call('GET', '/DataRights/settings', { token: member.token })).statusCode).toBe(403);
      const saved = await t.call('PUT', '/DataRights/settings', { token: admin.token, body: { retentionYears: 3 } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ message: DATA_RIGHTS_MSG.settingsSaved, data: { retentionYears: 3 } });
      // Another organisation keeps its own default.
      expect((await t.call('GET', '/DataRights/settings', { token: other.token })).json()).toMatchObject({ data: { retentionYears: 8 } });
    });
  });

  describe('erasing a relieved employee’s personal data', () => {
    const erase = (userId: string, token = admin.token, body: unknown = { confirm: true }) => t.call('POST', `/DataRights/erasure/${userId}`, { token, body });
    const status = async (userId: string) => (await t.call('GET', `/DataRights/erasure/${userId}`, { token: admin.token })).json() as { data: ErasureStatus };

    it('is refused for an employee still working', async () => {
      const res = await erase(member.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: DATA_RIGHTS_MSG.notRelieved });
      expect((await status(member.id)).data).toMatchObject({ allowed: false, lastWorkingDay: null, allowedFrom: null, refusal: DATA_RIGHTS_MSG.notRelieved, erased: ERASURE_ERASED });
    });

    it('is refused before the retention period ends, naming the day it may be done', async () => {
      await t.database.db.execute(sql`UPDATE users SET date_of_leaving = '2026-12-31' WHERE id = ${member.id}`);
      const res = await erase(member.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: DATA_RIGHTS_MSG.retentionNotOver(formatDisplayDate('2029-12-31')) });
      expect((await status(member.id)).data).toMatchObject({ allowed: false, lastWorkingDay: '2026-12-31', allowedFrom: '2029-12-31', retentionYears: 3 });
    });

    it('is refused to a member and a moderator, and to another organisation, and needs confirming', async () => {
      expect((await erase(member.id, member.token)).statusCode).toBe(403);
      expect((await erase(member.id, moderator.token)).statusCode).toBe(403);
      expect((await t.call('GET', `/DataRights/erasure/${member.id}`, { token: moderator.token })).statusCode).toBe(403);
      const theirs = await erase(member.id, other.token);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ message: DATA_RIGHTS_MSG.notFound });
      expect((await t.call('GET', `/DataRights/erasure/${member.id}`, { token: other.token })).statusCode).toBe(404);
      const unconfirmed = await erase(member.id, admin.token, { confirm: false });
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json()).toMatchObject({ message: expect.stringContaining(DATA_RIGHTS_MSG.confirmInvalid) as unknown });
    });

    it('after the period erases the personal fields, documents and locations, and keeps the payroll records', async () => {
      const payslipsBefore = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM payslips WHERE user_id = ${member.id}`);
      const pdfsBefore = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM payslip_documents d JOIN payslips p ON p.id = d.payslip_id WHERE p.user_id = ${member.id}`);
      const logsBefore = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM time_logs WHERE user_id = ${member.id}`);
      // A bank details change the member once asked for holds account numbers: it goes with the erasure.
      await t.database.db.execute(sql`INSERT INTO bank_detail_changes (tenant_id, user_id, status, bank_account_number, current_bank_account_number, requested_at, decided_at, reason) VALUES (${member.tenantId}, ${member.id}, 'rejected', '50100011112222', '50100033334444', now(), now(), 'Not the employee''s account')`);
      const kept = await one<Record<string, unknown>>(sql`SELECT first_name, last_name, pan, uan, employee_number, date_of_joining FROM users WHERE id = ${member.id}`);
      expect(payslipsBefore.n).toBeGreaterThan(0);

      t.clock.set(new Date('2029-12-31T04:00:00Z')); // 31 December 2029 in India: three years after the last working day
      const fresh = await t.login(DEMO_LOGINS.administrator);
      const res = await erase(member.id, fresh.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: DATA_RIGHTS_MSG.erased });
      await t.drainJobs();

      const row = await one<Record<string, unknown>>(
        sql`SELECT email, account_id, status, phone_number, personal_email, emergency_contact, address, spouse_name, blood_group, marriage_date, image_key,
                   bank_account_number, ifsc_code, bank_name, account_holder_name, first_name, last_name, pan, uan, employee_number, date_of_joining FROM users WHERE id = ${member.id}`,
      );
      expect(row).toMatchObject({
        email: `erased-${member.id}@erased.invalid`,
        account_id: null,
        status: 2,
        phone_number: null,
        personal_email: null,
        emergency_contact: null,
        address: null,
        spouse_name: null,
        blood_group: null,
        marriage_date: null,
        image_key: null,
        bank_account_number: null,
        ifsc_code: null,
        bank_name: null,
        account_holder_name: null,
        ...kept,
      });
      expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM user_documents WHERE user_id = ${member.id}`)).n).toBe(0);
      expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM bank_detail_changes WHERE user_id = ${member.id}`)).n).toBe(0);
      expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM time_logs WHERE user_id = ${member.id} AND check_in_latitude IS NOT NULL`)).n).toBe(0);
      expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM time_logs WHERE user_id = ${member.id}`)).n).toBe(logsBefore.n);
      expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM payslips WHERE user_id = ${member.id}`)).n).toBe(payslipsBefore.n);
      expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM payslip_documents d JOIN payslips p ON p.id = d.payslip_id WHERE p.user_id = ${member.id}`)).n).toBe(pdfsBefore.n);
      // The sign-in is gone with the membership.
      expect((await t.call('POST', '/Account/login', { body: { email: DEMO_LOGINS.member, password: DEMO_PASSWORD } })).statusCode).not.toBe(200);

      // The audit entry names the fields, never their old values; a second erasure is refused.
      const audit = (await t.call('GET', `/AuditLog?action=Erase&entityId=${member.id}`, { token: fresh.token })).json() as { data: AuditEntryView[] };
      expect(audit.data).toHaveLength(1);
      expect(audit.data[0]).toMatchObject({ entity: 'PersonalData', action: 'Erase', actorId: fresh.id, before: null });
      expect(JSON.stringify(audit.data[0]?.after)).toContain('phoneNumber');
      expect(JSON.stringify(audit.data[0]?.after)).not.toContain(DEMO_LOGINS.member);
      const again = await erase(member.id, fresh.token);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: DATA_RIGHTS_MSG.alreadyErased });
    });
  });
});
