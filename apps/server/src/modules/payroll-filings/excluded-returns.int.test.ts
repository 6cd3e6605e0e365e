import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EcrCheck, EsicCheck, PayrollEmployeeRow, PayrollRun, Payslip, SessionUser, TenantEarningRow } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, finalizeMonth, holdProcessingAndProcess, type TestApp } from '../../testing';

/**
 * The returns of the month that pays excluded pay: its EPF and ESI wages are reported where they are
 * paid, as loss-of-pay corrections are (docs/decisions/0160-lop-corrections-in-the-returns.md).
 * Ravi is excluded from processing in November 2026 ("On unpaid sabbatical"), November is finalized,
 * his November pay is brought into December and December is finalized. EPF on Basic ₹12,000 only
 * (the fixed allowance is no PF wage); ESI on the whole gross (CTC ₹2,40,000 a year: within ₹21,000 a month).
 *
 * By hand (india-tax-rules §10–§11): November and December both full months: Basic 12,000 each;
 * EPF 12% = 1,440, EPS 8.33% = 999.60 → 1,000, ER 440, each month. December's ECR line: EPF, EPS and
 * EDLI wages 12,000 + 12,000 = 24,000; EE 2,880 (= 12% of 24,000), EPS 2,000, ER 880 — what December's
 * payslip deducted (EPF_EE + EXC_EPF_EE). Before this change the line said 12,000 / 1,440 / 1,000 / 440
 * and November's contributions were in no return. ESIC: December's ESI wages plus November's, and the
 * ESI the payslip deducted is 0.75% of each month's wages rounded up.
 */
describe.each(BACKENDS)('returns of the month that pays excluded pay (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let ravi = '';
  let november: PayrollRun;
  let december: PayrollRun;
  let slip: Payslip;
  const call = (method: string, url: string, body?: unknown, who: SessionUser = admin) => t.call(method, url, { token: who.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };
  const sum = (codes: (code: string) => boolean) => slip.lines.filter((l) => codes(l.code)).reduce((s, l) => s + l.amount, 0);

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(new Date('2026-11-30T06:00:00Z'));
    admin = await t.registerOrganisation({ organizationName: 'Kaveri Looms', firstName: 'Lata', lastName: 'Iyer', email: 'lata@kaveri.example.in' });
    const tenantId = admin.tenantId;
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${tenantId}`);
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = (component IN ('EPF', 'ESI')) WHERE tenant_id = ${tenantId}`);
    await t.database.db.execute(sql`UPDATE tenant_earnings SET epf_contribution_type = 0 WHERE tenant_id = ${tenantId} AND code = 'FIXED_ALLOWANCE'`);
    await t.database.db.execute(sql`UPDATE statutory_components SET settings = settings || '{"considerAllSalaryComponents": false}'::jsonb WHERE tenant_id = ${tenantId} AND component = 'EPF'`);
    // PF and ESI on the components marked for them (ESI on the whole gross), not the labour codes' wages.
    await t.database.db.execute(sql`UPDATE statutory_components SET settings = settings || '{"wageBase": "components"}'::jsonb WHERE tenant_id = ${tenantId} AND component IN ('EPF', 'ESI')`);
    const earnings = data<TenantEarningRow[]>(await call('GET', '/SalaryComponents/earnings'));
    const basicId = earnings.find((e) => e.earningCategory === 'basic')?.id ?? '';
    const hired = data<{ id?: string; userId?: string }>(
      await call('POST', '/Users/restricted', {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: 'ravi@kaveri.example.in',
        dateOfJoining: '2025-01-06',
        experience: 1,
        employeeNumber: 'KL1',
        pan: 'ABCPK1234F',
        bankAccountNumber: '001234567891',
        bankName: 'Canara Bank',
        annualCTC: 240_000,
        regimeType: 1,
        earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 144_000 }],
      }),
    );
    ravi = hired.userId ?? hired.id ?? '';
    await t.database.db.execute(sql`UPDATE users SET uan = '100427607287', esi_number = '5300000087', date_of_birth = '1990-01-01' WHERE id = ${ravi}`);
    await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = NULL WHERE id = ${admin.id}`);
    await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 10, lastPayrollYear: 2026 });
    for (const url of ['/PayrollSetup/steps/salaryComponents/complete', '/PayrollSetup/steps/statutoryComponents/complete', '/PayrollSettings/mark-completed', '/PayrollSetup/complete']) await call('POST', url);
    november = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
    expect(november.month).toBe('2026-11');
    await holdProcessingAndProcess(t, admin, november.id, ravi, 'On unpaid sabbatical');
    await finalizeMonth(t, admin, november.id);
    t.clock.set(new Date('2026-12-31T06:00:00Z'));
    admin = await t.login('lata@kaveri.example.in', 'Secret123');
    expect((await call('POST', `/PayrollRuns/${november.id}/excluded/${ravi}/bring-in`)).statusCode).toBe(200);
    december = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
    expect(december.month).toBe('2026-12');
    expect((await call('POST', `/PayrollRuns/${december.id}/process`)).statusCode).toBe(202);
    await finalizeMonth(t, admin, december.id);
    const rows = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${december.id}/employees?pageSize=100`));
    slip = data<Payslip>(await call('GET', `/Payslips/${rows.find((r) => r.userId === ravi)?.payslipId ?? ''}`));
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('December’s payslip pays November with its own EPF and keeps November’s wages by month and kind', async () => {
    const amount = (code: string) => slip.lines.find((l) => l.code === code)?.amount;
    expect([amount('EXC_BASIC'), amount('BASIC')]).toEqual([12_000, 12_000]);
    expect([amount('EXC_EPF_EE'), amount('EXC_EPS_ER'), amount('EXC_EPF_ER'), amount('EPF_EE'), amount('EPS_ER'), amount('EPF_ER')]).toEqual([1_440, 1_000, 440, 1_440, 1_000, 440]);
    const [stored] = await queryRows<{ wages: { pfWagePaise: number; corrections?: { month: string; kind: string; pfWagePaise: number; esiWagePaise: number }[] } }>(
      t.database.db,
      sql`SELECT wages FROM payslips WHERE user_id = ${ravi} AND run_id = ${december.id}`,
    );
    expect(stored?.wages.pfWagePaise).toBe(1_200_000);
    expect(stored?.wages.corrections).toMatchObject([{ month: '2026-11', kind: 'excluded', pfWagePaise: 1_200_000 }]);
  });

  it('December’s ECR reports November’s EPF wages and contributions with December’s own: what the payslip deducted', async () => {
    const ecr = data<EcrCheck>(await call('GET', `/PayrollRuns/${december.id}/filings/ecr`));
    expect(ecr.errors).toEqual([]);
    expect(ecr.lines).toHaveLength(1);
    expect(ecr.lines[0]).toMatchObject({ uan: '100427607287', epfWages: 24_000, epsWages: 24_000, edliWages: 24_000, employeeShare: 2_880, epsShare: 2_000, employerShare: 880, ncpDays: 0 });
    // Gross wages: both months' earnings (November's are wages paid in December).
    expect(ecr.lines[0]?.grossWages).toBe(slip.grossEarnings);
    expect(ecr.totals.employeeShare).toBe(sum((c) => c === 'EPF_EE' || c === 'EXC_EPF_EE'));
    expect(ecr.totals.epsShare).toBe(sum((c) => c === 'EPS_ER' || c === 'EXC_EPS_ER'));
    expect(ecr.totals.employerShare).toBe(sum((c) => c === 'EPF_ER' || c === 'EXC_EPF_ER'));
    expect(ecr.lines[0]?.explanation[0]).toMatch(/^Pay for Nov 2026 excluded from processing, paid on this payslip: EPF wages \+₹12,000/);
    const file = await call('GET', `/PayrollRuns/${december.id}/filings/ecr.txt`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toMatch(/^100427607287#~#RAVI KUMAR#~#\d+#~#24000#~#24000#~#24000#~#2880#~#2000#~#880#~#0#~#0$/);
  });

  it('December’s ESIC return reports November’s ESI wages; the ESI deducted is 0.75% of each month’s wages', async () => {
    const esic = data<EsicCheck>(await call('GET', `/PayrollRuns/${december.id}/filings/esic`));
    expect(esic.errors).toEqual([]);
    const row = esic.rows.find((r) => r.userId === ravi);
    const own = sum((c) => ['BASIC', 'FIXED_ALLOWANCE'].includes(c));
    const brought = sum((c) => ['EXC_BASIC', 'EXC_FIXED_ALLOWANCE'].includes(c));
    expect(own).toBeGreaterThan(0);
    expect(brought).toBe(own);
    expect(row).toMatchObject({ ipNumber: '5300000087', days: 31, wages: own + brought, reasonCode: 0 });
    expect(row?.explanation[1]).toBe(`Wages ₹${(own + brought).toLocaleString('en-IN')}: the payslip's ESI wages ₹${own.toLocaleString('en-IN')} + ₹${brought.toLocaleString('en-IN')} of pay for Nov 2026 excluded from processing (paid in this month)`);
    // ESI (Central) Rules r.51: each month's share rounded up to the rupee.
    const share = (wages: number, per10000: number) => Math.ceil((wages * per10000) / 10_000);
    expect(sum((c) => c === 'ESI_EE' || c === 'EXC_ESI_EE')).toBe(share(own, 75) + share(brought, 75));
    expect(sum((c) => c === 'ESI_ER' || c === 'EXC_ESI_ER')).toBe(share(own, 325) + share(brought, 325));
    expect(esic.totals.wages).toBe(own + brought);
  });

  it('another organisation cannot read December’s returns or undo the bring-in', async () => {
    const outsider = await t.registerOrganisation({ organizationName: 'Tunga Mills' });
    expect((await call('GET', `/PayrollRuns/${december.id}/filings/ecr`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/PayrollRuns/${december.id}/filings/esic`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('DELETE', `/PayrollRuns/${november.id}/excluded/${ravi}/bring-in`, undefined, outsider)).statusCode).toBe(404);
  });
});
