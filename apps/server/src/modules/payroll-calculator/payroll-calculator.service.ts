import type { PayrollCalculation, PayrollCalculatorCommand } from '@tankha/contracts';
import {
  addDaysToDate,
  computeEmployeeMonth,
  DEFAULT_EPF_SETTINGS,
  financialYearOf,
  remainingMonthsInFinancialYear,
  rupeesToPaise,
  type EmployeeMonthInput,
  type MonthEarningInput,
  type StatutoryGender,
  type TaxAgeBand,
  paiseToRupees,
} from '@tankha/domain';

const GENDERS: Record<PayrollCalculatorCommand['gender'], StatutoryGender> = { male: 'Male', female: 'Female', other: 'Other' };

/** The codes computeEmployeeMonth gives its own lines; an earning never takes one of them. */
const RESERVED_CODES = new Set(['EPF_EE', 'EPF_ER', 'EPS_ER', 'EDLI', 'EPF_ADMIN', 'ESI_EE', 'ESI_ER', 'PT', 'LWF_EE', 'LWF_ER', 'TDS']);

/** "Special Allowance" → SPECIAL_ALLOWANCE; unique within the request and apart from the statutory codes. */
function earningCodes(names: readonly string[]): string[] {
  const used = new Set(RESERVED_CODES);
  return names.map((name) => {
    const base =
      name
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '') || 'EARNING';
    let code = RESERVED_CODES.has(base) ? `${base}_EARNING` : base;
    for (let n = 2; used.has(code); n += 1) code = `${base}_${String(n)}`;
    used.add(code);
    return code;
  });
}

/** s.192 slabs by age in the year (old regime only differs): below 60, 60 to 79, 80 and over. */
function ageBandOf(age: number): TaxAgeBand {
  return age < 60 ? 'below60' : age < 80 ? '60to80' : 'above80';
}


/**
 * The public payslip calculator. It only maps the request to the month input and
 * the result to the reply: `computeEmployeeMonth`, the function the payroll run uses, computes
 * everything. No tenant, no database.
 */
export class PayrollCalculatorService {
  calculate(command: PayrollCalculatorCommand): PayrollCalculation {
    const start = `${command.month}-01`;
    const codes = earningCodes(command.earnings.map((e) => e.name));
    const earnings: MonthEarningInput[] = command.earnings.map((e, i) => ({
      code: codes[i] ?? `EARNING_${String(i + 1)}`,
      name: e.name,
      monthlyPaise: rupeesToPaise(e.monthlyAmount),
      proRata: e.proRata,
      epfContributionType: e.pfWage ? 1 : 0,
      esiWage: e.esiWage,
      taxable: e.taxable,
    }));
    const t = command.tds;
    const input: EmployeeMonthInput = {
      month: command.month,
      period: { start, end: addDaysToDate(start, command.daysInPeriod - 1), days: command.daysInPeriod },
      payableDays: command.payableDays,
      // The calculator cannot tell days before joining from loss of pay; both are days not paid.
      lopDays: command.daysInPeriod - command.payableDays,
      earnings,
      deductions: [],
      adjustments: [],
      epf: { enabled: command.epf.enabled, settings: { ...DEFAULT_EPF_SETTINGS, restrictToWageCeiling: command.epf.restrictToCeiling } },
      esi: { enabled: command.esi.enabled },
      professionalTax: { enabled: true, stateCode: command.state },
      lwf: { enabled: true, stateCode: command.state },
      gender: GENDERS[command.gender],
      ageYears: command.age,
      tds: {
        enabled: t.enabled,
        // The contract requires these when TDS is on; the fallbacks only fill a switched-off TDS.
        financialYear: t.financialYear ?? financialYearOf(start),
        regime: t.regime ?? 1,
        ageBand: ageBandOf(command.age),
        grossSoFarPaise: rupeesToPaise(t.grossSoFar ?? 0),
        tdsSoFarPaise: rupeesToPaise(t.tdsSoFar ?? 0),
        remainingMonths: t.remainingMonths ?? remainingMonthsInFinancialYear(command.month),
        deductionsForYearPaise: rupeesToPaise(t.deductionsForYear),
      },
    };
    const r = computeEmployeeMonth(input);
    const line = (code: string): number => paiseToRupees(r.lines.filter((l) => l.code === code).reduce((sum, l) => sum + l.amountPaise, 0));
    return {
      grossEarnings: paiseToRupees(r.grossPaise),
      epfEmployee: line('EPF_EE'),
      epsEmployer: line('EPS_ER'),
      epfEmployer: line('EPF_ER'),
      esiEmployee: line('ESI_EE'),
      esiEmployer: line('ESI_ER'),
      professionalTax: paiseToRupees(r.professionalTaxPaise),
      lwfEmployee: paiseToRupees(r.lwfEmployeePaise),
      lwfEmployer: paiseToRupees(r.lwfEmployerPaise),
      tds: paiseToRupees(r.tdsPaise),
      totalDeductions: paiseToRupees(r.totalDeductionsPaise),
      netPay: paiseToRupees(r.netPaise),
      employerCost: paiseToRupees(r.employerCostPaise),
      lines: r.lines.map((l) => ({ code: l.code, text: l.explanation.join('; '), amount: paiseToRupees(l.amountPaise) })),
    };
  }
}
