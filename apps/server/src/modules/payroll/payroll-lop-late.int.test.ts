import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Journal, PayrollEmployeeRow, PayrollRun, Payslip, SessionUser, TenantEarningRow } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Loss of pay approved after its month was finalized (DESIGN §10, a month's life):
 * November is processed and finalized, then a Loss-of-Pay leave on 26 November is approved and an
 * absence of 12 November regularized. November never changes; December recovers and reverses the days
 * as their own explained lines, and its payslip, register
 * totals and journal agree. Another organisation that did the same month is unaffected.
 *
 * The organisation pays a structure of Basic ₹15,000 and the fixed allowance ₹15,000 (CTC ₹3,60,000,
 * statutory components off), so every figure is earnings prorated by payable days. By hand:
 * November has 30 days, ₹30,000 ÷ 30 = ₹1,000 a day; a day of LOP is Basic 15,000 × 29/30 = 14,500
 * (−500) and the fixed allowance likewise (−500): ₹1,000 recovered. December (31 days, no LOP) pays
 * ₹30,000 − ₹1,000 = ₹29,000. Bala was absent on 12 November (paid 29 days, ₹29,000); the day is
 * regularized after finalize, and December pays it back: ₹30,000 + ₹1,000 = ₹31,000.
 */
describe.each(BACKENDS)('loss of pay after finalize (%s)', (backend) => {
  let t: TestApp;
  const orgs: { admin: SessionUser; email: string; asha: string; bala: string; november: PayrollRun }[] = [];
  /** Moves the clock a month on; the sessions of a month ago have expired, so each administrator signs in again. */
  const moveTo = async (instant: string): Promise<void> => {
    t.clock.set(new Date(instant));
    for (const o of orgs) o.admin = await t.login(o.email, 'Secret123');
  };

  const call = (admin: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };
  const runMonth = async (admin: SessionUser): Promise<PayrollRun> => {
    const run = data<PayrollRun>(await call(admin, 'GET', '/PayrollRuns/current'));
    expect((await call(admin, 'POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
    return data<PayrollRun>(await call(admin, 'GET', `/PayrollRuns/${run.id}`));
  };
  const payslipOf = async (admin: SessionUser, run: PayrollRun, userId: string): Promise<Payslip> => {
    const rows = data<PayrollEmployeeRow[]>(await call(admin, 'GET', `/PayrollRuns/${run.id}/employees?pageSize=100`));
    const row = rows.find((r) => r.userId === userId);
    return data<Payslip>(await call(admin, 'GET', `/Payslips/${row?.payslipId ?? ''}`));
  };
  const lopLeave = async (tenantId: string, userId: string, date: string): Promise<string> => {
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO leave_requests (tenant_id, user_id, leave_type_id, start_date, end_date, portion, days, status)
          SELECT ${tenantId}, ${userId}, id, ${date}, ${date}, 'full', 1, 1 FROM leave_types WHERE tenant_id = ${tenantId} AND code = 'LOP' RETURNING id`,
    );
    return row?.id ?? '';
  };

  const organisation = async (name: string, first: string): Promise<void> => {
    const email = `${first.toLowerCase()}@${name.toLowerCase().replace(/\s+/g, '')}.example.in`;
    const admin = await t.registerOrganisation({ organizationName: name, firstName: first, lastName: 'Rao', email });
    const tenantId = admin.tenantId;
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${tenantId}`);
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = false WHERE tenant_id = ${tenantId}`);
    const earnings = data<TenantEarningRow[]>(await call(admin, 'GET', '/SalaryComponents/earnings'));
    const basicId = earnings.find((e) => e.earningCategory === 'basic')?.id ?? '';
    const hired = data<{ id?: string; userId?: string }>(
      await call(admin, 'POST', '/Users/restricted', {
        firstName: 'Asha',
        lastName: 'Menon',
        email: `asha@${name.toLowerCase().replace(/\s+/g, '')}.example.in`,
        dateOfJoining: '2025-01-06',
        experience: 1,
        employeeNumber: 'LP1',
        pan: 'ABCPE1234F',
        bankAccountNumber: '001234567890',
        bankName: 'Canara Bank',
        annualCTC: 360_000,
        regimeType: 1,
        earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 180_000 }],
      }),
    );
    const asha = hired.userId ?? hired.id ?? '';
    const second = data<{ id?: string; userId?: string }>(
      await call(admin, 'POST', '/Users/restricted', {
        firstName: 'Bala',
        lastName: 'Iyer',
        email: `bala@${name.toLowerCase().replace(/\s+/g, '')}.example.in`,
        dateOfJoining: '2025-01-06',
        experience: 1,
        employeeNumber: 'LP2',
        pan: 'ABCPE1234F',
        bankAccountNumber: '001234567891',
        bankName: 'Canara Bank',
        annualCTC: 360_000,
        regimeType: 1,
        earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 180_000 }],
      }),
    );
    const bala = second.userId ?? second.id ?? '';
    // Bala was absent on 12 November when November was processed (a stored day, payable 0).
    await t.database.db.execute(sql`INSERT INTO attendance_days (tenant_id, user_id, work_date, status, payable_fraction) VALUES (${tenantId}, ${bala}, '2026-11-12', 'Absent', 0)`);
    await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = NULL WHERE id = ${admin.id}`);
    await call(admin, 'PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 10, lastPayrollYear: 2026 });
    await call(admin, 'POST', '/PayrollSetup/steps/salaryComponents/complete');
    await call(admin, 'POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await call(admin, 'POST', '/PayrollSettings/mark-completed');
    await call(admin, 'POST', '/PayrollSetup/complete');
    const november = await runMonth(admin);
    expect(november).toMatchObject({ month: '2026-11', status: 'processed', employeeCount: 2 });
    expect((await call(admin, 'POST', `/PayrollRuns/${november.id}/finalize`)).statusCode).toBe(200);
    orgs.push({ admin, email, asha, bala, november });
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    // 30 November 2026: November's payroll may run (the month has begun).
    t.clock.set(new Date('2026-11-30T06:00:00Z'));
    await organisation('Kaveri Looms', 'Anita');
    await organisation('Tapti Mills', 'Ravi');
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('November was paid in full: 30 payable days, no LOP, ₹30,000', async () => {
    const [kaveri] = orgs;
    if (!kaveri) throw new Error('no organisation');
    const slip = await payslipOf(kaveri.admin, kaveri.november, kaveri.asha);
    expect(slip).toMatchObject({ payableDays: 30, lopDays: 0, grossEarnings: 30_000, netPay: 30_000 });
  });

  it('approving a Loss-of-Pay day of the finalized month is accepted; November never changes', async () => {
    const [kaveri] = orgs;
    if (!kaveri) throw new Error('no organisation');
    const before = await payslipOf(kaveri.admin, kaveri.november, kaveri.asha);
    const leaveId = await lopLeave(kaveri.admin.tenantId, kaveri.asha, '2026-11-26');
    const approved = await call(kaveri.admin, 'PUT', `/Leaves/${leaveId}/status`, { status: 2 });
    expect(approved.statusCode, approved.body).toBe(200);
    // The day itself follows the fact (recomputed although November is finalized).
    const [day] = await queryRows<{ payable: number }>(t.database.db, sql`SELECT payable_fraction::float8 AS payable FROM attendance_days WHERE user_id = ${kaveri.asha} AND work_date = '2026-11-26'`);
    expect(day?.payable).toBe(0);
    const after = await payslipOf(kaveri.admin, kaveri.november, kaveri.asha);
    expect(after).toEqual(before);
  });

  it('a regularization of the absent 12 November, completed after finalize, is accepted; November never changes', async () => {
    const [kaveri] = orgs;
    if (!kaveri) throw new Error('no organisation');
    const before = await payslipOf(kaveri.admin, kaveri.november, kaveri.bala);
    expect(before).toMatchObject({ payableDays: 29, lopDays: 1, grossEarnings: 29_000 });
    const [request] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO requests (tenant_id, user_id, request_type, status, reason, additional_data)
          VALUES (${kaveri.admin.tenantId}, ${kaveri.bala}, 2, 5, 'Card reader down',
                  '{"attendanceRegularization": {"startDate": "2026-11-12", "endDate": "2026-11-12", "startTime": "09:30", "endTime": "18:30"}}'::jsonb) RETURNING id`,
    );
    const completed = await call(kaveri.admin, 'PUT', `/Requests/${request?.id ?? ''}/status`, { status: 1, requestType: 2 });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await payslipOf(kaveri.admin, kaveri.november, kaveri.bala)).toEqual(before);
  });

  it('December recovers the day as its own line, explained; payslip, register totals and journal reconcile', async () => {
    const [kaveri] = orgs;
    if (!kaveri) throw new Error('no organisation');
    await moveTo('2026-12-31T06:00:00Z');
    const december = await runMonth(kaveri.admin);
    expect(december).toMatchObject({ month: '2026-12', status: 'processed' });
    const slip = await payslipOf(kaveri.admin, december, kaveri.asha);
    const line = slip.lines.find((l) => l.code === 'LOP_RECOVERY');
    expect(line).toMatchObject({ section: 'earning', label: 'Loss of Pay 26 Nov 2026, 1 day, recovered', amount: -1_000 });
    expect(line?.explanation[0]).toBe('26 Nov 2026: loss of pay after Nov 2026 was finalized (paid, not worked)');
    expect(line?.explanation[1]).toBe('Per-day rate: ₹30,000 a month ÷ 30 days = ₹1,000 a day; 1 day recovered');
    expect(line?.explanation.at(-1)).toBe('Recovered: −₹1,000');
    // December itself has no LOP; its gross is its own ₹30,000 less the ₹1,000 recovered.
    expect(slip).toMatchObject({ lopDays: 0, payableDays: 31, grossEarnings: 29_000, netPay: 29_000 });
    expect(slip.lines.filter((l) => l.section === 'earning').reduce((s, l) => s + l.amount, 0)).toBe(29_000);
    // Bala's 12 November is paid back: ₹1,000 reversed, December ₹31,000.
    const bala = await payslipOf(kaveri.admin, december, kaveri.bala);
    const reversal = bala.lines.find((l) => l.code === 'LOP_REVERSAL');
    expect(reversal).toMatchObject({ section: 'earning', label: 'Loss of Pay 12 Nov 2026, 1 day, reversed', amount: 1_000 });
    expect(reversal?.explanation[0]).toBe('12 Nov 2026: no longer loss of pay (deducted in Nov 2026, now owed)');
    expect(bala).toMatchObject({ lopDays: 0, grossEarnings: 31_000, netPay: 31_000 });
    // The run's totals are the payslips' (the register's totals row).
    const run = data<PayrollRun>(await call(kaveri.admin, 'GET', `/PayrollRuns/${december.id}`));
    expect(run).toMatchObject({ grossEarnings: 29_000 + 31_000, netPay: 29_000 + 31_000 });

    // Re-processing does not pay it twice, and finalize records it as settled: January has no line.
    expect((await call(kaveri.admin, 'POST', `/PayrollRuns/${december.id}/employees/${kaveri.asha}/process`)).statusCode).toBe(200);
    expect((await payslipOf(kaveri.admin, december, kaveri.asha)).lines.filter((l) => l.code === 'LOP_RECOVERY')).toHaveLength(1);
    expect((await call(kaveri.admin, 'POST', `/PayrollRuns/${december.id}/finalize`)).statusCode).toBe(200);
    const journal = data<Journal>(await call(kaveri.admin, 'GET', `/PayrollRuns/${december.id}/filings/journal`));
    expect(journal.totalDebit).toBe(journal.totalCredit);
    // No ledger accounts are mapped yet: the journal lists the month's components, the recovery among them.
    const component = (code: string) => journal.unmapped.find((u) => u.code === code)?.amount;
    expect(component('LOP_RECOVERY')).toBe(-1_000);
    expect(component('LOP_REVERSAL')).toBe(1_000);
    expect((component('BASIC') ?? 0) + (component('FIXED_ALLOWANCE') ?? 0) + (component('LOP_RECOVERY') ?? 0) + (component('LOP_REVERSAL') ?? 0)).toBe(component('NET_PAY'));
    expect(component('NET_PAY')).toBe(60_000);
    await moveTo('2027-01-30T06:00:00Z');
    const january = await runMonth(kaveri.admin);
    const jan = await payslipOf(kaveri.admin, january, kaveri.asha);
    expect(jan.lines.some((l) => l.code.startsWith('LOP_'))).toBe(false);
    expect(jan.grossEarnings).toBe(30_000);
    expect((await payslipOf(kaveri.admin, january, kaveri.bala)).grossEarnings).toBe(30_000);
  });

  it('another organisation is unaffected', async () => {
    const [, tapti] = orgs;
    if (!tapti) throw new Error('no organisation');
    const december = await runMonth(tapti.admin);
    const slip = await payslipOf(tapti.admin, december, tapti.asha);
    expect(slip.lines.some((l) => l.code.startsWith('LOP_'))).toBe(false);
    expect(slip.grossEarnings).toBe(30_000);
  });

  it('before finalize: a LOP approved after processing marks the employee stale; finalize refuses naming them until re-processed', async () => {
    const [, tapti] = orgs;
    if (!tapti) throw new Error('no organisation');
    const december = data<PayrollRun>(await call(tapti.admin, 'GET', '/PayrollRuns/current'));
    expect(december).toMatchObject({ month: '2026-12', status: 'processed', staleCount: 0 });
    const leaveId = await lopLeave(tapti.admin.tenantId, tapti.asha, '2026-12-15');
    expect((await call(tapti.admin, 'PUT', `/Leaves/${leaveId}/status`, { status: 2 })).statusCode).toBe(200);
    const [mark] = await queryRows<{ reason: string }>(t.database.db, sql`SELECT reason FROM payroll_stale_inputs WHERE user_id = ${tapti.asha} AND month = '2026-12'`);
    expect(mark?.reason).toBe('Loss of Pay approved for 15 Dec 2026 by Ravi Rao');
    expect(data<PayrollRun>(await call(tapti.admin, 'GET', `/PayrollRuns/${december.id}`)).staleCount).toBe(1);
    const refused = await call(tapti.admin, 'POST', `/PayrollRuns/${december.id}/finalize`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Inputs changed after processing for Asha Menon: process this employee again before finalizing');
    expect(data<PayrollRun>(await call(tapti.admin, 'GET', `/PayrollRuns/${december.id}`)).status).toBe('processed');
    // One action re-processes the stale employees: Asha takes the day in (₹30,000 × 30/31 = 29,032.26 → ₹29,032), the mark goes.
    const again = await call(tapti.admin, 'POST', `/PayrollRuns/${december.id}/process-stale`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('1 employee processed again');
    expect(data<PayrollRun>(again)).toMatchObject({ status: 'processed', staleCount: 0, grossEarnings: 29_032 + 30_000 });
    expect((await call(tapti.admin, 'POST', `/PayrollRuns/${december.id}/process-stale`)).json().message).toBe('No employee had inputs changed after processing');
    expect(await payslipOf(tapti.admin, december, tapti.asha)).toMatchObject({ lopDays: 1, grossEarnings: 29_032 });
    expect((await call(tapti.admin, 'POST', `/PayrollRuns/${december.id}/finalize`)).statusCode).toBe(200);
  });
});
