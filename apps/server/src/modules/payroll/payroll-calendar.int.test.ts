import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode, PAYROLL_BANK_MSG, PAYROLL_LOCK_MSG, PAYROLL_MSG, type BankPaymentRow, type BankPayments, type LeaveType, type PayrollRun, type PayrollSettings, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * The payroll calendar over HTTP, as a payroll administrator met it on Sunday 29
 * November 2026: November is under way (the 29th and 30th still to come), December has not begun.
 *
 *  a. A month that has not begun (its pay period starts after today in the organisation's zone, by
 *     the app clock) cannot be processed or finalized: 409 with the contract's message.
 *  b. Finalizing November on the 29th locks attendance of 1–28 November only: check-ins and leave on
 *     the 29th and 30th go through; payroll's own records of the month still refuse every change.
 *  c. Pay day can be day N of the next month (1–7) or the last working day, besides day N of the
 *     month; a change moves the open month's pay date at once, processed or not.
 *  d. Mark as Paid takes a date from the finalize date to today and records the payments not recorded
 *     yet; one payment can be marked paid on its own (Administrator only).
 *
 * The demo organisation (43 employees with a salary structure), payroll set up here with October as
 * the last month run elsewhere; roles and another organisation throughout.
 */
const NOW = new Date('2026-11-29T04:30:00Z'); // Sunday 29 November 2026, 10:00 in Asia/Kolkata
const MONDAY_30 = new Date('2026-11-30T04:30:00Z');
const WEDNESDAY_2_DEC = new Date('2026-12-02T04:30:00Z');
const DECEMBER_NOT_BEGUN = 'December 2026 has not begun yet: its payroll can be processed and finalized from 01 Dec 2026';

describe.each(BACKENDS)('the payroll calendar (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let manager: SessionUser;
  let outsider: SessionUser;
  let november: PayrollRun;
  let december: PayrollRun;
  let lop: LeaveType;
  const picked: { first?: BankPaymentRow; second?: BankPaymentRow; noAccount?: BankPaymentRow } = {};

  const as = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const runOf = async (id: string) => data<PayrollRun>(await as(admin, 'GET', `/PayrollRuns/${id}`));
  const refused = (res: { statusCode: number; json(): unknown }, status: number, message: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
    expect((res.json() as { message: string }).message).toBe(message);
  };
  const settings = (body: Record<string, unknown>, user = admin) => as(user, 'PUT', '/PayrollSettings', { payPeriodType: 1, lastPayrollRunMonth: 10, lastPayrollYear: 2026, ...body });
  const payments = async () => data<BankPayments>(await as(admin, 'GET', `/PayrollRuns/${november.id}/payments`));
  const leave = async (user: SessionUser, date: string) => {
    const applied = await as(user, 'POST', '/Leaves', { leaveTypeId: lop.id, startDate: date, endDate: date, reason: 'Family function' });
    expect(applied.statusCode, applied.body).toBe(201);
    return as(admin, 'PUT', `/Leaves/${data<{ id: string }>(applied).id}/status`, { status: 2 });
  };
  const loginAll = async () => {
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    manager = await t.login(DEMO_LOGINS.manager);
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: NOW });
    await loginAll();
    outsider = await t.registerOrganisation({ organizationName: 'Narmada Looms' });
    const tenantId = admin.tenantId;
    // The member logs her own days: self updates reach back 10 days. The demo's logs of these days are cleared
    // (the member and the manager have no demo leave: the leave seed leaves them alone).
    await t.database.db.execute(sql`
      UPDATE attendance_settings SET settings = settings || '{"maxPastDaysForAttendanceUpdate": 10, "allowSelfAttendanceUpdate": true}'::jsonb WHERE tenant_id = ${tenantId}`);
    await t.database.db.execute(sql`DELETE FROM time_logs WHERE tenant_id = ${tenantId} AND user_id IN (${member.id}, ${manager.id}) AND work_date >= '2026-11-20'`);
    const types = data<LeaveType[]>(await as(member, 'GET', '/LeaveTypes'));
    const found = types.find((x) => x.code === 'LOP');
    if (!found) throw new Error('the demo has no LOP leave type');
    lop = found;
    // Payroll set up through the checklist: October was the last month run elsewhere, so November opens.
    expect((await settings({ payDayType: 0 })).statusCode).toBe(200);
    for (const url of ['/PayrollSetup/steps/salaryComponents/complete', '/PayrollSetup/steps/statutoryComponents/complete', '/PayrollSettings/mark-completed', '/PayrollSetup/complete']) {
      const res = await as(admin, 'POST', url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    november = data<PayrollRun>(await as(admin, 'GET', '/PayrollRuns/current'));
  }, 240_000);
  afterAll(async () => {
    await t.close();
  });

  it('November is under way: today is the 29th, the 29th and 30th are still to come, nothing is finalized', () => {
    expect(november).toMatchObject({
      month: '2026-11',
      status: 'draft',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      payDate: '2026-11-30', // the last working day: Monday 30 November
      today: '2026-11-29',
      daysToCome: { from: '2026-11-29', to: '2026-11-30', days: 2 },
      finalizedOn: null,
    });
  });

  describe('c. the pay day', () => {
    it('day N of the next month: November is paid on 7 December, at once on the open month', async () => {
      const saved = await settings({ payDayType: 2, payDay: 7 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(data<PayrollSettings>(saved)).toMatchObject({ payDayType: 2, payDay: 7 });
      expect(data<PayrollSettings>(await as(admin, 'GET', '/PayrollSettings'))).toMatchObject({ payDayType: 2, payDay: 7 });
      // Moved in the same transaction as the save: the history list (which opens nothing) shows it too.
      expect((await runOf(november.id)).payDate).toBe('2026-12-07');
      expect(data<PayrollRun[]>(await as(admin, 'GET', '/PayrollRuns')).map((r) => [r.month, r.payDate])).toEqual([['2026-11', '2026-12-07']]);
    });

    it('validates: the next month takes the 1st to the 7th, a day is required, the type is 0, 1 or 2', async () => {
      const late = await settings({ payDayType: 2, payDay: 8 });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ message: `payDay: ${PAYROLL_MSG.payDayNextMonth}`, errors: { payDay: PAYROLL_MSG.payDayNextMonth } });
      expect(PAYROLL_MSG.payDayNextMonth).toBe('Pay day of the next month must be from 1 to 7: wages are due by the 7th of the next month');
      const missing = await settings({ payDayType: 2 });
      expect(missing.json()).toMatchObject({ statusCode: 400, errors: { payDay: PAYROLL_MSG.payDayRequired } });
      const unknown = await settings({ payDayType: 3, payDay: 7 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain('payDayType must be 0 (last working day), 1 (day of month) or 2 (day of next month)');
      expect((await runOf(november.id)).payDate).toBe('2026-12-07');
    });

    it('a member cannot change it; another organisation’s change leaves this one alone and cannot read its month', async () => {
      expect((await settings({ payDayType: 0 }, member)).statusCode).toBe(403);
      const theirs = await as(outsider, 'PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 1, payDay: 3, lastPayrollRunMonth: 10, lastPayrollYear: 2026 });
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect((await runOf(november.id)).payDate).toBe('2026-12-07');
      expect((await as(outsider, 'GET', `/PayrollRuns/${november.id}`)).statusCode).toBe(404);
    });

    it('the last working day again, then a processed month follows too, keeping its period and figures', async () => {
      expect((await settings({ payDayType: 0 })).statusCode).toBe(200);
      expect((await runOf(november.id)).payDate).toBe('2026-11-30');
      const started = await as(admin, 'POST', `/PayrollRuns/${november.id}/process`);
      expect(started.statusCode, started.body).toBe(202);
      const processed = await runOf(november.id);
      expect(processed).toMatchObject({ status: 'processed', employeeCount: 43, lastError: null });
      // A Moderator manages the settings too.
      expect((await settings({ payDayType: 1, payDay: 25 }, moderator)).statusCode).toBe(200);
      expect(await runOf(november.id)).toMatchObject({ status: 'processed', payDate: '2026-11-25', periodStart: '2026-11-01', periodEnd: '2026-11-30', netPay: processed.netPay });
      expect((await settings({ payDayType: 2, payDay: 7 })).statusCode).toBe(200);
      november = await runOf(november.id);
      expect(november).toMatchObject({ status: 'processed', payDate: '2026-12-07', netPay: processed.netPay });
    }, 120_000);
  });

  describe('b. finalizing November on the 29th', () => {
    it('only the Administrator finalizes; the days gone by lock, the 29th and 30th stay open; December opens', async () => {
      expect((await as(moderator, 'POST', `/PayrollRuns/${november.id}/finalize`)).statusCode).toBe(403);
      expect((await as(outsider, 'POST', `/PayrollRuns/${november.id}/finalize`)).statusCode).toBe(404);
      const res = await as(admin, 'POST', `/PayrollRuns/${november.id}/finalize`);
      expect(res.statusCode, res.body).toBe(200);
      november = data<PayrollRun>(res);
      expect(november).toMatchObject({ status: 'finalized', finalizedOn: '2026-11-29', daysToCome: null, today: '2026-11-29' });
      const locks = await queryRows<{ month: string; from: string; through: string }>(
        t.database.db,
        sql`SELECT month, locked_from::text AS "from", locked_through::text AS "through" FROM payroll_month_locks WHERE tenant_id = ${admin.tenantId}`,
      );
      expect(locks).toEqual([{ month: '2026-11', from: '2026-11-01', through: '2026-11-28' }]);
      december = data<PayrollRun>(await as(admin, 'GET', '/PayrollRuns/current'));
      expect(december).toMatchObject({ month: '2026-12', status: 'draft', periodStart: '2026-12-01', payDate: '2027-01-07', today: '2026-11-29', daysToCome: null });
    }, 180_000);

    it('today: a check-in and check-out go through; a day gone by is refused with the last locked day named', async () => {
      const checkIn = await as(member, 'POST', '/Attendances/check-in');
      expect(checkIn.statusCode, checkIn.body).toBe(200);
      const checkOut = await as(member, 'POST', '/Attendances/check-out');
      expect(checkOut.statusCode, checkOut.body).toBe(200);
      const past = await as(member, 'POST', '/Attendances/logs', { date: '2026-11-27', checkIn: '09:30', checkOut: '18:30', reason: 'Forgot to check in' });
      refused(past, 409, PAYROLL_LOCK_MSG.monthFinalizedThrough('2026-11', '2026-11-28'));
      expect(PAYROLL_LOCK_MSG.monthFinalizedThrough('2026-11', '2026-11-28')).toBe('Payroll for November 2026 is finalized; attendance up to 28 Nov 2026 can no longer change.');
    });

    it('the finalized month’s own payroll records still refuse every change', async () => {
      refused(await as(admin, 'POST', `/PayrollRuns/${november.id}/adjustments`, { userId: member.id, kind: 'earning', category: 'bonus', label: 'Late bonus', amount: 1000 }), 409, PAYROLL_MSG.runNotDraft);
      refused(await as(admin, 'PUT', `/PayrollRuns/${november.id}/holds/${member.id}`, { kind: 'payout' }), 409, PAYROLL_MSG.runNotDraft);
      refused(await as(admin, 'POST', `/PayrollRuns/${november.id}/process`), 409, PAYROLL_MSG.runAlreadyFinalized);
    });
  });

  describe('a. December has not begun', () => {
    it('it cannot be processed (all or one employee) or finalized: 409, and nothing changes', async () => {
      refused(await as(admin, 'POST', `/PayrollRuns/${december.id}/process`), 409, DECEMBER_NOT_BEGUN);
      expect(PAYROLL_MSG.monthNotBegun('2026-12', '2026-12-01')).toBe(DECEMBER_NOT_BEGUN);
      const conflict = await as(admin, 'POST', `/PayrollRuns/${december.id}/process`);
      expect(conflict.json()).toMatchObject({ statusCode: 409, errorCode: ErrorCode.Conflict });
      refused(await as(admin, 'POST', `/PayrollRuns/${december.id}/employees/${member.id}/process`), 409, DECEMBER_NOT_BEGUN);
      refused(await as(admin, 'POST', `/PayrollRuns/${december.id}/finalize`), 409, DECEMBER_NOT_BEGUN);
      expect(await runOf(december.id)).toMatchObject({ status: 'draft', progress: { done: 0, total: 0 }, processedAt: null });
      const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payslips WHERE run_id = ${december.id}`);
      expect(n).toBe(0);
    });

    it('roles and another organisation are refused before the calendar is asked', async () => {
      expect((await as(member, 'POST', `/PayrollRuns/${december.id}/process`)).statusCode).toBe(403);
      expect((await as(moderator, 'POST', `/PayrollRuns/${december.id}/finalize`)).statusCode).toBe(403);
      expect((await as(outsider, 'POST', `/PayrollRuns/${december.id}/process`)).statusCode).toBe(404);
      expect((await as(outsider, 'POST', `/PayrollRuns/${december.id}/finalize`)).statusCode).toBe(404);
    });

    it('so no December payslip is e-mailed, January does not open, and leave on 24 December is approved', async () => {
      expect(data<PayrollRun[]>(await as(admin, 'GET', '/PayrollRuns')).map((r) => [r.month, r.status])).toEqual([
        ['2026-12', 'draft'],
        ['2026-11', 'finalized'],
      ]);
      const mails = await queryRows<{ subject: string }>(t.database.db, sql`SELECT subject FROM outbox_emails WHERE tenant_id = ${admin.tenantId} AND subject LIKE 'Your payslip%'`);
      expect(mails.filter((m) => m.subject === 'Your payslip for November 2026 is ready')).toHaveLength(43);
      expect(mails.filter((m) => m.subject.includes('December 2026'))).toEqual([]);
      const approved = await leave(member, '2026-12-24');
      expect(approved.statusCode, approved.body).toBe(200);
    });
  });

  describe('b. the 30th, the last day of November', () => {
    it('check-ins and approved leave go through', async () => {
      t.clock.set(MONDAY_30);
      // A day later the sessions signed in on the 29th have expired.
      await loginAll();
      outsider = await t.login(outsider.email, 'Secret123');
      const checkIn = await as(member, 'POST', '/Attendances/check-in');
      expect(checkIn.statusCode, checkIn.body).toBe(200);
      const approved = await leave(manager, '2026-11-30');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await runOf(november.id)).toMatchObject({ status: 'finalized', finalizedOn: '2026-11-29', today: '2026-11-30' });
    });
  });

  describe('d. paid', () => {
    it('Mark as Paid refuses a date after today or before the finalize, with the message on the field', async () => {
      const future = await as(admin, 'POST', `/PayrollRuns/${november.id}/mark-paid`, { paidOn: '2030-01-01', reference: 'NEFT' });
      expect(future.json()).toMatchObject({ statusCode: 400, message: `paidOn: ${PAYROLL_MSG.paidOnInFuture}`, errors: { paidOn: PAYROLL_MSG.paidOnInFuture } });
      const early = await as(admin, 'POST', `/PayrollRuns/${november.id}/mark-paid`, { paidOn: '2026-11-28', reference: 'NEFT' });
      expect(early.json()).toMatchObject({ statusCode: 400, errors: { paidOn: 'Paid on cannot be before 29 Nov 2026, the day the payroll was finalized' } });
      expect((await as(moderator, 'POST', `/PayrollRuns/${november.id}/mark-paid`, { paidOn: '2026-11-30', reference: 'NEFT' })).statusCode).toBe(403);
      expect((await as(outsider, 'POST', `/PayrollRuns/${november.id}/mark-paid`, { paidOn: '2026-11-30', reference: 'NEFT' })).statusCode).toBe(404);
      // December is not finalized: refused as before, whatever the date.
      refused(await as(admin, 'POST', `/PayrollRuns/${december.id}/mark-paid`, { paidOn: '2026-11-30', reference: 'NEFT' }), 409, PAYROLL_MSG.runNotFinalized);
      expect((await runOf(november.id)).status).toBe('finalized');
      const state = await payments();
      expect(state.counts.paid).toBe(0);
    });

    it('one payment never sent is marked paid on its own; again, left out or unknown are refused', async () => {
      const rows = (await payments()).rows.filter((r) => r.state === 'notSent');
      expect(rows.length).toBeGreaterThan(3);
      [picked.first, picked.second, picked.noAccount] = rows;
      const { first, noAccount } = picked;
      if (!first || !noAccount) throw new Error('not enough payments');
      // The third employee's account is cleared after finalize: the bank transfer leaves them out.
      await t.database.db.execute(sql`UPDATE users SET bank_account_number = NULL WHERE id = ${noAccount.userId}`);
      const url = (row: BankPaymentRow) => `/PayrollRuns/${november.id}/payments/${row.payslipId}/mark-paid`;

      expect((await as(moderator, 'POST', url(first), { paidOn: '2026-11-30', reference: 'UTR0001' })).statusCode).toBe(403);
      expect((await as(member, 'POST', url(first), { paidOn: '2026-11-30', reference: 'UTR0001' })).statusCode).toBe(403);
      expect((await as(outsider, 'POST', url(first), { paidOn: '2026-11-30', reference: 'UTR0001' })).statusCode).toBe(404);
      const future = await as(admin, 'POST', url(first), { paidOn: '2030-01-01', reference: 'UTR0001' });
      expect(future.json()).toMatchObject({ statusCode: 400, errors: { paidOn: PAYROLL_MSG.paidOnInFuture } });
      const early = await as(admin, 'POST', url(first), { paidOn: '2026-11-28', reference: 'UTR0001' });
      expect(early.json()).toMatchObject({ statusCode: 400, errors: { paidOn: PAYROLL_MSG.paidOnBeforeFinalize('2026-11-29') } });
      const blank = await as(admin, 'POST', url(first), { paidOn: '2026-11-29', reference: '  ' });
      expect(blank.json()).toMatchObject({ statusCode: 400, errors: { reference: PAYROLL_BANK_MSG.paymentReferenceRequired } });

      const res = await as(admin, 'POST', url(first), { paidOn: '2026-11-29', reference: ' UTR0001 ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(PAYROLL_BANK_MSG.paymentMarkedPaid);
      const row = data<BankPaymentRow>(res);
      expect(row).toMatchObject({ payslipId: first.payslipId, state: 'paid', utr: 'UTR0001', statusDate: '2026-11-29', attempts: 1 });
      expect(row.reference).toMatch(/^SAL2611\d{6}01$/);

      refused(await as(admin, 'POST', url(first), { paidOn: '2026-11-30', reference: 'UTR0009' }), 409, PAYROLL_BANK_MSG.paymentAlreadyPaid);
      refused(await as(admin, 'POST', url(noAccount), { paidOn: '2026-11-30', reference: 'UTR0003' }), 409, PAYROLL_BANK_MSG.paymentLeftOut('No bank account number'));
      refused(await as(admin, 'POST', `/PayrollRuns/${november.id}/payments/00000000-0000-4000-8000-000000000000/mark-paid`, { paidOn: '2026-11-30', reference: 'UTR0004' }), 404, PAYROLL_BANK_MSG.paymentNotFound);
      // December has no bank transfer yet.
      refused(await as(admin, 'POST', `/PayrollRuns/${december.id}/payments/${first.payslipId}/mark-paid`, { paidOn: '2026-11-30', reference: 'UTR0005' }), 409, PAYROLL_BANK_MSG.runNotFinalized);
    });

    it('a payment awaiting the bank is marked paid under the reference the file gave it; the file leaves the paid one out', async () => {
      const { first, second } = picked;
      if (!first || !second) throw new Error('not picked');
      const file = await t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${november.id}/bank-file`, headers: { authorization: `Bearer ${admin.token}` } });
      expect(file.statusCode, file.body).toBe(200);
      const sent = (await payments()).rows.find((r) => r.payslipId === second.payslipId);
      expect(sent).toMatchObject({ state: 'sent', attempts: 1 });
      expect(file.body).toContain(sent?.reference ?? '?');
      const firstReference = (await payments()).rows.find((r) => r.payslipId === first.payslipId)?.reference ?? '?';
      expect(file.body).not.toContain(firstReference);
      const res = await as(admin, 'POST', `/PayrollRuns/${november.id}/payments/${second.payslipId}/mark-paid`, { paidOn: '2026-11-30', reference: 'UTR0002' });
      expect(res.statusCode, res.body).toBe(200);
      expect(data<BankPaymentRow>(res)).toMatchObject({ state: 'paid', reference: sent?.reference, utr: 'UTR0002', statusDate: '2026-11-30' });
    });

    it('Mark as Paid on the 30th records every payment not recorded yet; the left-out one stays, the ones marked before keep their UTR', async () => {
      const before = await payments();
      const res = await as(admin, 'POST', `/PayrollRuns/${november.id}/mark-paid`, { paidOn: '2026-11-30', reference: ' NEFT BATCH 2611 ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(data<PayrollRun>(res)).toMatchObject({ status: 'paid', paidOn: '2026-11-30', paymentReference: 'NEFT BATCH 2611', finalizedOn: '2026-11-29' });
      const after = await payments();
      expect(after.counts).toEqual({ notSent: 0, sent: 0, failed: 0, leftOut: before.counts.leftOut, paid: before.rows.length - before.counts.leftOut });
      expect(after.rows.find((r) => r.payslipId === picked.noAccount?.payslipId)).toMatchObject({ state: 'leftOut', reason: 'No bank account number' });
      expect(after.rows.find((r) => r.payslipId === picked.first?.payslipId)).toMatchObject({ utr: 'UTR0001', statusDate: '2026-11-29' });
      expect(after.rows.find((r) => r.payslipId === picked.second?.payslipId)).toMatchObject({ utr: 'UTR0002', statusDate: '2026-11-30' });
      const others = after.rows.filter((r) => r.state === 'paid' && r.payslipId !== picked.first?.payslipId && r.payslipId !== picked.second?.payslipId);
      expect(others.length).toBeGreaterThan(30);
      expect(others.every((r) => r.utr === 'NEFT BATCH 2611' && r.statusDate === '2026-11-30' && r.reference !== null)).toBe(true);
      refused(await as(admin, 'POST', `/PayrollRuns/${november.id}/mark-paid`, { paidOn: '2026-11-30', reference: 'x' }), 409, PAYROLL_MSG.runNotFinalized);
      expect((await as(outsider, 'GET', `/PayrollRuns/${november.id}/payments`)).statusCode).toBe(404);
    });
  });

  describe('b. what happened on the days to come is settled in December', () => {
    it('the daily recompute records the 30th (no longer locked), and December recovers the absence and the leave', async () => {
      t.clock.set(WEDNESDAY_2_DEC);
      await loginAll();
      // The daily reminder's work on 1 December: yesterday recomputed for everyone. The moderator recorded
      // nothing on the 30th (an absence); the manager's loss-of-pay leave was approved for it after finalize.
      await t.tenantScope(admin.tenantId, async (scope) => {
        scope.enqueue('attendance.recompute', { from: '2026-11-30', to: '2026-11-30' });
      });
      await t.drainJobs();
      const [day] = await queryRows<{ status: string; payable: number }>(
        t.database.db,
        sql`SELECT status, payable_fraction::float8 AS payable FROM attendance_days WHERE user_id = ${moderator.id} AND work_date = '2026-11-30'`,
      );
      expect(day).toEqual({ status: 'Absent', payable: 0 });
      december = await runOf(december.id);
      expect(december).toMatchObject({ status: 'draft', today: '2026-12-02', daysToCome: { from: '2026-12-02', to: '2026-12-31', days: 30 } });
      const started = await as(admin, 'POST', `/PayrollRuns/${december.id}/process`);
      expect(started.statusCode, started.body).toBe(202);
      expect((await runOf(december.id)).status).toBe('processed');
      for (const who of [moderator, manager]) {
        const rows = data<{ userId: string; payslipId: string | null }[]>(await as(admin, 'GET', `/PayrollRuns/${december.id}/employees?pageSize=100`));
        const slipId = rows.find((r) => r.userId === who.id)?.payslipId ?? '';
        const slip = data<{ lines: { code: string; label: string; amount: number }[] }>(await as(admin, 'GET', `/Payslips/${slipId}`));
        const recovery = slip.lines.find((l) => l.code === 'LOP_RECOVERY');
        expect(recovery?.label, who.email).toBe('Loss of Pay 30 Nov 2026, 1 day, recovered');
        expect(recovery?.amount, who.email).toBeLessThan(0);
      }
    }, 180_000);
  });
});
