import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, SALARY_MSG, type SalaryStructureView, type SessionUser, type StatutoryTables, type TenantDeductionRow, type TenantEarningRow } from '@tankha/contracts';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import { DEMO_LOGINS } from '../../seed/demo';

/**
 * Salary components and statutory settings over HTTP (payroll spec §3, §7 "Salary
 * structure"). Validation messages are the contract's, prefixed with the field by the error handler.
 */
describe.each(BACKENDS)('salary components and statutory settings (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2025-06-15T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Godavari Mills' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: string, url: string, body?: unknown, token = admin.token) => t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  const earnings = async (token = admin.token) => (await call('GET', '/SalaryComponents/earnings', undefined, token)).json().data as TenantEarningRow[];
  const deductions = async (token = admin.token) => (await call('GET', '/SalaryComponents/deductions', undefined, token)).json().data as TenantDeductionRow[];
  const byCode = async (code: string) => {
    const row = (await earnings()).find((e) => e.code === code);
    if (!row) throw new Error(`no earning ${code}`);
    return row;
  };
  const earningBody = (overrides: Record<string, unknown> = {}) => ({
    earningType: 'custom',
    earningName: 'Shift Allowance',
    nameInPayslip: 'Shift Allowance',
    calculationType: 3,
    calculationValue: 12_000,
    isFixedPay: true,
    isPartOfSalaryStructure: false,
    isTaxableEarning: true,
    isProRateBasis: true,
    epfContributionType: 0,
    isConsideredForESI: true,
    isActive: true,
    ...overrides,
  });
  const bodyOf = (e: TenantEarningRow, overrides: Record<string, unknown> = {}) => ({
    earningName: e.earningName,
    nameInPayslip: e.nameInPayslip,
    calculationType: e.calculationType,
    calculationValue: e.calculationValue,
    isFixedPay: e.isFixedPay,
    isPartOfSalaryStructure: e.isPartOfSalaryStructure,
    isTaxableEarning: e.isTaxableEarning,
    isProRateBasis: e.isProRateBasis,
    epfContributionType: e.epfContributionType,
    isConsideredForESI: e.isConsideredForESI,
    isActive: e.isActive,
    ...overrides,
  });

  describe('earnings', () => {
    it('lists earning types with their defaults; basic, HRA and the fixed allowance are singletons', async () => {
      const res = await call('GET', '/SalaryComponents/earning-types');
      expect(res.statusCode).toBe(200);
      const types = res.json().data as { key: string; category: string; code: string | null; epfContributionType: number }[];
      expect(types.find((x) => x.key === 'basic')).toMatchObject({ category: 'basic', code: 'BASIC', epfContributionType: 1 });
      expect(types.find((x) => x.key === 'dearnessAllowance')).toMatchObject({ code: 'DA', epfContributionType: 1 });
      expect(types.find((x) => x.key === 'custom')).toMatchObject({ category: 'other', code: null });
    });

    it('lists earnings with how many employees have each', async () => {
      const list = await earnings();
      expect(list.find((e) => e.code === 'BASIC')?.employeeCount).toBeGreaterThan(5);
      // LTA is not in the default structure, so nobody got it on invite.
      expect(list.find((e) => e.code === 'LTA')?.employeeCount).toBe(0);
    });

    it('adds an earning: code from the name, flat annual amount, 201 with the spec-style message', async () => {
      const res = await call('POST', '/SalaryComponents/earnings', earningBody());
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(SALARY_MSG.earningCreated);
      expect(res.json().data).toMatchObject({ earningName: 'Shift Allowance', code: 'SHIFT_ALLOWANCE', earningCategory: 'other', calculationType: 3, calculationValue: 12_000, employeeCount: 0, isActive: true });
      const list = await earnings();
      // Added before the fixed allowance, which stays last (it is the remainder).
      expect(list.map((e) => e.code).slice(-2)).toEqual(['SHIFT_ALLOWANCE', 'FIXED_ALLOWANCE']);
    });

    it('refuses a second earning with the same name, whatever its case (409 naming the field)', async () => {
      const res = await call('POST', '/SalaryComponents/earnings', earningBody({ earningName: 'shift allowance' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: SALARY_MSG.earningNameExists('Shift Allowance'), errors: { earningName: SALARY_MSG.earningNameExists('Shift Allowance') } });
    });

    it('refuses a second basic (there is one per organisation)', async () => {
      const res = await call('POST', '/SalaryComponents/earnings', earningBody({ earningType: 'basic', earningName: 'Basic Two', calculationType: 1, calculationValue: 40 }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(SALARY_MSG.singletonExists('Basic'));
    });

    it.each([
      ['earningType', { earningType: undefined }, SALARY_MSG.earningTypeRequired],
      ['earningName', { earningName: '  ' }, SALARY_MSG.earningNameRequired],
      ['earningName', { earningName: 'x'.repeat(101) }, SALARY_MSG.earningNameTooLong],
      ['nameInPayslip', { nameInPayslip: '' }, SALARY_MSG.nameInPayslipRequired],
      ['calculationType', { calculationType: 9 }, SALARY_MSG.calculationTypeInvalid],
      ['calculationValue', { calculationType: 1, calculationValue: 120 }, SALARY_MSG.percentInvalid],
      ['calculationValue', { calculationType: 5, calculationValue: 10.555 }, SALARY_MSG.percentInvalid],
      ['calculationValue', { calculationType: 3, calculationValue: 1.005 }, 'Amount must have at most two decimal places'],
      ['calculationValue', { calculationType: 3, calculationValue: -1 }, 'Amount must be between ₹0 and ₹1,00,00,00,000'],
      ['calculationValue', { calculationType: 4, calculationValue: ' ' }, SALARY_MSG.formulaRequired],
      ['calculationValue', { calculationType: 4, calculationValue: 'BASIC * "x"' }, 'Formula: Only numbers are allowed as literals, not "x"'],
      ['epfContributionType', { epfContributionType: 5 }, SALARY_MSG.epfContributionInvalid],
      ['isTaxableEarning', { isTaxableEarning: 'yes' }, SALARY_MSG.flagInvalid('isTaxableEarning')],
    ])('400 naming %s: %s', async (field, overrides, message) => {
      const before = (await earnings()).length;
      const res = await call('POST', '/SalaryComponents/earnings', earningBody({ earningName: 'Night Allowance', ...overrides }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${field}: ${message}`);
      expect((await earnings()).length).toBe(before);
    });

    it('checks formulas against the organisation’s codes: an unknown name is refused and nothing is written', async () => {
      const res = await call('POST', '/SalaryComponents/earnings', earningBody({ earningName: 'Night Allowance', calculationType: 4, calculationValue: 'FOO * 2' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("calculationValue: Formula of 'Night Allowance' uses unknown name 'FOO'");
      expect((await earnings()).some((e) => e.earningName === 'Night Allowance')).toBe(false);
    });

    it('a formula over BASIC works and shows in the structure; a cycle is refused', async () => {
      const a = await call('POST', '/SalaryComponents/earnings', earningBody({ earningName: 'Night Allowance', calculationType: 4, calculationValue: 'BASIC * 0.1', isPartOfSalaryStructure: true }));
      expect(a.statusCode).toBe(201);
      const b = await call('POST', '/SalaryComponents/earnings', earningBody({ earningName: 'Night Bonus', calculationType: 4, calculationValue: 'NIGHT_ALLOWANCE / 2' }));
      expect(b.statusCode).toBe(201);
      const night = a.json().data as TenantEarningRow;
      const cycle = await call('PUT', `/SalaryComponents/earnings/${night.id}`, bodyOf(night, { calculationValue: 'NIGHT_BONUS + 1' }));
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json().message).toMatch(/^calculationValue: Formula of '.+' depends on itself: /);
      // Structure at ₹12,00,000: basic 50,000 a month → night allowance 10% = 5,000.
      const s = (await call('POST', '/SalaryStructure/calculate', { annualCTC: 1_200_000, regimeType: 1 })).json().data as SalaryStructureView;
      expect(s.earnings.find((e) => e.earningName === 'Night Allowance')?.monthlyAmount).toBe(5_000);
      // Deleting what a formula reads is refused; the reader goes first.
      const del = await call('DELETE', `/SalaryComponents/earnings/${night.id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe("Formula of 'Night Bonus' uses unknown name 'NIGHT_ALLOWANCE'");
      expect((await call('DELETE', `/SalaryComponents/earnings/${(b.json().data as TenantEarningRow).id}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/SalaryComponents/earnings/${night.id}`)).statusCode).toBe(200);
    });

    it('edits an earning: name, payslip name and flags; category and code stay', async () => {
      const lta = await byCode('LTA');
      const res = await call('PUT', `/SalaryComponents/earnings/${lta.id}`, bodyOf(lta, { earningName: 'LTA', nameInPayslip: 'Leave Travel', isTaxableEarning: false, calculationValue: 24_000 }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: SALARY_MSG.earningUpdated, data: { earningName: 'LTA', nameInPayslip: 'Leave Travel', code: 'LTA', isTaxableEarning: false, calculationValue: 24_000 } });
    });

    it('basic cannot be a percentage of basic, nor be deactivated or deleted; the fixed allowance stays the remainder', async () => {
      const basic = await byCode('BASIC');
      const self = await call('PUT', `/SalaryComponents/earnings/${basic.id}`, bodyOf(basic, { calculationType: 2 }));
      expect(self.json()).toMatchObject({ statusCode: 400, message: `calculationType: ${SALARY_MSG.basicNotPercentOfBasic}` });
      const off = await call('PATCH', `/SalaryComponents/earnings/${basic.id}/status`, { isActive: false });
      expect(off.json()).toMatchObject({ statusCode: 409, message: SALARY_MSG.systemEarning('Basic', 'deactivated') });
      const del = await call('DELETE', `/SalaryComponents/earnings/${basic.id}`);
      expect(del.json()).toMatchObject({ statusCode: 409, message: SALARY_MSG.systemEarning('Basic', 'deleted') });
      const fixed = await byCode('FIXED_ALLOWANCE');
      const edit = await call('PUT', `/SalaryComponents/earnings/${fixed.id}`, bodyOf(fixed, { nameInPayslip: 'Special Allowance', calculationType: 1, calculationValue: 30 }));
      expect(edit.json().data).toMatchObject({ nameInPayslip: 'Special Allowance', calculationType: 3, calculationValue: 0 });
    });

    it('deactivating takes an earning out of the default structure; employees who have it keep it', async () => {
      const conveyance = await byCode('CONVEYANCE');
      expect(conveyance.employeeCount).toBeGreaterThan(0);
      const off = await call('PATCH', `/SalaryComponents/earnings/${conveyance.id}/status`, { isActive: false });
      expect(off.json()).toMatchObject({ statusCode: 200, message: SALARY_MSG.earningDeactivated, data: { isActive: false } });
      const fresh = (await call('POST', '/SalaryStructure/calculate', { annualCTC: 1_200_000, regimeType: 1 })).json().data as SalaryStructureView;
      expect(fresh.earnings.map((e) => e.earningName)).not.toContain('Conveyance Allowance');
      const mine = await call('GET', `/Users/${member.id}/salary-structure`);
      expect(mine.statusCode).toBe(200);
      expect((mine.json().data as SalaryStructureView).earnings.map((e) => e.earningName)).toContain('Conveyance Allowance');
      const on = await call('PATCH', `/SalaryComponents/earnings/${conveyance.id}/status`, { isActive: true });
      expect(on.json()).toMatchObject({ message: SALARY_MSG.earningActivated, data: { isActive: true } });
    });

    it('deletes only an earning no employee has: 409 with the count otherwise', async () => {
      const conveyance = await byCode('CONVEYANCE');
      const used = await call('DELETE', `/SalaryComponents/earnings/${conveyance.id}`);
      expect(used.statusCode).toBe(409);
      expect(used.json().message).toBe(SALARY_MSG.earningInUse('Conveyance Allowance', conveyance.employeeCount));
      const shift = await byCode('SHIFT_ALLOWANCE');
      const res = await call('DELETE', `/SalaryComponents/earnings/${shift.id}`);
      expect(res.json()).toMatchObject({ statusCode: 200, message: SALARY_MSG.earningDeleted });
      expect((await earnings()).some((e) => e.code === 'SHIFT_ALLOWANCE')).toBe(false);
      expect((await call('DELETE', `/SalaryComponents/earnings/${shift.id}`)).statusCode).toBe(404);
    });
  });

  describe('deductions', () => {
    const deductionBody = (overrides: Record<string, unknown> = {}) => ({
      deductionName: 'Canteen',
      description: 'Meals at the office canteen',
      isRecurring: true,
      deductionType: 0,
      preTaxDeductionSection: null,
      isActive: true,
      ...overrides,
    });

    it('adds a post-tax deduction (a section sent with it is dropped)', async () => {
      const res = await call('POST', '/SalaryComponents/deductions', deductionBody({ preTaxDeductionSection: '80C' }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: SALARY_MSG.deductionCreated, data: { deductionName: 'Canteen', deductionType: 0, preTaxDeductionSection: null, employeeCount: 0 } });
    });

    it.each([
      ['deductionName', { deductionName: '' }, SALARY_MSG.deductionNameRequired],
      ['deductionName', { deductionName: 'x'.repeat(101) }, SALARY_MSG.deductionNameTooLong],
      ['description', { description: 'x'.repeat(256) }, SALARY_MSG.descriptionTooLong],
      ['deductionType', { deductionType: 1 }, SALARY_MSG.deductionTypeInvalid],
      ['preTaxDeductionSection', { deductionType: 3, preTaxDeductionSection: null }, SALARY_MSG.sectionRequired],
      ['preTaxDeductionSection', { deductionType: 3, preTaxDeductionSection: '80Z' }, SALARY_MSG.sectionInvalid],
      ['isRecurring', { isRecurring: 1 }, SALARY_MSG.flagInvalid('isRecurring')],
    ])('400 naming %s', async (field, overrides, message) => {
      const res = await call('POST', '/SalaryComponents/deductions', deductionBody({ deductionName: 'Club Fee', ...overrides }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${field}: ${message}`);
    });

    it('refuses a duplicate name (409)', async () => {
      const res = await call('POST', '/SalaryComponents/deductions', deductionBody({ deductionName: 'CANTEEN' }));
      expect(res.json()).toMatchObject({ statusCode: 409, message: SALARY_MSG.deductionNameExists('Canteen') });
    });

    it('edits, deactivates and activates; delete is refused while an employee has it', async () => {
      const canteen = (await deductions()).find((d) => d.deductionName === 'Canteen');
      if (!canteen) throw new Error('no canteen');
      const put = await call('PUT', `/SalaryComponents/deductions/${canteen.id}`, deductionBody({ deductionName: 'Canteen Meals', deductionType: 3, preTaxDeductionSection: '80C', isRecurring: false }));
      expect(put.json()).toMatchObject({ statusCode: 200, message: SALARY_MSG.deductionUpdated, data: { deductionName: 'Canteen Meals', deductionType: 3, preTaxDeductionSection: '80C', isRecurring: false } });
      expect((await call('PATCH', `/SalaryComponents/deductions/${canteen.id}/status`, { isActive: false })).json()).toMatchObject({ message: SALARY_MSG.deductionDeactivated, data: { isActive: false } });
      expect((await call('PATCH', `/SalaryComponents/deductions/${canteen.id}/status`, { isActive: true })).json()).toMatchObject({ message: SALARY_MSG.deductionActivated, data: { isActive: true } });
      await t.database.db.execute(sql`INSERT INTO user_deductions (tenant_id, user_id, tenant_deduction_id, annual_paise) VALUES (${admin.tenantId}, ${member.id}, ${canteen.id}, 1200000)`);
      const used = await call('DELETE', `/SalaryComponents/deductions/${canteen.id}`);
      expect(used.json()).toMatchObject({ statusCode: 409, message: SALARY_MSG.deductionInUse('Canteen Meals', 1) });
      await t.database.db.execute(sql`DELETE FROM user_deductions WHERE tenant_deduction_id = ${canteen.id}`);
      expect((await call('DELETE', `/SalaryComponents/deductions/${canteen.id}`)).json()).toMatchObject({ statusCode: 200, message: SALARY_MSG.deductionDeleted });
    });
  });

  describe('statutory components', () => {
    it('EPF: number (separators dropped), wage ceiling or actual wages, EDLI and admin charges in CTC', async () => {
      const res = await call('PUT', '/StatutoryComponents/EPF', {
        isEnabled: true,
        epfNumber: 'ka/bng/0012345/000',
        restrictToWageCeiling: true,
        includeEmployerShareInCtc: true,
        includeEdliAndAdminInCtc: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: SALARY_MSG.statutoryUpdated,
        data: { component: 'EPF', isEnabled: true, settings: { epfNumber: 'KABNG0012345000', restrictToWageCeiling: true, includeEmployerShareInCtc: true, includeEdliAndAdminInCtc: true, employeeRatePercent: 12, employerRatePercent: 12 } },
      });
      // Monthly CTC 1,00,000; employer 12% of 15,000 = 1,800, EDLI 0.5% of 15,000 = 75 and admin
      // 0.5% of 15,000 = 75 are now inside CTC: gross = 1,00,000 − 1,950 = 98,050.
      const s = (await call('POST', '/SalaryStructure/calculate', { annualCTC: 1_200_000, regimeType: 1 })).json().data as SalaryStructureView;
      expect(s.monthlyGross).toBe(98_050);
      expect(s.statutoryComponents.find((c) => c.name === 'EPF')?.employerInCtcMonthly).toBe(1_950);
      await call('PUT', '/StatutoryComponents/EPF', { epfNumber: 'KABNG0012345000', restrictToWageCeiling: true, includeEmployerShareInCtc: true, includeEdliAndAdminInCtc: false });
      const back = (await call('POST', '/SalaryStructure/calculate', { annualCTC: 1_200_000, regimeType: 1 })).json().data as SalaryStructureView;
      expect(back.monthlyGross).toBe(98_200);
    });

    it.each([
      ['/StatutoryComponents/EPF', { epfNumber: 'KA12', restrictToWageCeiling: true, includeEmployerShareInCtc: true, includeEdliAndAdminInCtc: false }, 'epfNumber', SALARY_MSG.epfNumberInvalid],
      ['/StatutoryComponents/EPF', { restrictToWageCeiling: 'yes', includeEmployerShareInCtc: true, includeEdliAndAdminInCtc: false }, 'restrictToWageCeiling', SALARY_MSG.flagInvalid('restrictToWageCeiling')],
      ['/StatutoryComponents/EPF', { restrictToWageCeiling: true, includeEmployerShareInCtc: true, includeEdliAndAdminInCtc: false, applicability: 3 }, 'applicability', SALARY_MSG.epfApplicabilityInvalid],
      ['/StatutoryComponents/ESI', { esiNumber: '1234', includeEmployerShareInCtc: true }, 'esiNumber', SALARY_MSG.esiNumberInvalid],
      ['/StatutoryComponents/ProfessionalTax', { isEnabled: true, stateCode: null }, 'stateCode', SALARY_MSG.ptStateRequired],
      ['/StatutoryComponents/ProfessionalTax', { isEnabled: true, stateCode: 'DL' }, 'stateCode', SALARY_MSG.ptStateInvalid],
      ['/StatutoryComponents/ProfessionalTax', { isEnabled: true, stateCode: 'KA', registrationNumber: 'x'.repeat(31) }, 'registrationNumber', SALARY_MSG.registrationNumberTooLong],
      ['/StatutoryComponents/LWF', { isEnabled: true }, 'stateCode', SALARY_MSG.lwfStateRequired],
      ['/StatutoryComponents/LWF', { isEnabled: true, stateCode: 'RJ' }, 'stateCode', SALARY_MSG.lwfStateInvalid],
    ])('PUT %s → 400 naming %s', async (url, body, field, message) => {
      const res = await call('PUT', url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${String(field)}: ${String(message)}`);
    });

    it('ESI: number and employer share in CTC', async () => {
      const res = await call('PUT', '/StatutoryComponents/ESI', { isEnabled: true, esiNumber: '31000123450001001', includeEmployerShareInCtc: false });
      expect(res.json().data).toMatchObject({ component: 'ESI', isEnabled: true, settings: { esiNumber: '31000123450001001', includeEmployerShareInCtc: false } });
    });

    it('professional tax by the work location’s state; LWF by state; DELETE disables and keeps the settings', async () => {
      const pt = await call('PUT', '/StatutoryComponents/ProfessionalTax', { isEnabled: true, stateCode: 'MH', registrationNumber: '27123456789P' });
      expect(pt.json().data).toEqual({ component: 'ProfessionalTax', isEnabled: true, settings: { stateCode: 'MH', registrationNumber: '27123456789P' } });
      const lwf = await call('PUT', '/StatutoryComponents/LWF', { isEnabled: true, stateCode: 'KA' });
      expect(lwf.json().data).toMatchObject({ component: 'LWF', isEnabled: true, settings: { stateCode: 'KA' } });
      const off = await call('DELETE', '/StatutoryComponents/LWF');
      expect(off.json()).toMatchObject({ message: SALARY_MSG.statutoryDisabled, data: { component: 'LWF', isEnabled: false, settings: { stateCode: 'KA' } } });
      expect((await call('GET', '/StatutoryComponents/LWF')).json().data).toMatchObject({ isEnabled: false, settings: { stateCode: 'KA' } });
      // Back to Karnataka so the other files' figures hold.
      await call('PUT', '/StatutoryComponents/ProfessionalTax', { isEnabled: true, stateCode: 'KA' });
    });

    it('the tables in force: EPF and ESI rates, PT slabs by state (Maharashtra’s women’s table), LWF', async () => {
      const res = await call('GET', '/StatutoryComponents/tables');
      expect(res.statusCode).toBe(200);
      const tables = res.json().data as StatutoryTables;
      expect(tables.asOf).toBe('2025-06-15');
      expect(tables.epf).toEqual({ wageCeiling: 15_000, epsRatePercent: '8.33', epsMax: 1_250, edliRatePercent: '0.5', edliMax: 75, adminRatePercent: '0.5' });
      expect(tables.esi).toEqual({ employeeRatePercent: '0.75', employerRatePercent: '3.25', coverageCeiling: 21_000, disabledCoverageCeiling: 25_000 });
      // Karnataka from 1 Apr 2025: nil below ₹25,000; ₹200 a month from ₹25,000, ₹300 in February.
      expect(tables.professionalTax.find((s) => s.stateCode === 'KA')).toEqual({
        stateCode: 'KA',
        stateName: 'Karnataka',
        cycle: 'Monthly',
        deductionMonths: ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'],
        slabs: [
          { from: 0, to: 24_999.99, amount: 0, februaryAmount: null },
          { from: 25_000, to: null, amount: 200, februaryAmount: 300 },
        ],
        womenSlabs: null,
      });
      // Maharashtra: more than ₹7,500 pays 175, more than ₹10,000 pays 200 (300 in February); women above ₹25,000.
      const mh = tables.professionalTax.find((s) => s.stateCode === 'MH');
      expect(mh?.slabs).toEqual([
        { from: 0, to: 7_500, amount: 0, februaryAmount: null },
        { from: 7_500.01, to: 10_000, amount: 175, februaryAmount: null },
        { from: 10_000.01, to: null, amount: 200, februaryAmount: 300 },
      ]);
      expect(mh?.womenSlabs?.[1]).toEqual({ from: 25_000.01, to: null, amount: 200, februaryAmount: 300 });
      expect(tables.professionalTax.map((s) => s.stateCode)).not.toContain('DL');
      // Karnataka LWF from 2024: ₹50 employee and ₹100 employer, once a year in December.
      expect(tables.labourWelfareFund.find((s) => s.stateCode === 'KA')).toMatchObject({ cycle: 'Annual', deductionMonths: ['12'], slabs: [{ from: 0, to: null, employee: 50, employer: 100 }] });
    });
  });

  describe('who may do it', () => {
    it('a member is refused every read and write (403)', async () => {
      const basic = await byCode('BASIC');
      const attempts: [string, string, unknown][] = [
        ['GET', '/SalaryComponents/earning-types', undefined],
        ['POST', '/SalaryComponents/earnings', earningBody({ earningName: 'Member Pay' })],
        ['PUT', `/SalaryComponents/earnings/${basic.id}`, bodyOf(basic)],
        ['PATCH', `/SalaryComponents/earnings/${basic.id}/status`, { isActive: true }],
        ['DELETE', `/SalaryComponents/earnings/${basic.id}`, undefined],
        ['POST', '/SalaryComponents/deductions', { deductionName: 'Member', deductionType: 0 }],
        ['GET', '/StatutoryComponents/tables', undefined],
        ['GET', '/StatutoryComponents/EPF', undefined],
        ['PUT', '/StatutoryComponents/LWF', { isEnabled: false }],
        ['DELETE', '/StatutoryComponents/ESI', undefined],
      ];
      for (const [method, url, body] of attempts) {
        const res = await call(method, url, body, member.token);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await byCode('BASIC')).isActive).toBe(true);
    });

    it('a moderator manages components like an administrator', async () => {
      const res = await call('POST', '/SalaryComponents/deductions', { deductionName: 'Moderator Fund', deductionType: 0 }, moderator.token);
      expect(res.statusCode).toBe(201);
      expect((await call('DELETE', `/SalaryComponents/deductions/${(res.json().data as TenantDeductionRow).id}`, undefined, moderator.token)).statusCode).toBe(200);
    });

    it('another organisation neither sees nor changes this one’s components', async () => {
      const lta = await byCode('LTA');
      expect((await earnings(other.token)).some((e) => e.id === lta.id)).toBe(false);
      expect((await call('PUT', `/SalaryComponents/earnings/${lta.id}`, bodyOf(lta, { earningName: 'Hijacked' }), other.token)).statusCode).toBe(404);
      expect((await call('PATCH', `/SalaryComponents/earnings/${lta.id}/status`, { isActive: false }, other.token)).statusCode).toBe(404);
      expect((await call('DELETE', `/SalaryComponents/earnings/${lta.id}`, undefined, other.token)).statusCode).toBe(404);
      const nps = (await deductions()).find((d) => d.deductionName === 'NPS Employee Contribution');
      if (!nps) throw new Error('no NPS');
      expect((await call('DELETE', `/SalaryComponents/deductions/${nps.id}`, undefined, other.token)).statusCode).toBe(404);
      expect(await byCode('LTA')).toEqual(lta);
      // Their statutory change is theirs alone.
      await call('PUT', '/StatutoryComponents/LWF', { isEnabled: true, stateCode: 'MH' }, other.token);
      expect((await call('GET', '/StatutoryComponents/LWF')).json().data.settings.stateCode).toBe('KA');
    });

    it('the free plan is refused the statutory routes with the spec’s message; salary components stay', async () => {
      await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'free'), is_trial = false WHERE tenant_id = ${other.tenantId}`);
      try {
        for (const [method, url, body] of [
          ['GET', '/StatutoryComponents', undefined],
          ['GET', '/StatutoryComponents/tables', undefined],
          ['GET', '/StatutoryComponents/EPF', undefined],
          ['PUT', '/StatutoryComponents/EPF', { restrictToWageCeiling: true, includeEmployerShareInCtc: true, includeEdliAndAdminInCtc: false }],
          ['DELETE', '/StatutoryComponents/ESI', undefined],
        ] as const) {
          const res = await call(method, url, body, other.token);
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.json()).toMatchObject({ errorCode: 'FEATURE_ACCESS_DENIED', message: MSG.featureNotAllowed });
        }
        expect((await call('GET', '/SalaryComponents/earnings', undefined, other.token)).statusCode).toBe(200);
      } finally {
        await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'trial'), is_trial = true WHERE tenant_id = ${other.tenantId}`);
      }
    });
  });
});
