import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PayrollCalculation, PayrollEmployeeRow, PayrollRun, Payslip, SalaryStructureView, SessionUser, TenantEarningRow } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * One calculation path: the run's payslip, the salary-structure preview and the
 * public calculator agree for every demo employee.
 *
 * The inputs are made identical so they must agree: April 2026, the first month of FY 2026-27 (12
 * months left, nothing paid or deducted yet this year, so the run's TDS is the year's tax ÷ 12, the
 * preview's monthly TDS), every employee paid all 30 days (the demo's April attendance and leave are
 * cleared: no LOP), Karnataka professional tax in an ordinary month (₹200, the preview's per-month
 * figure; February's ₹300 is the exception), LWF off in the demo (the calculator always applies the
 * state's LWF, which Karnataka levies in December only: nil in April). The calculator gets the
 * structure's monthly components with the organisation's flags, and for the old regime the year's
 * professional tax and EPF (80C) the preview shows as `deductionsForYear`.
 *
 * Not compared by design: the preview's monthlyNetTakeHome is the year's net ÷ 12 (it spreads
 * February's higher professional tax), so the test compares the net of the preview's monthly figures.
 */
describe.each(BACKENDS)('the run, the payslip, the structure preview and the public calculator agree (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let run: PayrollRun;

  const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };

  beforeAll(async () => {
    // 4 May 2026: April 2026 (FY 2026-27) is the month to run; the preview's financial year is the same.
    t = await createTestApp(backend, {}, { demo: new Date('2026-05-04T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    const tenantId = admin.tenantId;
    // A CTC that is not a multiple of ₹12 puts a sub-rupee remainder into the structure's annual fixed
    // allowance; the run pays 12 × the monthly amounts, and the preview's TDS must be the tax of those
    // (at ₹10,06,019 in the old regime the structure's annual figures come to ₹8,196 a month, the run to ₹8,195).
    await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = 100601900, regime_type = 0 WHERE tenant_id = ${tenantId} AND email = ${DEMO_LOGINS.member}`);
    // Every demo employee paid the whole of April: no absences, no leave.
    await t.database.db.execute(sql`DELETE FROM attendance_days WHERE tenant_id = ${tenantId} AND work_date BETWEEN '2026-04-01' AND '2026-04-30'`);
    await t.database.db.execute(sql`DELETE FROM leave_requests WHERE tenant_id = ${tenantId} AND start_date <= '2026-04-30' AND end_date >= '2026-04-01'`);
    await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 3, lastPayrollYear: 2026 });
    await call('POST', '/PayrollSetup/steps/salaryComponents/complete');
    await call('POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await call('POST', '/PayrollSettings/mark-completed');
    await call('POST', '/PayrollSetup/complete');
    run = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
    expect(run).toMatchObject({ month: '2026-04', periodStart: '2026-04-01', periodEnd: '2026-04-30' });
    expect((await call('POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
    run = data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`));
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('for every demo employee: gross, each earning, EPF, ESI, PT, TDS, deductions, net and employer cost', async () => {
    const [{ n: people } = { n: 0 }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users WHERE tenant_id = ${admin.tenantId} AND annual_ctc_paise IS NOT NULL`);
    expect(run).toMatchObject({ status: 'processed', employeeCount: people, lastError: null });
    const rows = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${run.id}/employees?pageSize=100`));
    const paid = rows.filter((r) => r.payslipId !== null);
    expect(paid).toHaveLength(people);

    const components = data<TenantEarningRow[]>(await call('GET', '/SalaryComponents/earnings'));
    const componentOf = new Map(components.map((c) => [c.id, c]));
    const statutory = data<{ component: string; isEnabled: boolean; settings: Record<string, unknown> }[]>(await call('GET', '/StatutoryComponents'));
    const epfSettings = statutory.find((s) => s.component === 'EPF');
    expect(epfSettings?.settings).toMatchObject({ considerAllSalaryComponents: true, proRate: false, employeeRatePercent: 12, employerRatePercent: 12 });
    expect(statutory.find((s) => s.component === 'LWF')?.isEnabled).toBe(false);

    const mismatches: string[] = [];
    const same = (who: string, what: string, values: Record<string, number>) => {
      if (new Set(Object.values(values)).size > 1) mismatches.push(`${who} ${what}: ${JSON.stringify(values)}`);
    };
    let oldRegime = 0;
    let esiCovered = 0;
    let withTds = 0;
    for (const row of paid) {
      const who = `${row.name} (${row.employeeNumber ?? '-'})`;
      const slip = data<Payslip>(await call('GET', `/Payslips/${row.payslipId ?? ''}`));
      const preview = data<SalaryStructureView>(await call('GET', `/Users/${row.userId}/salary-structure`));
      expect([slip.payableDays, slip.lopDays, slip.daysInPeriod], who).toEqual([30, 0, 30]);
      expect(preview.deductions, `${who}: the calculator takes no structure deductions`).toEqual([]);
      const [person] = await queryRows<{ gender: number; dob: string | null }>(t.database.db, sql`SELECT gender, to_char(date_of_birth, 'YYYY-MM-DD') AS dob FROM users WHERE id = ${row.userId}`);
      const age = person?.dob ? 2026 - Number(person.dob.slice(0, 4)) - (person.dob.slice(5) > '04-01' ? 1 : 0) : 30;

      const statutoryOf = (name: string) => preview.statutoryComponents.find((c) => c.name === name);
      const epf = statutoryOf('EPF');
      const esi = statutoryOf('ESI');
      const pt = statutoryOf('ProfessionalTax');
      const regime: 0 | 1 = preview.regimeType === 0 ? 0 : 1;
      const calculation = data<PayrollCalculation>(
        await t.call('POST', '/payroll/calculate', {
          body: {
            month: '2026-04',
            state: 'KA',
            gender: person?.gender === 2 ? 'female' : person?.gender === 4 ? 'other' : 'male',
            age,
            daysInPeriod: 30,
            payableDays: 30,
            earnings: preview.earnings.map((e) => {
              const c = componentOf.get(e.tenantEarningId);
              return {
                name: e.earningName,
                monthlyAmount: e.monthlyAmount,
                proRata: c?.isProRateBasis ?? true,
                // "Consider all salary components" (the demo's EPF setting): every earning but HRA.
                pfWage: c?.earningCategory !== 'hra',
                esiWage: c?.isConsideredForESI ?? true,
                taxable: c?.isTaxableEarning ?? true,
              };
            }),
            epf: { enabled: epfSettings?.isEnabled ?? true, restrictToCeiling: epfSettings?.settings.restrictToWageCeiling !== false },
            esi: { enabled: statutory.find((s) => s.component === 'ESI')?.isEnabled ?? true },
            tds: {
              enabled: true,
              regime,
              financialYear: '2026-27',
              grossSoFar: 0,
              tdsSoFar: 0,
              remainingMonths: 12,
              // Old regime: the year's professional tax (s.16(iii)) and EPF under 80C (capped at 1,50,000).
              deductionsForYear: regime === 0 ? (pt?.employeeAnnual ?? 0) + Math.min(epf?.employeeAnnual ?? 0, 150_000) : 0,
            },
          },
        }),
      );

      const line = (code: string) => slip.lines.filter((l) => l.code === code).reduce((sum, l) => sum + l.amount, 0);
      same(who, 'gross', { payslip: slip.grossEarnings, preview: preview.monthlyGross, calculator: calculation.grossEarnings });
      for (const e of preview.earnings) {
        const code = componentOf.get(e.tenantEarningId)?.code ?? '';
        same(who, `earning ${code}`, { payslip: line(code), preview: e.monthlyAmount });
      }
      same(who, 'EPF employee', { payslip: line('EPF_EE'), preview: epf?.employeeMonthly ?? 0, calculator: calculation.epfEmployee });
      same(who, 'EPF employer (EPF + EPS)', { payslip: line('EPF_ER') + line('EPS_ER'), preview: epf?.employerMonthly ?? 0, calculator: calculation.epfEmployer + calculation.epsEmployer });
      same(who, 'ESI employee', { payslip: line('ESI_EE'), preview: esi?.applicable ? esi.employeeMonthly : 0, calculator: calculation.esiEmployee });
      same(who, 'ESI employer', { payslip: line('ESI_ER'), preview: esi?.applicable ? esi.employerMonthly : 0, calculator: calculation.esiEmployer });
      same(who, 'professional tax', { payslip: line('PT'), preview: pt?.employeeMonthly ?? 0, calculator: calculation.professionalTax });
      same(who, 'LWF', { payslip: line('LWF_EE'), calculator: calculation.lwfEmployee });
      same(who, 'TDS', { payslip: slip.tds, line: line('TDS'), preview: preview.monthlyTDS, calculator: calculation.tds });
      const previewDeductions = (epf?.employeeMonthly ?? 0) + (esi?.applicable ? esi.employeeMonthly : 0) + (pt?.employeeMonthly ?? 0) + preview.monthlyTDS;
      same(who, 'total deductions', { payslip: slip.totalDeductions, preview: previewDeductions, calculator: calculation.totalDeductions });
      same(who, 'net pay', { payslip: slip.netPay, preview: preview.monthlyGross - previewDeductions, calculator: calculation.netPay });
      same(who, 'employer cost', { payslip: slip.employerCost, calculator: calculation.employerCost });
      same(who, 'tax regime', { payslip: slip.taxRegime, preview: preview.regimeType });
      if (regime === 0) oldRegime += 1;
      if (esi?.applicable) esiCovered += 1;
      if (slip.tds > 0) withTds += 1;
    }
    expect(mismatches).toEqual([]);
    // The demo exercises what is compared: both regimes, ESI, and TDS.
    expect(oldRegime).toBeGreaterThan(0);
    expect(oldRegime).toBeLessThan(paid.length);
    expect(esiCovered).toBeGreaterThan(0);
    expect(withTds).toBeGreaterThan(0);
  });
});
