import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_MSG, type SalaryStructureView, type SessionUser, type TenantEarning } from '@tankha/contracts';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import { DEMO_LOGINS } from '../../seed/demo';

/**
 * Salary components and the structure from CTC over HTTP. Expected figures are worked by hand in
 * the comments (payroll spec §3; docs/decisions/0013-salary-structure-from-ctc.md).
 */
describe.each(BACKENDS)('salary components and structure (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let member: SessionUser;
  let fresh: SessionUser;
  let earnings: TenantEarning[];

  beforeAll(async () => {
    // FY 2025-26 (1 Apr 2025 – 31 Mar 2026): Karnataka PT ₹200 a month, ₹300 in February.
    t = await createTestApp(backend, {}, { demo: new Date('2025-06-15T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    member = await t.login(DEMO_LOGINS.member);
    fresh = await t.registerOrganisation({ organizationName: 'Fresh Foods' });
    earnings = (await t.call('GET', '/SalaryComponents/earnings', { token: admin.token })).json().data;
  });
  afterAll(async () => {
    await t.close();
  });

  const calculate = (body: Record<string, unknown>, token = admin.token) => t.call('POST', '/SalaryStructure/calculate', { token, body });
  const earning = (s: SalaryStructureView, name: string) => s.earnings.find((e) => e.earningName === name);
  const statutory = (s: SalaryStructureView, name: string) => s.statutoryComponents.find((c) => c.name === name);
  const idOf = (code: string) => earnings.find((e) => e.code === code)?.id ?? '';

  describe('components', () => {
    it('a new organisation gets the standard earnings from day one', async () => {
      const res = await t.call('GET', '/SalaryComponents/earnings', {
        token: fresh.token,
      });
      expect(res.statusCode).toBe(200);
      const list = res.json().data as TenantEarning[];
      expect(list.map((e) => [e.earningName, e.code, e.earningCategory, e.calculationType, e.calculationValue, e.isPartOfSalaryStructure])).toEqual([
        ['Basic', 'BASIC', 'basic', 1, 50, true],
        ['HRA', 'HRA', 'hra', 2, 50, true],
        ['Conveyance Allowance', 'CONVEYANCE', 'other', 3, 19_200, true],
        ['Medical Allowance', 'MEDICAL', 'other', 3, 15_000, true],
        ['Leave Travel Allowance', 'LTA', 'other', 3, 0, false],
        ['Fixed Allowance', 'FIXED_ALLOWANCE', 'fixedAllowance', 3, 0, true],
      ]);
      expect(list.find((e) => e.code === 'BASIC')?.epfContributionType).toBe(1);
    });

    it('deductions: NPS pre-tax under 80CCD(1), loan recovery post-tax', async () => {
      const res = await t.call('GET', '/SalaryComponents/deductions', {
        token: fresh.token,
      });
      expect(
        res
          .json()
          .data.map((d: { deductionName: string; deductionType: number; preTaxDeductionSection: string | null }) => [d.deductionName, d.deductionType, d.preTaxDeductionSection]),
      ).toEqual([
        ['Loan Recovery', 0, null],
        ['NPS Employee Contribution', 3, '80CCD(1)'],
      ]);
    });

    it('statutory settings: EPF and ESI on with the platform defaults; PT waits for a state; LWF off', async () => {
      const res = await t.call('GET', '/StatutoryComponents', {
        token: fresh.token,
      });
      expect(res.json().data).toEqual([
        {
          component: 'EPF',
          isEnabled: true,
          settings: {
            employeeRatePercent: 12,
            employerRatePercent: 12,
            includeEmployerShareInCtc: true,
            considerAllSalaryComponents: true,
            proRate: false,
            applicability: 1,
            restrictToWageCeiling: true,
            epfNumber: null,
            includeEdliAndAdminInCtc: false,
            // A new organisation takes the labour codes' wages, chosen the day it registered.
            wageBase: 'codes',
            wageBaseSince: '2025-06-15',
          },
        },
        {
          component: 'ESI',
          isEnabled: true,
          settings: {
            employeeRatePercent: 0.75,
            employerRatePercent: 3.25,
            includeEmployerShareInCtc: true,
            esiNumber: null,
            wageBase: 'codes',
            wageBaseSince: '2025-06-15',
          },
        },
        {
          component: 'ProfessionalTax',
          isEnabled: false,
          settings: { stateCode: null, registrationNumber: null },
        },
        { component: 'LWF', isEnabled: false, settings: { stateCode: null, registrationNumber: null } },
      ]);
      const demo = await t.call('GET', '/StatutoryComponents', {
        token: admin.token,
      });
      expect(demo.json().data[2]).toEqual({
        component: 'ProfessionalTax',
        isEnabled: true,
        settings: { stateCode: 'KA', registrationNumber: null },
      });
    });

    it('Employment Type options', async () => {
      const res = await t.call('GET', `/UserFields/options?name=${encodeURIComponent('Employment Type')}`, { token: fresh.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.options.map((o: { label: string }) => o.label)).toEqual(['Full Time', 'Part Time', 'Contract', 'Intern', 'Consultant']);
    });

    it('members are refused (403)', async () => {
      for (const url of ['/SalaryComponents/earnings', '/SalaryComponents/deductions', '/StatutoryComponents']) {
        expect((await t.call('GET', url, { token: member.token })).statusCode).toBe(403);
      }
      expect((await calculate({ annualCTC: 1_200_000, regimeType: 1 }, member.token)).statusCode).toBe(403);
    });
  });

  describe('POST /SalaryStructure/calculate', () => {
    it('CTC ₹12,00,000, new regime, Karnataka: the worked example', async () => {
      const res = await calculate({ annualCTC: 1_200_000, regimeType: 1 });
      expect(res.statusCode).toBe(200);
      const s = res.json().data as SalaryStructureView;
      // Monthly CTC 1,00,000. Basic 50% = 50,000; HRA 50% of basic = 25,000; conveyance 19,200 ÷ 12 =
      // 1,600; medical 15,000 ÷ 12 = 1,250. PF wage (all but HRA) is above 15,000, so employer PF =
      // 12% × 15,000 = 1,800, inside CTC. Gross = 1,00,000 − 1,800 = 98,200 > 21,000: no ESI.
      // Fixed allowance = 98,200 − 50,000 − 25,000 − 1,600 − 1,250 = 20,350.
      expect(s).toMatchObject({
        annualCTC: 1_200_000,
        monthlyCTC: 100_000,
        monthlyGross: 98_200,
        annualGross: 1_178_400,
        regimeType: 1,
        isAvailable: true,
        financialYear: '2025-26',
      });
      expect(earning(s, 'Basic')).toMatchObject({
        monthlyAmount: 50_000,
        annualAmount: 600_000,
        calculationType: 1,
        calculationValue: 50,
      });
      expect(earning(s, 'HRA')).toMatchObject({
        monthlyAmount: 25_000,
        annualAmount: 300_000,
      });
      expect(earning(s, 'Conveyance Allowance')).toMatchObject({
        monthlyAmount: 1_600,
        annualAmount: 19_200,
        calculationValue: 19_200,
      });
      expect(earning(s, 'Medical Allowance')).toMatchObject({
        monthlyAmount: 1_250,
        annualAmount: 15_000,
      });
      expect(earning(s, 'Fixed Allowance')).toMatchObject({
        monthlyAmount: 20_350,
        annualAmount: 244_200,
        isFixedAllowance: true,
      });
      expect(earning(s, 'Leave Travel Allowance')).toBeUndefined();
      expect(statutory(s, 'EPF')).toMatchObject({
        applicable: true,
        employeeMonthly: 1_800,
        employerMonthly: 1_800,
        employeeAnnual: 21_600,
        employerInCtcMonthly: 1_800,
        rate: '12',
      });
      expect(statutory(s, 'ESI')).toMatchObject({
        isEnabled: true,
        applicable: false,
        employeeMonthly: 0,
      });
      // Karnataka: ₹200 a month, ₹300 in February → 11 × 200 + 300 = 2,500.
      expect(statutory(s, 'ProfessionalTax')).toMatchObject({
        applicable: true,
        employeeMonthly: 200,
        employeeAnnual: 2_500,
        deductionCycle: 'Monthly',
      });
      expect(statutory(s, 'LWF')).toMatchObject({
        isEnabled: false,
        applicable: false,
      });
      // New regime FY 2025-26: 11,78,400 − 75,000 standard deduction = 11,03,400 ≤ 12,00,000 → full 87A rebate.
      expect(s).toMatchObject({ annualTDS: 0, monthlyTDS: 0 });
    });

    it('the old regime: TDS from the tax engine', async () => {
      const s = (await calculate({ annualCTC: 1_200_000, regimeType: 0 })).json().data as SalaryStructureView;
      // 11,78,400 − 50,000 standard − 2,500 PT − 21,600 EPF (80C) = 11,04,300.
      // 12,500 + 1,00,000 + 30% × 1,04,300 (31,290) = 1,43,790; cess 4% = 5,751.60 → 1,49,541.60 → s.288B 1,49,540.
      expect(s.annualTDS).toBe(149_540);
      // 1,49,540 ÷ 12 = 12,461.67 → 12,462.
      expect(s.monthlyTDS).toBe(12_462);
    });

    it('per-employee values replace the defaults; a deduction is carried', async () => {
      const nps = (
        await t.call('GET', '/SalaryComponents/deductions', {
          token: admin.token,
        })
      )
        .json()
        .data.find((d: { deductionName: string }) => d.deductionName === 'NPS Employee Contribution');
      const s = (
        await calculate({
          annualCTC: 1_200_000,
          regimeType: 1,
          earningAssociationValues: [
            { tenantEarningId: idOf('BASIC'), calculationValue: 40 },
            { tenantEarningId: idOf('HRA'), calculationValue: 40 },
            { tenantEarningId: idOf('CONVEYANCE'), calculationValue: 24_000 },
          ],
          deductionAssociationValues: [{ tenantDeductionId: nps.id, calculationValue: 60_000 }],
        })
      ).json().data as SalaryStructureView;
      // Basic 40% × 1,00,000 = 40,000; HRA 40% × 40,000 = 16,000; conveyance 24,000 ÷ 12 = 2,000; no
      // medical (not listed); PF 1,800; fixed = 98,200 − 40,000 − 16,000 − 2,000 = 40,200.
      expect(s.earnings.map((e) => [e.earningName, e.monthlyAmount])).toEqual([
        ['Basic', 40_000],
        ['HRA', 16_000],
        ['Conveyance Allowance', 2_000],
        ['Fixed Allowance', 40_200],
      ]);
      expect(s.deductions).toEqual([
        {
          tenantDeductionId: nps.id,
          deductionName: 'NPS Employee Contribution',
          deductionType: 3,
          calculationValue: 60_000,
          monthlyAmount: 5_000,
          annualAmount: 60_000,
        },
      ]);
    });

    it('ESI inside CTC below the coverage line', async () => {
      const s = (await calculate({ annualCTC: 240_000, regimeType: 1 })).json().data as SalaryStructureView;
      // Monthly CTC 20,000; basic 10,000, HRA 5,000, conveyance 1,600, medical 1,250, fixed the rest.
      // PF wage = gross − HRA = g − 5,000. Without ESI: g + round(12% × (g − 5,000)) = 20,000 → g = 18,393
      // (PF 1,607), under 21,000, so ESI applies and sits inside CTC:
      // g + round(12% × (g − 5,000)) + ceil(3.25% × g) = 20,000.
      // g = 17,874: PF 12% × 12,874 = 1,544.88 → 1,545; ESI 3.25% × 17,874 = 580.905 → 581; total 20,000.
      // (17,873 gives 19,999 and 17,875 gives 20,001, so 17,874 is the one solution.)
      expect(s.monthlyGross).toBe(17_874);
      expect(statutory(s, 'EPF')).toMatchObject({
        employerMonthly: 1_545,
        employeeMonthly: 1_545,
      });
      // Employee 0.75% × 17,874 = 134.055 → 135 (rounded up).
      expect(statutory(s, 'ESI')).toMatchObject({
        applicable: true,
        employerMonthly: 581,
        employeeMonthly: 135,
        employerInCtcMonthly: 581,
      });
      expect(earning(s, 'Fixed Allowance')?.monthlyAmount).toBe(17_874 - 10_000 - 5_000 - 1_600 - 1_250);
    });

    it(`a negative remainder answers 400 with the spec's message`, async () => {
      const res = await calculate({
        annualCTC: 1_200_000,
        regimeType: 1,
        earningAssociationValues: [
          { tenantEarningId: idOf('BASIC'), calculationValue: 90 },
          { tenantEarningId: idOf('HRA'), calculationValue: 50 },
        ],
      });
      // Basic 90,000 + HRA 45,000 > gross 98,200: the fixed allowance would be −36,800.
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PEOPLE_MSG.salaryAmountNegative);
    });

    it('refuses another organisation’s component (400) and a bad body', async () => {
      const res = await calculate(
        {
          annualCTC: 1_200_000,
          regimeType: 1,
          earningAssociationValues: [{ tenantEarningId: idOf('BASIC'), calculationValue: 50 }],
        },
        fresh.token,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.earningAssociations).toBe('Unknown salary component');
      expect((await calculate({ annualCTC: -1, regimeType: 1 })).statusCode).toBe(400);
    });
  });

  describe('GET /Users/:id/salary-structure', () => {
    it('the stored employee (the demo administrator, ₹48,00,000)', async () => {
      const res = await t.call('GET', `/Users/${admin.id}/salary-structure`, {
        token: admin.token,
      });
      expect(res.statusCode).toBe(200);
      // Monthly 4,00,000: basic 2,00,000, HRA 1,00,000, PF capped 1,800 → gross 3,98,200.
      expect(res.json().data).toMatchObject({
        annualCTC: 4_800_000,
        monthlyGross: 398_200,
        isAvailable: true,
      });
    });

    it('a member sees their own, not another person’s; another tenant’s user is 404', async () => {
      expect(
        (
          await t.call('GET', `/Users/${member.id}/salary-structure`, {
            token: member.token,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await t.call('GET', `/Users/${admin.id}/salary-structure`, {
            token: member.token,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.call('GET', `/Users/${admin.id}/salary-structure`, {
            token: fresh.token,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('an owner without a CTC: isAvailable false', async () => {
      const res = await t.call('GET', `/Users/${fresh.id}/salary-structure`, {
        token: fresh.token,
      });
      expect(res.json().data).toMatchObject({
        isAvailable: false,
        annualCTC: 0,
      });
    });
  });
});
