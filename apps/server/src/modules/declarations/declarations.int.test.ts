import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DECLARATION_MSG, type Declaration, type DeclarationSummary, type DeductionOptionCategory, type PayrollRun, type PayrollEmployeeRow, type Payslip, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * The employee's IT declaration through HTTP: every call of payroll spec §7
 * "Employee declaration" for each role and another organisation, the §5/§8 messages, and the summary's
 * tax against the payroll run's TDS (one calculation path).
 *
 * 4 May 2026 in Kolkata: FY 2026-27; April 2026 is the payroll month to run (nothing paid yet this year).
 */
const MAY_4 = new Date('2026-05-04T06:00:00Z');
const YEAR = { financialYearStart: 2026, financialYearEnd: 2027 };

const rentAnd80C = {
  ...YEAR,
  isRentedAccomodation: true,
  houseRentDetails: [{ rentalPeriodStart: '2026-04', rentalPeriodEnd: '2027-03', totalAmount: 240000, address: '12 MG Road, Bengaluru', landlordName: 'R. Iyer', landlordPan: 'ABCPI1234K', urbanizationType: 'NonMetro' }],
  deductions: [
    { deductionItemId: 101, declaredAmount: 100000 },
    { deductionItemId: 102, declaredAmount: 30000 },
  ],
  isDraft: false,
  isSubmitted: true,
};

describe.each(BACKENDS)('IT declaration (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let memberDeclaration: Declaration;

  const call = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const error = (res: { statusCode: number; body: string; json(): unknown }, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as { message: string; errors?: Record<string, string> };
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: MAY_4 });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    // The declarations window of FY 2026-27, released with the month's last day as lock date.
    await t.database.db.execute(sql`DELETE FROM tax_declarations WHERE tenant_id = ${admin.tenantId}`);
    await t.database.db.execute(sql`DELETE FROM tax_windows WHERE tenant_id = ${admin.tenantId}`);
    data(await call(admin, 'POST', '/ITDeclaration/config', { endDate: '2026-05-31', ...YEAR, allowRegimeSwitch: true }));
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('GET deduction-options: the catalogue with item limits, for every role', async () => {
    for (const user of [admin, moderator, member]) {
      const categories = data<DeductionOptionCategory[]>(await call(user, 'GET', '/ITDeclaration/deduction-options'));
      expect(categories.map((c) => [c.categoryId, c.label, c.limit])).toEqual([
        [1, '80C Investments', 150000],
        [2, '80D Exemptions', 100000],
        [3, 'Other Investments', null],
      ]);
      expect(categories[1]?.items.find((i) => i.itemId === 205)).toEqual({ itemId: 205, name: 'Preventive Health Check-up', maxLimit: 5000 });
    }
  });

  it('GET declarations: null before any, for the member and an administrator looking at the member', async () => {
    expect(data(await call(member, 'GET', '/ITDeclaration/declarations?financialYearStart=2026&financialYearEnd=2027'))).toBeNull();
    expect(data(await call(admin, 'GET', `/ITDeclaration/declarations?employeeId=${member.id}`))).toBeNull();
    expect(data(await call(member, 'GET', '/ITDeclaration/summary'))).toBeNull();
  });

  it('validation: each rule of the form answers its message and writes nothing', async () => {
    const post = async (body: Record<string, unknown>) => error(await call(member, 'POST', '/ITDeclaration/declarations', { ...rentAnd80C, ...body }), 400);
    const rent = rentAnd80C.houseRentDetails[0];
    expect((await post({ deductions: [{ deductionItemId: 101, declaredAmount: 150000 }, { deductionItemId: 103, declaredAmount: 10000 }] })).errors).toEqual({ 'deductions.80C': DECLARATION_MSG.sec80CExceeded });
    expect((await post({ deductions: [{ deductionItemId: 101, declaredAmount: 150000 }, { deductionItemId: 103, declaredAmount: 10000 }] })).message).toBe(DECLARATION_MSG.blockedSubmitToast);
    expect(
      (await post({ deductions: [201, 202, 203, 204].map((id) => ({ deductionItemId: id, declaredAmount: 50000 })) })).errors,
    ).toEqual({ 'deductions.80D': DECLARATION_MSG.sec80DExceeded });
    expect((await post({ deductions: [{ deductionItemId: 999, declaredAmount: 1 }] })).message).toBe(DECLARATION_MSG.unknownDeductionItem);
    expect((await post({ houseRentDetails: [] })).message).toBe(DECLARATION_MSG.rentedHouseRequired);
    expect((await post({ houseRentDetails: [{ ...rent, rentalPeriodStart: '2026-09', rentalPeriodEnd: '2026-06' }] })).message).toBe(DECLARATION_MSG.rentPeriodOrder);
    expect((await post({ houseRentDetails: [{ ...rent, rentalPeriodStart: '2026-01' }] })).message).toBe(DECLARATION_MSG.rentPeriodOutsideYear);
    expect(
      (await post({ houseRentDetails: [{ ...rent, rentalPeriodEnd: '2026-09', totalAmount: 60000 }, { ...rent, rentalPeriodStart: '2026-09', totalAmount: 60000 }] })).message,
    ).toBe(DECLARATION_MSG.rentOverlap);
    expect((await post({ houseRentDetails: [{ ...rent, totalAmount: 0 }] })).message).toBe(DECLARATION_MSG.rentAmountRequired);
    expect((await post({ houseRentDetails: [{ ...rent, landlordPan: null }] })).message).toBe(DECLARATION_MSG.landlordPanRequired);
    expect((await post({ houseRentDetails: [{ ...rent, landlordPan: 'NOTAPAN' }] })).errors?.['houseRentDetails.0.landlordPan']).toBe(DECLARATION_MSG.panInvalid);
    expect((await post({ isLetOutProperty: true, letOutProperties: [] })).message).toBe(DECLARATION_MSG.letOutRequired);
    expect((await post({ hasLoanOnSelfOccupiedHome: true })).message).toBe(DECLARATION_MSG.homeLoanRequired);
    expect((await post({ isDraft: true, isSubmitted: true })).errors?.isSubmitted).toBe(DECLARATION_MSG.draftNotSubmitted);
    expect((await post({ financialYearEnd: 2028 })).errors?.financialYearEnd).toBeDefined();
    expect((await post({ interestFromFD: -5 })).errors?.interestFromFD).toMatch(/Interest from fixed deposits must be between/);
    expect((await post({ financialYearStart: 2030, financialYearEnd: 2031 })).message).toBe(DECLARATION_MSG.yearNotOpen);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM tax_declarations WHERE tenant_id = ${admin.tenantId}`);
    expect(n).toBe(0);
  });

  it('POST declarations: the member submits rent and 80C; items clamped to their limits; a second POST is refused', async () => {
    const res = await call(member, 'POST', '/ITDeclaration/declarations', { ...rentAnd80C, deductions: [...rentAnd80C.deductions, { deductionItemId: 205, declaredAmount: 9000 }] });
    expect(res.json()).toMatchObject({ statusCode: 200, message: DECLARATION_MSG.added });
    memberDeclaration = data<Declaration>(res);
    expect(memberDeclaration).toMatchObject({ employeeId: member.id, status: 1, isDraft: false, isSubmitted: true, isRentedAccomodation: true, ...YEAR });
    expect(memberDeclaration.houseRentDetails[0]).toMatchObject({ rentalPeriodStart: '2026-04', rentalPeriodEnd: '2027-03', totalAmount: 240000, urbanizationType: 'NonMetro', landlordPan: 'ABCPI1234K' });
    // Payroll spec §5: the check-up item is clamped to its ₹5,000 limit.
    expect(memberDeclaration.deductions.map((d) => [d.deductionItemId, d.categoryId, d.declaredAmount])).toEqual([
      [101, 1, 100000],
      [102, 1, 30000],
      [205, 2, 5000],
    ]);
    expect(memberDeclaration.declaredAmount).toBe(240000 + 135000);
    expect(error(await call(member, 'POST', '/ITDeclaration/declarations', rentAnd80C), 409).message).toBe(DECLARATION_MSG.alreadyExists);
  });

  it('PUT declarations: update by id keeps row ids; let-out figures are computed (NAV, 30%, net after interest)', async () => {
    const body = {
      ...rentAnd80C,
      houseRentDetails: memberDeclaration.houseRentDetails.map((r) => ({ ...r, totalAmount: 240000 })),
      isLetOutProperty: true,
      letOutProperties: [{ annualRentReceived: 300000, municipalTaxesPaid: 20000, hasHomeLoan: true, homeLoanDetail: { principalPaidOnHomeLoan: 40000, interestPaidOnHomeLoan: 250000, lenderName: 'SBI', lenderPan: null } }],
    };
    const res = await call(member, 'PUT', `/ITDeclaration/declarations/${memberDeclaration.id}`, body);
    expect(res.json()).toMatchObject({ statusCode: 200, message: DECLARATION_MSG.updated });
    const updated = data<Declaration>(res);
    expect(updated.houseRentDetails[0]?.id).toBe(memberDeclaration.houseRentDetails[0]?.id);
    // NAV 3,00,000 − 20,000 = 2,80,000; 30% = 84,000; net = 2,80,000 − 84,000 − 2,50,000 = −54,000.
    expect(updated.letOutProperties[0]).toMatchObject({ netAnnualValue: 280000, standardDeduction: 84000, netIncomeOrLoss: -54000, hasHomeLoan: true });
    expect(updated.letOutProperties[0]?.homeLoanDetail).toMatchObject({ principalPaidOnHomeLoan: 40000, interestPaidOnHomeLoan: 250000, lenderName: 'SBI' });
    // Back to rent and 80C only (the let-out property answered No is removed).
    memberDeclaration = data<Declaration>(await call(member, 'PUT', `/ITDeclaration/declarations/${memberDeclaration.id}`, rentAnd80C));
    expect(memberDeclaration.letOutProperties).toEqual([]);
    expect(error(await call(member, 'PUT', `/ITDeclaration/declarations/${memberDeclaration.id}`, { ...rentAnd80C, isDraft: true, isSubmitted: false }), 400).message).toBe(DECLARATION_MSG.draftAfterSubmit);
    expect(error(await call(member, 'PUT', `/ITDeclaration/declarations/${memberDeclaration.id}`, { ...rentAnd80C, financialYearStart: 2025, financialYearEnd: 2026 }), 400).message).toBe(DECLARATION_MSG.yearMismatch);
    expect(error(await call(member, 'PUT', '/ITDeclaration/declarations/00000000-0000-4000-8000-000000000000', rentAnd80C), 404).message).toBe(DECLARATION_MSG.notFound);
  });

  it('roles: a member cannot read or write another employee’s; administrators and moderators can, on behalf', async () => {
    expect(error(await call(member, 'GET', `/ITDeclaration/declarations?employeeId=${admin.id}`), 403).message).toBeDefined();
    expect(error(await call(member, 'POST', '/ITDeclaration/declarations', { ...rentAnd80C, employeeId: admin.id }), 403)).toBeDefined();
    expect(error(await call(member, 'GET', `/ITDeclaration/summary?userId=${admin.id}`), 403)).toBeDefined();
    const seen = data<Declaration>(await call(moderator, 'GET', `/ITDeclaration/declarations?employeeId=${member.id}&financialYearStart=2026&financialYearEnd=2027`));
    expect(seen.id).toBe(memberDeclaration.id);
    // The administrator submits for the moderator (employee profile, Investments).
    const onBehalf = data<Declaration>(await call(admin, 'POST', '/ITDeclaration/declarations', { ...YEAR, employeeId: moderator.id, deductions: [{ deductionItemId: 103, declaredAmount: 50000 }] }));
    expect(onBehalf).toMatchObject({ employeeId: moderator.id, status: 1, submittedByName: expect.any(String) as string });
    expect(data<DeclarationSummary>(await call(admin, 'GET', `/ITDeclaration/summary?userId=${moderator.id}`))?.declarationId).toBe(onBehalf.id);
  });

  it('another organisation reads and changes nothing', async () => {
    expect(error(await call(other, 'GET', `/ITDeclaration/declarations?employeeId=${member.id}`), 404).message).toBe(DECLARATION_MSG.employeeNotFound);
    expect(error(await call(other, 'GET', `/ITDeclaration/summary?userId=${member.id}`), 404).message).toBe(DECLARATION_MSG.employeeNotFound);
    expect(error(await call(other, 'PUT', `/ITDeclaration/declarations/${memberDeclaration.id}`, rentAnd80C), 404).message).toBe(DECLARATION_MSG.notFound);
    expect(error(await call(other, 'POST', '/ITDeclaration/declarations', { ...rentAnd80C, employeeId: member.id }), 404).message).toBe(DECLARATION_MSG.employeeNotFound);
    expect(data(await call(other, 'GET', '/ITDeclaration/declarations'))).toBeNull();
  });

  it('approved: no more edits; a locked window refuses the employee but not an administrator on behalf', async () => {
    await t.database.db.execute(sql`UPDATE tax_declarations SET status = 4 WHERE id = ${memberDeclaration.id}`);
    expect(error(await call(member, 'PUT', `/ITDeclaration/declarations/${memberDeclaration.id}`, rentAnd80C), 409).message).toBe(DECLARATION_MSG.approvedNoEdit);
    await t.database.db.execute(sql`UPDATE tax_declarations SET status = 1 WHERE id = ${memberDeclaration.id}`);
    await t.database.db.execute(sql`UPDATE tax_windows SET status = 0 WHERE tenant_id = ${admin.tenantId} AND kind = 'declaration'`);
    expect(error(await call(member, 'PUT', `/ITDeclaration/declarations/${memberDeclaration.id}`, rentAnd80C), 409).message).toBe(DECLARATION_MSG.locked);
    data(await call(admin, 'PUT', `/ITDeclaration/declarations/${memberDeclaration.id}`, { ...rentAnd80C, employeeId: member.id }));
    await t.database.db.execute(sql`UPDATE tax_windows SET status = 1 WHERE tenant_id = ${admin.tenantId} AND kind = 'declaration'`);
  });

  it('the summary: status, regime, taxes; and the payroll run uses the same figures, with the declaration in its TDS explanation', async () => {
    // The member intends the old regime (the regime switch changes it; set directly here).
    await t.database.db.execute(sql`UPDATE tax_declarations SET regime = 0 WHERE id = ${memberDeclaration.id}`);
    const summary = data<DeclarationSummary>(await call(member, 'GET', '/ITDeclaration/summary?financialYearStart=2026&financialYearEnd=2027'));
    expect(summary).toMatchObject({ declarationId: memberDeclaration.id, status: 1, windowStatus: 1, lockDate: '2026-05-31', taxRegime: 0, allowRegimeSwitch: true });
    expect(summary.computation.hraExemption).toBeGreaterThan(0);
    expect(summary.computation.section80C).toBeGreaterThanOrEqual(130000);
    expect(summary.taxPerMonth).toBe(Math.round((summary.taxToBePaid * 100) / 12) / 100);

    // Payroll for April 2026 with everyone paid in full (as payroll.agreement.int.test.ts).
    await t.database.db.execute(sql`DELETE FROM attendance_days WHERE tenant_id = ${admin.tenantId} AND work_date BETWEEN '2026-04-01' AND '2026-04-30'`);
    await t.database.db.execute(sql`DELETE FROM leave_requests WHERE tenant_id = ${admin.tenantId} AND start_date <= '2026-04-30' AND end_date >= '2026-04-01'`);
    await call(admin, 'PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 3, lastPayrollYear: 2026 });
    await call(admin, 'POST', '/PayrollSetup/steps/salaryComponents/complete');
    await call(admin, 'POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await call(admin, 'POST', '/PayrollSettings/mark-completed');
    await call(admin, 'POST', '/PayrollSetup/complete');
    const run = data<PayrollRun>(await call(admin, 'GET', '/PayrollRuns/current'));
    expect(run.month).toBe('2026-04');
    expect((await call(admin, 'POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
    await t.drainJobs();
    const rows = data<PayrollEmployeeRow[]>(await call(admin, 'GET', `/PayrollRuns/${run.id}/employees?pageSize=100`));
    const row = rows.find((r) => r.userId === member.id);
    const slip = data<Payslip>(await call(admin, 'GET', `/Payslips/${row?.payslipId ?? ''}`));
    const tds = slip.lines.find((l) => l.code === 'TDS');
    const explanation = tds?.explanation ?? [];
    const inr = (rupees: number) => `₹${rupees.toLocaleString('en-IN')}`;
    // One calculation path: the run's tax for the year is the summary's total tax.
    expect(explanation.find((l) => l.startsWith('Tax for the year'))).toContain(`= ${inr(summary.totalTax)}`);
    expect(explanation.some((l) => l.startsWith('IT declaration for FY 2026-27 (submitted) used'))).toBe(true);
    expect(explanation.some((l) => l.startsWith('IT declaration: rent ₹2,40,000'))).toBe(true);
    // April, 12 months left, nothing deducted yet: the month's TDS is the year's tax ÷ 12.
    expect(tds?.amount).toBe(Math.round(summary.totalTax / 12));
    expect(slip.taxRegime).toBe(0);
  });

  it('after proof review: the allowed amount replaces the declared one, with its explanation line', async () => {
    await t.database.db.execute(sql`UPDATE tax_declaration_deductions SET allowed_amount_paise = 9000000 WHERE declaration_id = ${memberDeclaration.id} AND deduction_item_id = 101`);
    const summary = data<DeclarationSummary>(await call(member, 'GET', '/ITDeclaration/summary'));
    expect(summary.computation.reviewLines).toContain('80C: declared ₹1,30,000, allowed ₹1,20,000 after proof review');
  });
});
