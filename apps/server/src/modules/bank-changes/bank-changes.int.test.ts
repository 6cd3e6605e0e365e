import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BANK_CHANGE_COOLING_HOURS, BANK_CHANGE_MSG, BANK_CHANGE_REASON_MAX, type AuditEntryView, type BankChange, type BankFilePreview, type SessionUser } from '@tankha/contracts';
import { addDaysToDate, dateInZone } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, DEMO_LOGINS, type TestApp } from '../../testing';

/*
 * A second person for bank details (issue 30 §4) over HTTP, on the demo organisation. Kavya is added
 * with account …6789 (a first entry: written at once). October 2025 is inserted as finalized with her
 * payslip, so the bank file preview shows which account the month pays.
 *
 *   1. one administrator: her change to …1111 waits 48 hours (the administrator cannot approve it himself),
 *      the employee and the administrator are e-mailed, the old account is paid; after 48 hours the
 *      schedule applies it and the file flags the line (changed in the last 30 days);
 *   2. the moderator becomes a second administrator: a change to …2222 waits for him; he approves it;
 *   3. a change to …3333 is rejected with a reason (reason required, at most 500 characters);
 *   4. a member is refused, another organisation sees nothing and decides nothing.
 */
const ACCOUNT = { first: '50100123456789', cooling: '50100000001111', approved: '50100000002222', rejected: '50100000003333' };
const R = (rupees: number) => Math.round(rupees * 100);

describe.each(BACKENDS)('bank details changes over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let second: SessionUser;
  let userId = '';
  let runId = '';
  const db = () => t.database.db;
  const form = {
    firstName: 'Kavya', lastName: 'Menon', email: 'kavya.menon@bankchange.example.in', dateOfJoining: '2025-06-01', experience: 3, employeeNumber: 'BNK001', regimeType: 1, annualCTC: 600_000,
    pan: 'ABCPM1234K', bankName: 'HDFC Bank', bankAccountNumber: ACCOUNT.first, ifscCode: 'HDFC0001753', accountHolderName: 'Kavya Menon',
  };
  const call = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };
  const stored = async () => (await queryRows<{ account: string }>(db(), sql`SELECT bank_account_number AS account FROM users WHERE id = ${userId}`))[0]?.account;
  const pending = async (user = admin) => data<BankChange | null>(await call(user, 'GET', `/Users/${userId}/bank-change`));
  const paidTo = async () => {
    const p = data<BankFilePreview>(await call(admin, 'GET', `/PayrollRuns/${runId}/bank-file/preview?scope=all`));
    const line = p.records.find((r) => r.name === 'Kavya Menon');
    return { ending: line?.accountNumber.slice(-4), flagged: line?.accountChangedRecently };
  };
  const audit = async (action: string) => {
    const res = await call(admin, 'GET', `/AuditLog?entity=BankDetails&entityId=${userId}&action=${action}`);
    return (res.json() as { data: AuditEntryView[] }).data;
  };
  const save = (account: string, user = admin) => call(user, 'PUT', `/Users/${userId}`, { ...form, bankAccountNumber: account });

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    member = await t.login(DEMO_LOGINS.member);
    userId = data<{ userId: string }>(await call(admin, 'POST', '/Users/restricted', form)).userId;
    const today = dateInZone(t.clock.now(), 'Asia/Kolkata');
    const net = R(41_000);
    const [run] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO payroll_runs (tenant_id, month, period_start, period_end, pay_date, status, employee_count, gross_paise, deductions_paise, net_paise, employer_cost_paise)
          VALUES (${admin.tenantId}, '2025-10', '2025-10-01', '2025-10-31', ${addDaysToDate(today, 5)}, 'processed', 1, ${net}, 0, ${net}, ${net}) RETURNING id`,
    );
    runId = run?.id ?? '';
    const employee = { name: 'Kavya Menon', employeeNumber: 'BNK001', designation: null, department: null, pan: null, uan: null, esiNumber: null, bankAccount: null, bankName: null, dateOfJoining: null };
    const ytd = { grossPaise: net, deductionsPaise: 0, netPaise: net, tdsPaise: 0, lines: [] };
    await db().execute(
      sql`INSERT INTO payslips (tenant_id, run_id, user_id, month, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise, net_paise, employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
          VALUES (${admin.tenantId}, ${runId}, ${userId}, '2025-10', ${JSON.stringify(employee)}::jsonb, 31, 31, 0, ${net}, 0, ${net}, ${net}, 0, 1, ${JSON.stringify(ytd)}::jsonb, '[]'::jsonb, '{}'::jsonb)`,
    );
    await db().execute(sql`UPDATE payroll_runs SET status = 'finalized', finalized_at = now() WHERE id = ${runId}`);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('a first entry of bank details is written at once', async () => {
    expect(await stored()).toBe(ACCOUNT.first);
    expect(await pending()).toBeNull();
    expect(await paidTo()).toEqual({ ending: '6789', flagged: false });
  });

  it('one administrator: the change waits 48 hours, mails the employee and the administrators, and the old account is paid', async () => {
    const res = await save(ACCOUNT.cooling);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(BANK_CHANGE_MSG.requestedCooling(BANK_CHANGE_COOLING_HOURS));
    expect(res.json().data.bankChange).toBe('cooling');
    expect(await stored()).toBe(ACCOUNT.first);
    const change = await pending();
    expect(change).toMatchObject({ status: 'pending', requested: { bankAccountNumber: ACCOUNT.cooling }, current: { bankAccountNumber: ACCOUNT.first }, requestedById: admin.id });
    expect(new Date(change?.effectiveAt ?? 0).getTime() - t.clock.now().getTime()).toBe(BANK_CHANGE_COOLING_HOURS * 3_600_000);
    // Saving the same form again does not ask twice.
    data(await save(ACCOUNT.cooling));
    expect(data<BankChange[]>(await call(admin, 'GET', '/BankChanges')).filter((c) => c.userId === userId)).toHaveLength(1);

    const toEmployee = await t.mailbox(form.email);
    const [org] = await queryRows<{ name: string }>(db(), sql`SELECT name FROM tenants WHERE id = ${admin.tenantId}`);
    expect(toEmployee[0]?.subject).toBe(BANK_CHANGE_MSG.mailSubject(org?.name ?? ''));
    expect(toEmployee[0]?.text).toContain('ends in 1111');
    expect((await t.mailbox(DEMO_LOGINS.administrator))[0]?.text).toContain('ends in 1111');

    // The requester cannot approve his own change.
    const own = await call(admin, 'POST', `/BankChanges/${change?.id ?? ''}/approve`);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(BANK_CHANGE_MSG.ownRequest);
    expect(await paidTo()).toEqual({ ending: '6789', flagged: false });
    const [requested] = await audit('Request');
    expect(requested).toMatchObject({ actorId: admin.id, before: { bankAccountNumber: '••••6789' }, after: { bankAccountNumber: '••••1111' } });
  });

  it('the cooling period over, the schedule applies the change; the bank file flags the line', async () => {
    t.clock.advance((BANK_CHANGE_COOLING_HOURS - 1) * 3_600_000);
    expect(await t.globalScope((scope) => t.app.services.bankChanges.scheduleDue(scope, t.clock.now()))).toBe(0);
    expect(await stored()).toBe(ACCOUNT.first);
    t.clock.advance(3_600_000);
    expect(await t.globalScope((scope) => t.app.services.bankChanges.scheduleDue(scope, t.clock.now()))).toBe(1);
    await t.drainJobs();
    expect(await stored()).toBe(ACCOUNT.cooling);
    admin = await t.login(DEMO_LOGINS.administrator);
    expect(await pending()).toBeNull();
    expect(await paidTo()).toEqual({ ending: '1111', flagged: true });
    const [applied] = await audit('Apply');
    expect(applied).toMatchObject({ actorId: null, actorName: 'bankChanges.apply', after: { bankAccountNumber: '••••1111' } });
  });

  it('two administrators: the change waits for the other one, who approves it', async () => {
    await db().execute(sql`UPDATE users SET role_id = 1 WHERE tenant_id = ${admin.tenantId} AND email = ${DEMO_LOGINS.moderator}`);
    second = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    // Signed in after the clock moved on (the sessions of 48 hours ago have expired).
    other = await t.registerOrganisation({ organizationName: 'Elsewhere Bank Changes' });
    const res = await save(ACCOUNT.approved);
    expect(res.json().message).toBe(BANK_CHANGE_MSG.requested);
    const change = await pending();
    expect(change).toMatchObject({ effectiveAt: null, requested: { bankAccountNumber: ACCOUNT.approved } });
    const id = change?.id ?? '';
    expect(await paidTo()).toMatchObject({ ending: '1111' });
    expect((await call(admin, 'POST', `/BankChanges/${id}/approve`)).statusCode).toBe(409);

    // A member is refused; another organisation sees nothing and cannot approve.
    expect((await call(member, 'GET', '/BankChanges')).statusCode).toBe(403);
    expect((await call(member, 'POST', `/BankChanges/${id}/approve`)).statusCode).toBe(403);
    expect((await call(member, 'GET', `/Users/${userId}/bank-change`)).statusCode).toBe(403);
    expect(data<BankChange[]>(await call(other, 'GET', '/BankChanges'))).toEqual([]);
    expect(await pending(other)).toBeNull();
    const foreign = await call(other, 'POST', `/BankChanges/${id}/approve`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(BANK_CHANGE_MSG.notFound);
    expect((await call(other, 'POST', `/BankChanges/${id}/reject`, { reason: 'Not ours' })).statusCode).toBe(404);
    expect(await stored()).toBe(ACCOUNT.cooling);

    expect(data<BankChange[]>(await call(second, 'GET', '/BankChanges')).map((c) => c.id)).toContain(id);
    const approved = await call(second, 'POST', `/BankChanges/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ message: BANK_CHANGE_MSG.approved, data: { status: 'approved', decidedById: second.id } });
    expect(await stored()).toBe(ACCOUNT.approved);
    expect(await paidTo()).toEqual({ ending: '2222', flagged: true });
    expect((await call(second, 'POST', `/BankChanges/${id}/approve`)).json().message).toBe(BANK_CHANGE_MSG.notPending);
    const [entry] = await audit('Approve');
    expect(entry).toMatchObject({ actorId: second.id, before: { bankAccountNumber: '••••1111' }, after: { bankAccountNumber: '••••2222' } });
  });

  it('a rejection needs a reason; the current account stays', async () => {
    data(await save(ACCOUNT.rejected));
    const id = (await pending())?.id ?? '';
    for (const [body, message] of [
      [{}, BANK_CHANGE_MSG.reasonRequired],
      [{ reason: '   ' }, BANK_CHANGE_MSG.reasonRequired],
      [{ reason: 'x'.repeat(BANK_CHANGE_REASON_MAX + 1) }, BANK_CHANGE_MSG.reasonTooLong],
    ] as const) {
      const res = await call(second, 'POST', `/BankChanges/${id}/reject`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ reason: message });
    }
    const res = await call(second, 'POST', `/BankChanges/${id}/reject`, { reason: '  The employee did not ask for it ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: BANK_CHANGE_MSG.rejected, data: { status: 'rejected', reason: 'The employee did not ask for it' } });
    expect(await stored()).toBe(ACCOUNT.approved);
    expect(await pending()).toBeNull();
    expect((await call(admin, 'POST', `/BankChanges/${id}/approve`)).statusCode).toBe(409);
    const [entry] = await audit('Reject');
    expect(entry).toMatchObject({ actorId: second.id, reason: 'The employee did not ask for it', after: { bankAccountNumber: '••••3333' } });
    expect(data<BankChange[]>(await call(admin, 'GET', '/BankChanges'))).toEqual([]);
    expect((await call(admin, 'GET', '/BankChanges')).json().message).toBe(BANK_CHANGE_MSG.emptyList);
  });

  it("an employee sees their own pending change on their profile, nobody else's", async () => {
    await db().execute(
      sql`INSERT INTO bank_detail_changes (tenant_id, user_id, bank_account_number, ifsc_code, current_bank_account_number, requested_by, requested_at) VALUES (${admin.tenantId}, ${member.id}, '50100000004444', 'HDFC0001753', '50100000009999', ${admin.id}, now())`,
    );
    expect(data<BankChange | null>(await call(member, 'GET', '/BankChanges/mine'))).toMatchObject({ userId: member.id, requested: { bankAccountNumber: '50100000004444' } });
    expect(data<BankChange | null>(await call(second, 'GET', '/BankChanges/mine'))).toBeNull();
    expect(data<BankChange | null>(await call(other, 'GET', '/BankChanges/mine'))).toBeNull();
    // The chain of the organisation still verifies after every kind of entry.
    expect(data<{ valid: boolean }>(await call(admin, 'GET', '/AuditLog/verify')).valid).toBe(true);
  });
});
