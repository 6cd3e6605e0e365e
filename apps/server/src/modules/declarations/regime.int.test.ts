import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DECLARATION_MSG,
  REGIME_MSG,
  TAX_WINDOW_MSG,
  type Declaration,
  type DeclarationSummary,
  type PayrollEmployeeRow,
  type PayrollRun,
  type Payslip,
  type RegimeSwitchResult,
  type SessionUser,
  type TaxComparison,
} from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Regime comparison and switch through HTTP: both calls for each role and another
 * organisation, every message of payroll spec §5/§8, the comparison's figure for the current regime
 * against the summary's total tax, and a switch that changes the next run's TDS but no finalized month.
 *
 * 4 May 2026 in Kolkata: FY 2026-27; April 2026 is the payroll month to run.
 */
const MAY_4 = new Date('2026-05-04T06:00:00Z');
const YEAR = { financialYearStart: 2026, financialYearEnd: 2027 };
const YEAR_QUERY = 'financialYearStart=2026&financialYearEnd=2027';

const rentAnd80C = {
  ...YEAR,
  isRentedAccomodation: true,
  houseRentDetails: [{ rentalPeriodStart: '2026-04', rentalPeriodEnd: '2027-03', totalAmount: 360000, address: '12 MG Road, Bengaluru', landlordName: 'R. Iyer', landlordPan: 'ABCPI1234K', urbanizationType: 'NonMetro' }],
  deductions: [
    { deductionItemId: 101, declaredAmount: 150000 },
    { deductionItemId: 201, declaredAmount: 25000 },
  ],
  isDraft: false,
  isSubmitted: true,
};

type Reply = { statusCode: number; body: string; json(): unknown };

describe.each(BACKENDS)('Regime comparison and switch (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;

  const call = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: Reply): T => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const error = (res: Reply, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as { message: string; errors?: Record<string, string> };
  };
  const compare = async (user: SessionUser, userId?: string) => data<TaxComparison>(await call(user, 'GET', `/ITDeclaration/tax-comparison?${YEAR_QUERY}${userId ? `&userId=${userId}` : ''}`));
  const row = (c: TaxComparison, particulars: string) => c.comparisonItems.find((i) => i.particulars === particulars);
  const totalOf = (c: TaxComparison, regime: 0 | 1) => (regime === 0 ? row(c, 'Total Tax')?.oldRegimeValue : row(c, 'Total Tax')?.newRegimeValue) ?? -1;
  const switchTo = (user: SessionUser, newRegimeType: unknown, userId?: string) => call(user, 'POST', `/ITDeclaration/switch-regime${userId ? `?userId=${userId}` : ''}`, { newRegimeType, ...YEAR });
  const setWindow = (kind: 'declaration' | 'poi', fields: { status?: number; allow?: boolean }) =>
    t.database.db.execute(
      sql`UPDATE tax_windows SET status = COALESCE(${fields.status ?? null}::smallint, status), allow_regime_switch = COALESCE(${fields.allow ?? null}::boolean, allow_regime_switch) WHERE tenant_id = ${admin.tenantId} AND kind = ${kind}`,
    );

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: MAY_4 });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    await t.database.db.execute(sql`DELETE FROM tax_declarations WHERE tenant_id = ${admin.tenantId}`);
    await t.database.db.execute(sql`DELETE FROM tax_windows WHERE tenant_id = ${admin.tenantId}`);
    // The member's salary structure says New (the demo draws regimes at random), on a CTC of ₹18,00,000 (tax in both regimes).
    await t.database.db.execute(sql`UPDATE users SET regime_type = 1, annual_ctc_paise = 180000000 WHERE id = ${member.id}`);
    // The IT declaration window of FY 2026-27, released, regime switching not (yet) allowed; the POI window released too.
    data(await call(admin, 'POST', '/ITDeclaration/config', { endDate: '2026-05-31', ...YEAR, allowRegimeSwitch: false }));
    data(await call(admin, 'POST', '/POI/config', { endDate: '2026-05-31', ...YEAR, allowRegimeSwitch: false, processPayrollFromMonth: '04' }));
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('GET tax-comparison: the twelve rows from the member’s salary, the structure’s regime as current, switching not allowed', async () => {
    const c = await compare(member);
    expect(c.comparisonItems.map((i) => i.particulars)).toEqual([
      'Gross Salary',
      'Exemptions under Section 10',
      'Deductions under Section 16',
      'Deduction under section 24',
      'Income from Other Sources',
      'Deduction under Section 80C',
      'Other Deduction under Chapter VI-A',
      'Taxable Salary',
      'Base Tax',
      'Surcharge',
      'Education Cess',
      'Total Tax',
    ]);
    expect(c).toMatchObject({ employeeId: member.id, ...YEAR, currentTaxRegime: 1, isAllowedRegimeSwitchIT: false, isAllowedRegimeSwitchPOI: false, hasDeclaration: false, regimeChangedAt: null });
    expect(row(c, 'Gross Salary')?.oldRegimeValue).toBeGreaterThan(0);
    expect(row(c, 'Gross Salary')?.oldRegimeValue).toBe(row(c, 'Gross Salary')?.newRegimeValue);
    // s.16: 50,000 + PT in the old regime, 75,000 in the new.
    expect(row(c, 'Deductions under Section 16')?.newRegimeValue).toBe(75000);
    expect(row(c, 'Deductions under Section 16')?.oldRegimeValue).toBeGreaterThanOrEqual(50000);
    expect(c.annualSavings).toBe(Math.abs(totalOf(c, 0) - totalOf(c, 1)));
    expect(c.recommendedRegime).toBe(totalOf(c, 0) < totalOf(c, 1) ? 0 : 1);
    // Defaults to the current financial year.
    expect(data<TaxComparison>(await call(member, 'GET', '/ITDeclaration/tax-comparison')).financialYearStart).toBe(2026);
  });

  it('validation: switch when not allowed, no regime, a bad regime, bad years; nothing written', async () => {
    expect(error(await switchTo(member, 0), 409).message).toBe(REGIME_MSG.notAllowed);
    expect(error(await switchTo(member, undefined), 400).errors?.newRegimeType).toBe(REGIME_MSG.selectRegime);
    expect(error(await switchTo(member, null), 400).errors?.newRegimeType).toBe(REGIME_MSG.selectRegime);
    expect(error(await switchTo(member, 2), 400).errors?.newRegimeType).toBe(REGIME_MSG.selectRegime);
    expect(error(await call(member, 'POST', '/ITDeclaration/switch-regime', { newRegimeType: 0, financialYearStart: 2026, financialYearEnd: 2028 }), 400).errors?.financialYearEnd).toBe(TAX_WINDOW_MSG.financialYearPair);
    expect(error(await call(member, 'POST', '/ITDeclaration/switch-regime', { newRegimeType: 0, financialYearStart: 'soon', financialYearEnd: 2027 }), 400).errors?.financialYearStart).toBe('financialYearStart must be a year');
    expect(error(await call(member, 'POST', '/ITDeclaration/switch-regime', { newRegimeType: 0, financialYearStart: 2030, financialYearEnd: 2031 }), 400).message).toBe(DECLARATION_MSG.noTaxRules('2030-31'));
    expect(error(await call(member, 'GET', '/ITDeclaration/tax-comparison?financialYearStart=2026&financialYearEnd=2028'), 400).errors?.financialYearEnd).toBe(TAX_WINDOW_MSG.financialYearPair);
    expect(error(await call(member, 'GET', '/ITDeclaration/tax-comparison?financialYearStart=2026'), 400).errors?.financialYearEnd).toBe(TAX_WINDOW_MSG.financialYearPair);
    expect(error(await call(member, 'GET', '/ITDeclaration/tax-comparison?financialYearStart=20x6&financialYearEnd=2027'), 400).errors?.financialYearStart).toBe('financialYearStart must be a year');
    expect(error(await call(member, 'GET', '/ITDeclaration/tax-comparison?financialYearStart=2030&financialYearEnd=2031'), 400).message).toBe(DECLARATION_MSG.noTaxRules('2030-31'));
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM tax_declarations WHERE tenant_id = ${admin.tenantId}`);
    expect(n).toBe(0);
  });

  it('allowed by the IT window while released, or by the POI window during proofs (isAllowedRegimeSwitchIT / POI)', async () => {
    await setWindow('declaration', { allow: true });
    expect(await compare(member)).toMatchObject({ isAllowedRegimeSwitchIT: true, isAllowedRegimeSwitchPOI: false });
    // Locked IT window: its switch no longer counts.
    await setWindow('declaration', { status: 0 });
    expect(await compare(member)).toMatchObject({ isAllowedRegimeSwitchIT: false, isAllowedRegimeSwitchPOI: false });
    expect(error(await switchTo(member, 0), 409).message).toBe(REGIME_MSG.notAllowed);
    // The POI window allows it during proofs.
    await setWindow('poi', { allow: true });
    expect(await compare(member)).toMatchObject({ isAllowedRegimeSwitchIT: false, isAllowedRegimeSwitchPOI: true });
    // Same regime as now, no declaration: nothing to store.
    const same = await switchTo(member, 1);
    expect(same.json()).toMatchObject({ statusCode: 200, message: REGIME_MSG.unchanged('New Regime'), data: { taxRegime: 1, changed: false, declarationId: null } });
    await setWindow('poi', { allow: false });
    await setWindow('declaration', { status: 1 });
  });

  it('switch without a declaration: an empty draft carries the regime; then the member declares and the comparison’s current column is the summary’s total tax', async () => {
    const res = await switchTo(member, 0);
    expect(res.json()).toMatchObject({ statusCode: 200, message: REGIME_MSG.switched('Old Regime') });
    const switched = data<RegimeSwitchResult>(res);
    expect(switched).toMatchObject({ employeeId: member.id, taxRegime: 0, changed: true, ...YEAR });
    const draft = data<Declaration>(await call(member, 'GET', `/ITDeclaration/declarations?${YEAR_QUERY}`));
    expect(draft).toMatchObject({ id: switched.declarationId, status: 0, isDraft: true, regime: 0, deductions: [], houseRentDetails: [] });
    let c = await compare(member);
    expect(c).toMatchObject({ currentTaxRegime: 0, hasDeclaration: true });
    expect(c.regimeChangedAt).toBe(MAY_4.toISOString());

    // The member fills the draft in and submits it.
    data(await call(member, 'PUT', `/ITDeclaration/declarations/${draft.id}`, rentAnd80C));
    c = await compare(member);
    const summary = data<DeclarationSummary>(await call(member, 'GET', `/ITDeclaration/summary?${YEAR_QUERY}`));
    expect(summary.taxRegime).toBe(0);
    expect(totalOf(c, 0)).toBe(summary.totalTax);
    expect(row(c, 'Taxable Salary')?.oldRegimeValue).toBe(summary.netTaxableIncome);
    expect(row(c, 'Deduction under Section 80C')?.oldRegimeValue).toBe(150000);
    expect(row(c, 'Other Deduction under Chapter VI-A')?.oldRegimeValue).toBe(25000);
    expect(row(c, 'Exemptions under Section 10')?.oldRegimeValue).toBe(summary.computation.exemptions);
    expect(row(c, 'Exemptions under Section 10')?.newRegimeValue).toBe(0);

    // Back to New: the summary follows, and its total is the comparison's new column.
    expect((await switchTo(member, 1)).json()).toMatchObject({ statusCode: 200, message: REGIME_MSG.switched('New Regime'), data: { changed: true, declarationId: draft.id } });
    const after = data<DeclarationSummary>(await call(member, 'GET', `/ITDeclaration/summary?${YEAR_QUERY}`));
    expect(after.taxRegime).toBe(1);
    expect(after.totalTax).toBe(totalOf(await compare(member), 1));
  });

  it('roles: a member sees and switches only their own; administrators and moderators may view an employee’s; an administrator switches for them', async () => {
    expect(error(await call(member, 'GET', `/ITDeclaration/tax-comparison?userId=${admin.id}`), 403)).toBeDefined();
    expect(error(await switchTo(member, 0, admin.id), 403)).toBeDefined();
    for (const viewer of [admin, moderator]) {
      const seen = await compare(viewer, member.id);
      expect(seen).toMatchObject({ employeeId: member.id, currentTaxRegime: 1, hasDeclaration: true });
      expect(seen.comparisonItems).toEqual((await compare(member)).comparisonItems);
    }
    // The administrator's own comparison is their own.
    expect((await compare(admin)).employeeId).toBe(admin.id);
    const res = await switchTo(admin, 0, member.id);
    expect(data<RegimeSwitchResult>(res)).toMatchObject({ employeeId: member.id, taxRegime: 0, changed: true });
    expect((await compare(member)).currentTaxRegime).toBe(0);
    data(await switchTo(admin, 1, member.id));
  });

  it('another organisation reads and changes nothing', async () => {
    expect(error(await call(other, 'GET', `/ITDeclaration/tax-comparison?userId=${member.id}`), 404).message).toBe(DECLARATION_MSG.employeeNotFound);
    expect(error(await switchTo(other, 0, member.id), 404).message).toBe(DECLARATION_MSG.employeeNotFound);
    expect((await compare(member)).currentTaxRegime).toBe(1);
    // Its own: no window in that organisation, so no switching.
    expect(await compare(other)).toMatchObject({ employeeId: other.id, isAllowedRegimeSwitchIT: false, isAllowedRegimeSwitchPOI: false });
    expect(error(await switchTo(other, 0), 409).message).toBe(REGIME_MSG.notAllowed);
  });

  it('payroll: a switch changes the open run’s TDS and the next month’s, never a finalized month', async () => {
    await t.database.db.execute(sql`DELETE FROM attendance_days WHERE tenant_id = ${admin.tenantId} AND work_date BETWEEN '2026-04-01' AND '2026-05-31'`);
    await t.database.db.execute(sql`DELETE FROM leave_requests WHERE tenant_id = ${admin.tenantId} AND start_date <= '2026-05-31' AND end_date >= '2026-04-01'`);
    await call(admin, 'PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 3, lastPayrollYear: 2026 });
    await call(admin, 'POST', '/PayrollSetup/steps/salaryComponents/complete');
    await call(admin, 'POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await call(admin, 'POST', '/PayrollSettings/mark-completed');
    await call(admin, 'POST', '/PayrollSetup/complete');
    const april = data<PayrollRun>(await call(admin, 'GET', '/PayrollRuns/current'));
    expect(april.month).toBe('2026-04');
    const slipOf = async (run: PayrollRun) => {
      const rows = data<PayrollEmployeeRow[]>(await call(admin, 'GET', `/PayrollRuns/${run.id}/employees?pageSize=100`));
      const r = rows.find((x) => x.userId === member.id);
      return data<Payslip>(await call(admin, 'GET', `/Payslips/${r?.payslipId ?? ''}`));
    };
    const tdsOf = (slip: Payslip) => slip.lines.find((l) => l.code === 'TDS')?.amount ?? 0;
    const yearTaxLine = (slip: Payslip) => slip.lines.find((l) => l.code === 'TDS')?.explanation?.find((l) => l.startsWith('Tax for the year')) ?? '';
    const inr = (rupees: number) => `₹${rupees.toLocaleString('en-IN')}`;

    // New regime: April's TDS is the new column's total ÷ 12.
    const before = await compare(member);
    expect((await call(admin, 'POST', `/PayrollRuns/${april.id}/process`)).statusCode).toBe(202);
    await t.drainJobs();
    const aprilNew = await slipOf(april);
    expect(aprilNew.taxRegime).toBe(1);
    expect(tdsOf(aprilNew)).toBe(Math.round(totalOf(before, 1) / 12));

    // Switch to Old: the processed run recomputes the member at once; processing again gives the same.
    data(await switchTo(member, 0));
    const aprilOld = await slipOf(april);
    expect(aprilOld.taxRegime).toBe(0);
    expect(yearTaxLine(aprilOld)).toContain(`= ${inr(totalOf(before, 0))}`);
    expect(tdsOf(aprilOld)).toBe(Math.round(totalOf(before, 0) / 12));
    expect(tdsOf(aprilOld)).not.toBe(tdsOf(aprilNew));
    expect((await call(admin, 'POST', `/PayrollRuns/${april.id}/process`)).statusCode).toBe(202);
    await t.drainJobs();
    expect(tdsOf(await slipOf(april))).toBe(tdsOf(aprilOld));

    // April finalized; back to New: April stays as paid, May's run works in the New regime.
    data(await call(admin, 'POST', `/PayrollRuns/${april.id}/finalize`));
    data(await switchTo(member, 1));
    const aprilFinal = await slipOf(april);
    expect(aprilFinal.taxRegime).toBe(0);
    expect(tdsOf(aprilFinal)).toBe(tdsOf(aprilOld));
    const afterSwitch = await compare(member);
    const may = data<PayrollRun>(await call(admin, 'GET', '/PayrollRuns/current'));
    expect(may.month).toBe('2026-05');
    expect((await call(admin, 'POST', `/PayrollRuns/${may.id}/process`)).statusCode).toBe(202);
    await t.drainJobs();
    const maySlip = await slipOf(may);
    expect(maySlip.taxRegime).toBe(1);
    expect(yearTaxLine(maySlip)).toContain(`= ${inr(totalOf(afterSwitch, 1))}`);
    // Eleven months left, April's old-regime TDS already deducted.
    expect(tdsOf(maySlip)).toBe(Math.max(0, Math.round((totalOf(afterSwitch, 1) - tdsOf(aprilOld)) / 11)));
  });
});
