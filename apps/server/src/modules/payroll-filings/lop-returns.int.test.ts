import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EcrCheck, Journal, PayrollEmployeeRow, PayrollRun, Payslip, SessionUser, TenantEarningRow } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * The returns of the month a loss-of-pay correction is paid in (docs/decisions/0160-lop-corrections-in-the-returns.md). November is finalized with Asha paid in full; a Loss-of-Pay day of 26 November
 * is approved afterwards; December (no LOP of its own) recovers it. EPF only, on Basic ₹15,000 (the ceiling); the
 * fixed allowance (CTC ₹3,60,000 a year less Basic and the employer's ₹1,800 EPF: ₹13,200) is no PF wage. Gross
 * ₹28,200 a month, ₹940 a day: Basic 14,500 (−500) and the allowance 13,200 × 29/30 = 12,760 (−440) recover ₹940.
 *
 * By hand (india-tax-rules §10): November paid EPF on 15,000: EE 1,800, EPS 1,249.50 → 1,250, ER 550. On 29 of
 * 30 days Basic is 14,500: EE 1,740, EPS 1,207.85 → 1,208, ER 532, so December carries −60, −42, −18 and PF, EPS
 * and EDLI wages −500. December's own: 15,000 → 1,800 / 1,250 / 550. Its ECR line: EPF, EPS and EDLI wages 14,500,
 * EE 1,740, EPS 1,208, ER 532 (what 12% and 8.33% of 14,500 give, as EPFO checks), NCP days 0 (December's own).
 * Before this change the line said 15,000 / 1,800 / 1,250 / 550: the recovered contributions were nowhere.
 */
describe.each(BACKENDS)('returns of the month a LOP correction is paid in (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let asha = '';
  let december: PayrollRun;
  const call = (method: string, url: string, body?: unknown, who: SessionUser = admin) => t.call(method, url, { token: who.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };
  const runMonth = async (): Promise<PayrollRun> => {
    const run = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
    expect((await call('POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
    expect((await call('POST', `/PayrollRuns/${run.id}/finalize`)).statusCode).toBe(200);
    return data<PayrollRun>(await call('GET', `/PayrollRuns/${run.id}`));
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(new Date('2026-11-30T06:00:00Z'));
    admin = await t.registerOrganisation({ organizationName: 'Godavari Textiles', firstName: 'Meera', lastName: 'Rao', email: 'meera@godavari.example.in' });
    const tenantId = admin.tenantId;
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${tenantId}`);
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = (component = 'EPF') WHERE tenant_id = ${tenantId}`);
    // Only Basic is a PF wage (the fixed allowance is not), so a day of loss of pay moves the PF wage under the ceiling.
    await t.database.db.execute(sql`UPDATE tenant_earnings SET epf_contribution_type = 0 WHERE tenant_id = ${tenantId} AND code = 'FIXED_ALLOWANCE'`);
    await t.database.db.execute(sql`UPDATE statutory_components SET settings = settings || '{"considerAllSalaryComponents": false}'::jsonb WHERE tenant_id = ${tenantId} AND component = 'EPF'`);
    const earnings = data<TenantEarningRow[]>(await call('GET', '/SalaryComponents/earnings'));
    const basicId = earnings.find((e) => e.earningCategory === 'basic')?.id ?? '';
    const hired = data<{ id?: string; userId?: string }>(
      await call('POST', '/Users/restricted', {
        firstName: 'Asha',
        lastName: 'Menon',
        email: 'asha@godavari.example.in',
        dateOfJoining: '2025-01-06',
        experience: 1,
        employeeNumber: 'GT1',
        pan: 'ABCPE1234F',
        bankAccountNumber: '001234567890',
        bankName: 'Canara Bank',
        annualCTC: 360_000,
        regimeType: 1,
        earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 180_000 }],
      }),
    );
    asha = hired.userId ?? hired.id ?? '';
    await t.database.db.execute(sql`UPDATE users SET uan = '100427607286', date_of_birth = '1990-01-01' WHERE id = ${asha}`);
    await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = NULL WHERE id = ${admin.id}`);
    await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 10, lastPayrollYear: 2026 });
    for (const url of ['/PayrollSetup/steps/salaryComponents/complete', '/PayrollSetup/steps/statutoryComponents/complete', '/PayrollSettings/mark-completed', '/PayrollSetup/complete']) await call('POST', url);
    expect((await runMonth()).month).toBe('2026-11');
    // 26 November turns Loss of Pay after November was finalized.
    const [leave] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO leave_requests (tenant_id, user_id, leave_type_id, start_date, end_date, portion, days, status)
          SELECT ${tenantId}, ${asha}, id, '2026-11-26', '2026-11-26', 'full', 1, 1 FROM leave_types WHERE tenant_id = ${tenantId} AND code = 'LOP' RETURNING id`,
    );
    expect((await call('PUT', `/Leaves/${leave?.id ?? ''}/status`, { status: 2 })).statusCode).toBe(200);
    t.clock.set(new Date('2026-12-31T06:00:00Z'));
    admin = await t.login('meera@godavari.example.in', 'Secret123');
    december = await runMonth();
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('December’s payslip carries the recovery and its EPF differences, and keeps the corrected wages', async () => {
    const rows = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${december.id}/employees?pageSize=100`));
    const slip = data<Payslip>(await call('GET', `/Payslips/${rows.find((r) => r.userId === asha)?.payslipId ?? ''}`));
    const amount = (code: string) => slip.lines.find((l) => l.code === code)?.amount;
    expect(amount('LOP_RECOVERY')).toBe(-940);
    expect([amount('LOP_EPF_EE'), amount('LOP_EPS_ER'), amount('LOP_EPF_ER'), amount('EPF_EE'), amount('EPS_ER'), amount('EPF_ER')]).toEqual([-60, -42, -18, 1_800, 1_250, 550]);
    expect(slip.lopDays).toBe(0);
    const [stored] = await queryRows<{ wages: { pfWagePaise: number; corrections?: unknown[] } }>(t.database.db, sql`SELECT wages FROM payslips WHERE user_id = ${asha} AND run_id = ${december.id}`);
    expect(stored?.wages.pfWagePaise).toBe(1_500_000);
    expect(stored?.wages.corrections).toEqual([{ month: '2026-11', kind: 'lop', pfWagePaise: -50_000, epsWagePaise: -50_000, edliWagePaise: -50_000, esiWagePaise: 0 }]);
  });

  it('December’s ECR reports the corrected wages and contributions; NCP days are December’s own', async () => {
    const ecr = data<EcrCheck>(await call('GET', `/PayrollRuns/${december.id}/filings/ecr`));
    // Gross wages: December's 28,200 less the 940 recovered.
    const gross = 27_260;
    expect(ecr.errors).toEqual([]);
    expect(ecr.lines).toHaveLength(1);
    expect(ecr.lines[0]).toMatchObject({ uan: '100427607286', grossWages: gross, epfWages: 14_500, epsWages: 14_500, edliWages: 14_500, employeeShare: 1_740, epsShare: 1_208, employerShare: 532, ncpDays: 0 });
    const file = await call('GET', `/PayrollRuns/${december.id}/filings/ecr.txt`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toBe(`100427607286#~#ASHA MENON#~#${String(gross)}#~#14500#~#14500#~#14500#~#1740#~#1208#~#532#~#0#~#0`);
  });

  it('the journal names the recovery once for the month and groups its EPF lines as statutory', async () => {
    const journal = data<Journal>(await call('GET', `/PayrollRuns/${december.id}/filings/journal`));
    expect(journal.unmapped.find((u) => u.code === 'LOP_RECOVERY')).toMatchObject({ label: 'Loss of Pay recovered (earlier months)', amount: -940 });
    const accounts = data<{ code: string; group: string }[]>(await call('GET', `/PayrollLedgerAccounts?runId=${december.id}`));
    expect(accounts.find((a) => a.code === 'LOP_EPF_EE')?.group).toBe('Statutory');
    expect(accounts.find((a) => a.code === 'LOP_RECOVERY')?.group).toBe('Earnings');
  });

  it('another organisation cannot read December’s returns', async () => {
    const outsider = await t.registerOrganisation({ organizationName: 'Krishna Weavers' });
    expect((await call('GET', `/PayrollRuns/${december.id}/filings/ecr`, undefined, outsider)).statusCode).toBe(404);
  });
});
