import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, PAYROLL_MSG, type PayrollEmployeeRow, type PayrollRun, type Payslip, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * The payroll month over HTTP: settings and the setup checklist, the
 * run from draft to paid, holds and one-time adjustments, variance, payslips, history.
 *
 * The organisation has statutory components off and salaries under the income-tax rebate, so every
 * figure is earnings prorated by payable days (DESIGN §5: each component to the rupee, half up) —
 * the same under any correct month calculation. The default structure of a ₹6,00,000 CTC without
 * employer contributions: monthly CTC = gross = ₹50,000: Basic 50% of CTC ₹25,000, HRA 50% of
 * basic ₹12,500, Conveyance ₹19,200 ÷ 12 = ₹1,600, Medical ₹15,000 ÷ 12 = ₹1,250, Fixed
 * allowance the remainder ₹9,650.
 */
describe.each(BACKENDS)('payroll run lifecycle (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let tenantId = '';
  const ids: Record<'a' | 'b' | 'c' | 'd' | 'e', string> = { a: '', b: '', c: '', d: '', e: '' };
  let june: PayrollRun;

  /** The database refuses with the trigger's message (drizzle wraps the driver's error as its cause). */
  const expectRefused = async (work: Promise<unknown>, reason: RegExp = /finalized/) => {
    const error = await work.then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    expect(error, 'the change went through').not.toBeNull();
    expect(`${error?.message ?? ''} ${error?.cause?.message ?? ''}`).toMatch(reason);
  };
  const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;

  const hire = async (key: keyof typeof ids, first: string, joining: string, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/Users/restricted', {
      firstName: first,
      lastName: 'Test',
      email: `${first.toLowerCase()}@ganga.example.in`,
      dateOfJoining: joining,
      experience: 2,
      employeeNumber: `GT${key.toUpperCase()}`,
      regimeType: 1,
      annualCTC: 600_000,
      pan: 'ABCPE1234F',
      bankAccountNumber: '001234567890',
      bankName: 'Canara Bank',
      ifscCode: 'CNRB0000002',
      ...extra,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const created = data<{ id?: string; userId?: string }>(res);
    ids[key] = created.userId ?? created.id ?? '';
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    // 5 July 2026: June's payroll (FY 2026-27) is the one to run; May was the last one run elsewhere.
    t.clock.set(new Date('2026-07-05T06:00:00Z'));
    admin = await t.registerOrganisation({ organizationName: 'Ganga Textiles', firstName: 'Kiran', lastName: 'Das' });
    tenantId = admin.tenantId;
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = false WHERE tenant_id = ${tenantId}`);
    // A paid plan, so that moving the clock past the trial keeps every feature.
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${tenantId}`);
    await hire('a', 'Asha', '2025-01-06');
    // Joins on 16 June: 15 of June's 30 days.
    await hire('b', 'Bala', '2026-06-16');
    await hire('c', 'Chitra', '2025-03-03', { pan: null, bankAccountNumber: null, bankName: null });
    await hire('d', 'Dev', '2025-03-03');
    await hire('e', 'Esha', '2025-03-03');
    // The administrator joined long ago (registration dates the account's user today) and has no structure.
    await t.database.db.execute(sql`UPDATE users SET date_of_joining = '2024-04-01' WHERE id = ${admin.id}`);
    // Dev has no salary structure (no CTC).
    await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = NULL WHERE id = ${ids.d}`);
    // Asha was absent on two days of June (stored attendance days, payable 0).
    await t.database.db.execute(sql`
      INSERT INTO attendance_days (tenant_id, user_id, work_date, status, payable_fraction)
      VALUES (${tenantId}, ${ids.a}, '2026-06-09', 'Absent', 0), (${tenantId}, ${ids.a}, '2026-06-10', 'Absent', 0), (${tenantId}, ${ids.a}, '2026-06-11', 'Present', 1)`);
    // Chitra took a day of Loss of Pay leave, approved, on a date with no stored attendance day.
    await t.database.db.execute(sql`
      INSERT INTO leave_requests (tenant_id, user_id, leave_type_id, start_date, end_date, portion, days, status)
      SELECT ${tenantId}, ${ids.c}, id, '2026-06-17', '2026-06-17', 'full', 1, 2 FROM leave_types WHERE tenant_id = ${tenantId} AND code = 'LOP'`);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  describe('settings and the setup checklist', () => {
    it('before the first save: the defaults, editable; payroll off; no run', async () => {
      expect(data(await call('GET', '/PayrollSettings'))).toEqual({
        payPeriodType: 1,
        payStartDay: null,
        payEndDay: null,
        payDayType: 0,
        payDay: -1,
        lastPayrollRunMonth: null,
        lastPayrollYear: null,
        isSettingEditable: true,
        // Payslip PDFs go out without a password until the organisation turns it on.
        protectPayslipPdfs: false,
      });
      expect(data(await call('GET', '/PayrollSettings/status'))).toEqual({ isEnabled: false });
      const current = await call('GET', '/PayrollRuns/current');
      expect(current.statusCode).toBe(404);
      expect(current.json().message).toBe(PAYROLL_MSG.payrollNotEnabled);
    });

    it('validates: fixed range days, the last payroll month required and not in the future', async () => {
      const base = { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 5, lastPayrollYear: 2026 };
      const noDays = await call('PUT', '/PayrollSettings', { ...base, payPeriodType: 2 });
      expect(noDays.statusCode).toBe(400);
      expect(noDays.json().message).toBe(`payStartDay: ${PAYROLL_MSG.payStartEndRequired}`);
      const gap = await call('PUT', '/PayrollSettings', { ...base, payPeriodType: 2, payStartDay: 26, payEndDay: 24 });
      expect(gap.statusCode).toBe(400);
      expect(gap.json().message).toBe('payEndDay: Pay end day must be 25, the day before the pay start day');
      const outOfRange = await call('PUT', '/PayrollSettings', { ...base, payPeriodType: 2, payStartDay: 31, payEndDay: 30 });
      expect(outOfRange.statusCode).toBe(400);
      expect(outOfRange.json().message).toContain('Pay start day must be a number from 1 to 30');
      const noDay = await call('PUT', '/PayrollSettings', { ...base, payDayType: 1 });
      expect(noDay.json().message).toBe(`payDay: ${PAYROLL_MSG.payDayRequired}`);
      const noMonth = await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0 });
      expect(noMonth.statusCode).toBe(400);
      expect(noMonth.json().message).toBe(`lastPayrollRunMonth: ${PAYROLL_MSG.lastPayrollRequired}`);
      const future = await call('PUT', '/PayrollSettings', { ...base, lastPayrollRunMonth: 8 });
      expect(future.json().message).toBe(`lastPayrollRunMonth: ${PAYROLL_MSG.lastPayrollInFuture}`);
      const badMonth = await call('PUT', '/PayrollSettings', { ...base, lastPayrollRunMonth: 13 });
      expect(badMonth.statusCode).toBe(400);
      expect(badMonth.json().message).toContain('Last payroll month must be a month from 1 to 12');
    });

    it('saves once; the last payroll month and year are then read-only', async () => {
      const saved = await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, payDay: -1, lastPayrollRunMonth: 5, lastPayrollYear: 2026 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().message).toBe('Settings have been updated successfully');
      expect(data(saved)).toMatchObject({ lastPayrollRunMonth: 5, lastPayrollYear: 2026, isSettingEditable: false, payDay: -1 });
      const changed = await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 4, lastPayrollYear: 2026 });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().message).toBe(PAYROLL_MSG.settingsLocked);
      // The same month again (the form sends what it shows) and the other fields still change.
      const again = await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 1, payDay: 7, lastPayrollRunMonth: 5, lastPayrollYear: 2026 });
      expect(data(again)).toMatchObject({ payDayType: 1, payDay: 7, lastPayrollRunMonth: 5 });
      await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: null, lastPayrollYear: null });
      expect(data(await call('GET', '/PayrollSettings'))).toMatchObject({ payDayType: 0, payDay: -1, lastPayrollRunMonth: 5, lastPayrollYear: 2026 });
    });

    it('the checklist: every step, then Complete Payroll Setup enables payroll and opens June', async () => {
      expect(data(await call('GET', '/PayrollSetup'))).toEqual({ salaryComponents: false, statutoryComponents: false, settings: false, isEnabled: false });
      const early = await call('POST', '/PayrollSetup/complete');
      expect(early.statusCode).toBe(400);
      expect(early.json().message).toBe(PAYROLL_MSG.setupIncomplete);
      expect(data(await call('POST', '/PayrollSetup/steps/salaryComponents/complete'))).toMatchObject({ salaryComponents: true });
      expect(data(await call('POST', '/PayrollSetup/steps/statutoryComponents/complete'))).toMatchObject({ statutoryComponents: true });
      expect((await call('POST', '/PayrollSetup/steps/settings/complete')).statusCode).toBe(400);
      expect(data(await call('POST', '/PayrollSettings/mark-completed'))).toEqual({ salaryComponents: true, statutoryComponents: true, settings: true, isEnabled: false });
      const done = await call('POST', '/PayrollSetup/complete');
      expect(done.statusCode).toBe(200);
      expect(data(done)).toEqual({ salaryComponents: true, statutoryComponents: true, settings: true, isEnabled: true });
      expect(data(await call('GET', '/PayrollSettings/status'))).toEqual({ isEnabled: true });
      const [run] = await queryRows<{ month: string }>(t.database.db, sql`SELECT month FROM payroll_runs WHERE tenant_id = ${tenantId}`);
      expect(run?.month).toBe('2026-06');
    });
  });

  describe('June: draft → processed → finalized → paid', () => {
    it('the open month is June as a draft, paid on its last working day; asking again gives the same run', async () => {
      june = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
      expect(june).toMatchObject({
        month: '2026-06',
        periodStart: '2026-06-01',
        periodEnd: '2026-06-30',
        // Tuesday 30 June 2026.
        payDate: '2026-06-30',
        status: 'draft',
        // Kiran (the administrator), Asha, Bala, Chitra, Dev, Esha.
        employeeCount: 6,
        grossEarnings: 0,
        progress: { done: 0, total: 0 },
        // Kiran and Dev have no salary structure, Kiran and Chitra no bank account or PAN.
        warningCount: 3,
        holds: { payout: 0, processing: 0 },
        finalizedAt: null,
      });
      expect(data<PayrollRun>(await call('GET', '/PayrollRuns/current')).id).toBe(june.id);
    });

    it('warnings before processing: no structure, no bank account, no PAN', async () => {
      const res = await call('GET', `/PayrollRuns/${june.id}/warnings`);
      expect(res.json().totalRecords).toBe(3);
      const byName = Object.fromEntries(data<{ name: string; warnings: string[] }[]>(res).map((w) => [w.name, w.warnings]));
      expect(byName).toEqual({
        'Chitra Test': ['noBankAccount', 'noPan'],
        'Dev Test': ['noSalaryStructure'],
        'Kiran Das': ['noSalaryStructure', 'noBankAccount', 'noPan'],
      });
    });

    it('holds and one-time adjustments on the draft', async () => {
      const hold = await call('PUT', `/PayrollRuns/${june.id}/holds/${ids.b}`, { kind: 'payout', reason: 'Bank details being verified' });
      expect(hold.statusCode).toBe(200);
      expect(data<PayrollEmployeeRow>(hold)).toMatchObject({ name: 'Bala Test', hold: { kind: 'payout', reason: 'Bank details being verified' }, grossEarnings: null });
      expect(data<PayrollEmployeeRow>(await call('PUT', `/PayrollRuns/${june.id}/holds/${ids.e}`, { kind: 'processing' })).hold).toEqual({ kind: 'processing', reason: null, releasedAt: null });
      const bonus = await call('POST', `/PayrollRuns/${june.id}/adjustments`, { userId: ids.a, kind: 'earning', category: 'bonus', label: 'Festival bonus', amount: 5000 });
      expect(bonus.statusCode).toBe(201);
      expect(data(bonus)).toMatchObject({ userId: ids.a, kind: 'earning', category: 'bonus', label: 'Festival bonus', amount: 5000, taxable: true });
      const bad = await call('POST', `/PayrollRuns/${june.id}/adjustments`, { userId: ids.a, kind: 'earning', category: 'tip', label: '', amount: 0 });
      expect(bad.statusCode).toBe(400);
      const stranger = await call('POST', `/PayrollRuns/${june.id}/adjustments`, { userId: '00000000-0000-4000-8000-000000000000', kind: 'earning', category: 'bonus', label: 'x', amount: 1 });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().message).toBe(PAYROLL_MSG.employeeNotInRun);
      const run = data<PayrollRun>(await call('GET', `/PayrollRuns/${june.id}`));
      expect(run.holds).toEqual({ payout: 1, processing: 1, released: 0, releasedUnpaid: 0 });
      expect(run.employeeCount).toBe(5);
    });

    it('the draft lists every employee with no figures yet', async () => {
      const res = await call('GET', `/PayrollRuns/${june.id}/employees`);
      expect(res.statusCode).toBe(200);
      expect(res.json().totalRecords).toBe(6);
      const rows = data<PayrollEmployeeRow[]>(res);
      expect(rows.map((r) => r.name)).toEqual(['Asha Test', 'Bala Test', 'Chitra Test', 'Dev Test', 'Esha Test', 'Kiran Das']);
      expect(rows.every((r) => r.netPay === null && r.payslipId === null)).toBe(true);
      expect(rows.find((r) => r.name === 'Asha Test')?.adjustmentCount).toBe(1);
      const held = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${june.id}/employees?filter=onHold`));
      expect(held.map((r) => r.name)).toEqual(['Bala Test', 'Esha Test']);
      const searched = await call('GET', `/PayrollRuns/${june.id}/employees?search=chit&pageSize=1`);
      expect(searched.json().totalRecords).toBe(1);
      expect(data<PayrollEmployeeRow[]>(searched)[0]?.name).toBe('Chitra Test');
      const page2 = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${june.id}/employees?page=2&pageSize=4`));
      expect(page2.map((r) => r.name)).toEqual(['Esha Test', 'Kiran Das']);
      expect((await call('GET', `/PayrollRuns/${june.id}/employees?filter=some`)).statusCode).toBe(400);
    });

    it('processing pays every employee with a structure, prorated by payable days', async () => {
      const started = await call('POST', `/PayrollRuns/${june.id}/process`);
      expect(started.statusCode).toBe(202);
      expect(started.json().message).toBe(PAYROLL_MSG.processingStarted);
      // Kiran and Dev have no structure but are counted until processing skips them; Esha is excluded.
      expect(data<PayrollRun>(started)).toMatchObject({ status: 'processing', progress: { done: 0, total: 5 } });
      // The test harness runs the job after the request.
      const run = data<PayrollRun>(await call('GET', `/PayrollRuns/${june.id}`));
      expect(run).toMatchObject({ status: 'processed', employeeCount: 3, progress: { done: 5, total: 5 }, lastError: null });
      // Asha 28 of 30 days: 23,333 + 11,667 + 1,493 + 1,167 + 9,007 = 46,667, and the ₹5,000 bonus.
      // Bala 15 of 30 days: 12,500 + 6,250 + 800 + 625 + 4,825 = 25,000.
      // Chitra 29 of 30 days: 24,167 + 12,083 + 1,547 + 1,208 + 9,328 = 48,333.
      expect(run).toMatchObject({ grossEarnings: 125_000, totalDeductions: 0, netPay: 125_000, employerCost: 125_000 });
      expect(run.processedAt).not.toBeNull();

      const rows = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${june.id}/employees`));
      const row = (name: string) => rows.find((r) => r.name === name);
      expect(row('Asha Test')).toMatchObject({ daysInPeriod: 30, payableDays: 28, lopDays: 2, grossEarnings: 51_667, netPay: 51_667, tds: 0, lastMonthNetPay: null, netPayVariance: 51_667 });
      expect(row('Bala Test')).toMatchObject({ payableDays: 15, lopDays: 0, grossEarnings: 25_000, hold: { kind: 'payout' } });
      expect(row('Chitra Test')).toMatchObject({ payableDays: 29, lopDays: 1, grossEarnings: 48_333, warnings: ['noBankAccount', 'noPan'] });
      expect(row('Dev Test')).toMatchObject({ payslipId: null, netPay: null, warnings: ['noSalaryStructure'] });
      expect(row('Esha Test')).toMatchObject({ payslipId: null, netPay: null, hold: { kind: 'processing' } });
    });

    it('a payslip: lines with explanations, year to date, net pay in words', async () => {
      const rows = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${june.id}/employees?search=asha`));
      const slip = data<Payslip>(await call('GET', `/Payslips/${rows[0]?.payslipId ?? ''}`));
      expect(slip).toMatchObject({
        month: '2026-06',
        status: 'processed',
        periodStart: '2026-06-01',
        periodEnd: '2026-06-30',
        daysInPeriod: 30,
        payableDays: 28,
        lopDays: 2,
        grossEarnings: 51_667,
        netPay: 51_667,
        taxRegime: 1,
        holdKind: null,
        hasPdf: false,
        netPayInWords: 'Rupees Fifty One Thousand Six Hundred Sixty Seven Only',
        employee: { name: 'Asha Test', employeeNumber: 'GTA', pan: 'ABCPE1234F', bankAccount: 'XXXXXXXX7890', bankName: 'Canara Bank', dateOfJoining: '2025-01-06' },
      });
      const earnings = slip.lines.filter((l) => l.section === 'earning');
      expect(earnings.map((l) => [l.code, l.amount])).toEqual(expect.arrayContaining([['BASIC', 23_333], ['HRA', 11_667], ['CONVEYANCE', 1_493], ['MEDICAL', 1_167], ['FIXED_ALLOWANCE', 9_007]]));
      expect(earnings.find((l) => l.label === 'Festival bonus')?.amount).toBe(5000);
      expect(earnings.every((l) => l.explanation.length > 0)).toBe(true);
      // June is the year's first month in Tankha: the year to date is June.
      expect(slip.ytd).toMatchObject({ grossEarnings: 51_667, netPay: 51_667, tds: 0 });
      expect(slip.ytd.lines.find((l) => l.code === 'BASIC')?.amount).toBe(23_333);
    });

    it('a change to a processed run re-processes the employee and the totals follow', async () => {
      const loan = await call('POST', `/PayrollRuns/${june.id}/adjustments`, { userId: ids.c, kind: 'deduction', category: 'loanRecovery', label: 'Salary advance', amount: 1000 });
      expect(loan.statusCode).toBe(201);
      let run = data<PayrollRun>(await call('GET', `/PayrollRuns/${june.id}`));
      expect(run).toMatchObject({ status: 'processed', grossEarnings: 125_000, totalDeductions: 1000, netPay: 124_000 });
      const unheld = await call('DELETE', `/PayrollRuns/${june.id}/holds/${ids.b}`);
      expect(data<PayrollEmployeeRow>(unheld)).toMatchObject({ name: 'Bala Test', hold: null, netPay: 25_000 });
      const before = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${june.id}/employees?search=chitra`))[0]?.payslipId;
      const again = await call('POST', `/PayrollRuns/${june.id}/employees/${ids.c}/process`);
      expect(again.statusCode).toBe(200);
      expect(data<PayrollEmployeeRow>(again)).toMatchObject({ grossEarnings: 48_333, totalDeductions: 1000, netPay: 47_333, adjustmentCount: 1 });
      // The payslip keeps its id (a link to it stays good).
      expect(data<PayrollEmployeeRow>(again).payslipId).toBe(before);
      const [remove] = data<{ id: string; label: string }[]>(await call('GET', `/PayrollRuns/${june.id}/adjustments?userId=${ids.c}`));
      expect(remove?.label).toBe('Salary advance');
      expect((await call('DELETE', `/PayrollRuns/${june.id}/adjustments/${remove?.id ?? ''}`)).statusCode).toBe(200);
      run = data<PayrollRun>(await call('GET', `/PayrollRuns/${june.id}`));
      expect(run).toMatchObject({ totalDeductions: 0, netPay: 125_000 });
      expect((await call('GET', `/PayrollRuns/${june.id}/adjustments`)).json().totalRecords).toBe(1);
      const outsider = await call('POST', `/PayrollRuns/${june.id}/employees/00000000-0000-4000-8000-000000000000/process`);
      expect(outsider.statusCode).toBe(404);
    });

    it('a remark on an employee; an empty one removes it', async () => {
      const res = await call('PUT', `/PayrollRuns/${june.id}/remarks/${ids.a}`, { remark: '  Festival bonus paid in June  ' });
      expect(data(res)).toEqual({ userId: ids.a, remark: 'Festival bonus paid in June' });
      const rows = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${june.id}/employees?search=asha`));
      expect(rows[0]?.remark).toBe('Festival bonus paid in June');
      expect(data(await call('PUT', `/PayrollRuns/${june.id}/remarks/${ids.b}`, { remark: ' ' }))).toEqual({ userId: ids.b, remark: null });
    });

    it('variance by component with nothing finalized before: last month is 0', async () => {
      const v = data<{ comparedMonth: string | null; lines: { code: string; lastMonth: number; thisMonth: number; difference: number }[] }>(await call('GET', `/PayrollRuns/${june.id}/variance`));
      expect(v.comparedMonth).toBeNull();
      // Basic: Asha 23,333 + Bala 12,500 + Chitra 24,167.
      expect(v.lines.find((l) => l.code === 'BASIC')).toMatchObject({ lastMonth: 0, thisMonth: 60_000, difference: 60_000 });
    });

    it('finalize: the month locks, the next month opens, a second finalize is refused', async () => {
      const res = await call('POST', `/PayrollRuns/${june.id}/finalize`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(PAYROLL_MSG.finalized);
      expect(data<PayrollRun>(res)).toMatchObject({ status: 'finalized', finalizedByName: 'Kiran Das', payslips: { total: 3, rendered: 0, emailed: 0 }, holds: { payout: 0, processing: 1 } });
      // After the commit, the payroll.finalized job renders every payslip's PDF and e-mails it.
      expect(data<PayrollRun>(await call('GET', `/PayrollRuns/${june.id}`)).payslips).toEqual({ total: 3, rendered: 3, emailed: 3 });
      const again = await call('POST', `/PayrollRuns/${june.id}/finalize`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(PAYROLL_MSG.runAlreadyFinalized);
      const locks = await queryRows<{ month: string }>(t.database.db, sql`SELECT month FROM payroll_month_locks WHERE tenant_id = ${tenantId}`);
      expect(locks.map((l) => l.month)).toEqual(['2026-06']);
      const july = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
      // Friday 31 July 2026.
      expect(july).toMatchObject({ month: '2026-07', status: 'draft', periodStart: '2026-07-01', periodEnd: '2026-07-31', payDate: '2026-07-31' });
    });

    it('a finalized month refuses every change, in the service and in the database', async () => {
      for (const [method, url, body] of [
        ['POST', `/PayrollRuns/${june.id}/process`, undefined],
        ['PUT', `/PayrollRuns/${june.id}/holds/${ids.a}`, { kind: 'payout' }],
        ['POST', `/PayrollRuns/${june.id}/adjustments`, { userId: ids.a, kind: 'earning', category: 'bonus', label: 'Late', amount: 1 }],
        ['PUT', `/PayrollRuns/${june.id}/remarks/${ids.a}`, { remark: 'late' }],
        ['POST', `/PayrollRuns/${june.id}/employees/${ids.a}/process`, undefined],
      ] as const) {
        const res = await call(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(409);
      }
      // The database itself: the immutability triggers of migration 0016, as the tenant and as the owner.
      await expectRefused(t.tenantScope(tenantId, (scope) => scope.db.tx.execute(sql`UPDATE payslips SET net_paise = 1 WHERE run_id = ${june.id}`)));
      await expectRefused(t.tenantScope(tenantId, (scope) => scope.db.tx.execute(sql`DELETE FROM payslip_lines WHERE tenant_id = ${tenantId}`)));
      await expectRefused(t.database.db.execute(sql`UPDATE payslip_lines SET amount_paise = amount_paise + 100 WHERE tenant_id = ${tenantId}`));
      // Once the PDFs are stored, their rows' foreign key (RESTRICT) refuses first, row by row, before the statement's guard.
      await expectRefused(t.database.db.execute(sql`DELETE FROM payslips WHERE run_id = ${june.id}`), /finalized|payslip_documents/);
      await expectRefused(t.database.db.execute(sql`UPDATE payroll_runs SET net_paise = 0 WHERE id = ${june.id}`));
      // As the tenant too: no payslip deleted, no line or hold added (the guards run as their owner, migration 0024, and still see every row).
      await expectRefused(t.tenantScope(tenantId, (scope) => scope.db.tx.execute(sql`DELETE FROM payslips WHERE run_id = ${june.id}`)), /finalized|payslip_documents/);
      await expectRefused(
        t.tenantScope(tenantId, (scope) =>
          scope.db.tx.execute(sql`INSERT INTO payslip_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation)
                                  SELECT tenant_id, id, 99, 'earning', 'LATE', 'Late', 100, '[]'::jsonb FROM payslips WHERE run_id = ${june.id}`),
        ),
      );
      await expectRefused(t.tenantScope(tenantId, (scope) => scope.db.tx.execute(sql`INSERT INTO payroll_holds (tenant_id, run_id, user_id, kind) VALUES (${tenantId}, ${june.id}, ${ids.a}, 'payout')`)));
      const guards = await queryRows<{ name: string; definer: boolean; config: string[] | null }>(
        t.database.db,
        sql`SELECT proname AS name, prosecdef AS definer, proconfig AS config FROM pg_proc WHERE proname IN ('payroll_child_guard', 'payslip_lines_guard') ORDER BY proname`,
      );
      expect(guards).toEqual([
        { name: 'payroll_child_guard', definer: true, config: ['search_path=pg_catalog, public, pg_temp'] },
        { name: 'payslip_lines_guard', definer: true, config: ['search_path=pg_catalog, public, pg_temp'] },
      ]);
      const [sum] = await queryRows<{ n: number }>(t.database.db, sql`SELECT sum(net_paise)::float8 AS n FROM payslips WHERE run_id = ${june.id}`);
      expect(sum?.n).toBe(12_500_000);
    });

    it('marked paid with the date and reference, once', async () => {
      const early = await call('POST', `/PayrollRuns/${june.id}/mark-paid`, { paidOn: '2026-06-31', reference: 'NEFT' });
      expect(early.statusCode).toBe(400);
      // June was finalized today, 5 July: it is paid from today on, not on its pay date gone by.
      const beforeFinalize = await call('POST', `/PayrollRuns/${june.id}/mark-paid`, { paidOn: '2026-06-30', reference: 'NEFT' });
      expect(beforeFinalize.json()).toMatchObject({ statusCode: 400, errors: { paidOn: PAYROLL_MSG.paidOnBeforeFinalize('2026-07-05') } });
      const res = await call('POST', `/PayrollRuns/${june.id}/mark-paid`, { paidOn: '2026-07-05', reference: ' UTR2026070512345 ' });
      expect(res.statusCode).toBe(200);
      expect(data<PayrollRun>(res)).toMatchObject({ status: 'paid', paidOn: '2026-07-05', paymentReference: 'UTR2026070512345' });
      const again = await call('POST', `/PayrollRuns/${june.id}/mark-paid`, { paidOn: '2026-07-05', reference: 'x' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(PAYROLL_MSG.runNotFinalized);
    });
  });

  describe('July: the year to date and the variance build on June', () => {
    let july: PayrollRun;
    it('processes July: everyone paid in full, Esha included again (holds are per month)', async () => {
      t.clock.set(new Date('2026-08-03T06:00:00Z'));
      admin = await t.login(admin.email, 'Secret123');
      const current = await call('GET', '/PayrollRuns/current');
      expect(current.statusCode, current.body).toBe(200);
      july = data<PayrollRun>(current);
      // A draft follows the settings: paid on the 7th now, then back to the last working day.
      await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 1, payDay: 7 });
      expect(data<PayrollRun>(await call('GET', '/PayrollRuns/current'))).toMatchObject({ id: july.id, payDate: '2026-07-07' });
      await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0 });
      expect(data<PayrollRun>(await call('GET', '/PayrollRuns/current')).payDate).toBe('2026-07-31');
      const unready = await call('POST', `/PayrollRuns/${july.id}/finalize`);
      expect(unready.statusCode).toBe(409);
      expect(unready.json().message).toBe(PAYROLL_MSG.runNotProcessed);
      expect((await call('POST', `/PayrollRuns/${july.id}/process`)).statusCode).toBe(202);
      july = data<PayrollRun>(await call('GET', `/PayrollRuns/${july.id}`));
      expect(july).toMatchObject({ status: 'processed', employeeCount: 4, grossEarnings: 200_000, netPay: 200_000 });
    });

    it('last month’s net and the variance filter', async () => {
      const rows = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${july.id}/employees?filter=variance`));
      // Asha 50,000 against 51,667; Bala 50,000 against 25,000; Chitra 50,000 against 48,333; Esha new.
      expect(rows.map((r) => [r.name, r.lastMonthNetPay, r.netPayVariance])).toEqual([
        ['Asha Test', 51_667, -1_667],
        ['Bala Test', 25_000, 25_000],
        ['Chitra Test', 48_333, 1_667],
        ['Esha Test', null, 50_000],
      ]);
      const v = data<{ comparedMonth: string; lines: { code: string; lastMonth: number; thisMonth: number; difference: number }[] }>(await call('GET', `/PayrollRuns/${july.id}/variance`));
      expect(v.comparedMonth).toBe('2026-06');
      expect(v.lines.find((l) => l.code === 'BASIC')).toMatchObject({ lastMonth: 60_000, thisMonth: 100_000, difference: 40_000 });
    });

    it('the year to date adds June', async () => {
      const [row] = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${july.id}/employees?search=asha`));
      const slip = data<Payslip>(await call('GET', `/Payslips/${row?.payslipId ?? ''}`));
      expect(slip.ytd).toMatchObject({ grossEarnings: 101_667, netPay: 101_667 });
      expect(slip.ytd.lines.find((l) => l.code === 'BASIC')?.amount).toBe(48_333);
    });

    it('history: newest first, with who finalized and when', async () => {
      const res = await call('GET', '/PayrollRuns');
      expect(res.json().totalRecords).toBe(2);
      const list = data<PayrollRun[]>(res);
      expect(list.map((r) => [r.month, r.status, r.employeeCount, r.netPay, r.finalizedByName])).toEqual([
        ['2026-07', 'processed', 4, 200_000, null],
        ['2026-06', 'paid', 3, 125_000, 'Kiran Das'],
      ]);
      // The finalize job rendered June's three payslips and e-mailed them; July's are not issued yet.
      expect(list.map((r) => r.payslips)).toEqual([
        { total: 0, rendered: 0, emailed: 0 },
        { total: 3, rendered: 3, emailed: 3 },
      ]);
      expect(data<PayrollRun>(await call('GET', `/PayrollRuns/${june.id}`)).payslips).toEqual({ total: 3, rendered: 3, emailed: 3 });
      const closed = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${june.id}/employees`));
      // A closed month lists the employees it paid, and the one it excluded from processing (no figures, the reason).
      expect(closed.map((r) => r.name)).toEqual(['Asha Test', 'Bala Test', 'Chitra Test', 'Esha Test']);
      expect(closed.find((r) => r.name === 'Esha Test')).toMatchObject({ payslipId: null, netPay: null, hold: { kind: 'processing' } });
    });

    it('an administrator’s own payslips: none (no structure); another’s by userId', async () => {
      expect((await call('GET', '/Payslips')).json()).toMatchObject({ totalRecords: 0, data: [] });
      const asha = data<{ month: string; status: string; netPay: number }[]>(await call('GET', `/Payslips?userId=${ids.a}`));
      // Published months and the processed draft under review.
      expect(asha.map((p) => [p.month, p.status, p.netPay])).toEqual([
        ['2026-07', 'processed', 50_000],
        ['2026-06', 'paid', 51_667],
      ]);
      expect(data<unknown[]>(await call('GET', `/Payslips?userId=${ids.a}&year=2025`))).toEqual([]);
      expect((await call('GET', '/Payslips/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect(MSG.permissionDenied).toBeTruthy();
    });
  });
});
