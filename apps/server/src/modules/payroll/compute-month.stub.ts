import { formatRupees, prorateEarning, type EmployeeMonthInput, type EmployeeMonthResult, type MonthLine } from '@tankha/domain';

/**
 * TEMPORARY — for the lead: delete this file when wt-calc lands and import `computeEmployeeMonth`
 * from '@tankha/domain' in payroll-compute.ts (its only caller; a one-line swap).
 *
 * A minimal stand-in with the domain's signature so the run can be built and tested before the real
 * calculation exists: recurring earnings prorated by payable days (prorateEarning, the domain's
 * rounding point), one-time adjustments, recurring deductions at their monthly amount. No EPF, ESI,
 * PT, LWF or TDS: the run's tests use cases where those are nil (statutory components off, income
 * under the rebate), so any correct implementation gives the same figures.
 */
export function computeEmployeeMonth(input: EmployeeMonthInput): EmployeeMonthResult {
  const lines: MonthLine[] = [];
  let gross = 0;
  let taxable = 0;
  for (const e of input.earnings) {
    const amount = prorateEarning({ amountPaise: e.monthlyPaise, isProRata: e.proRata, payableDays: input.payableDays, periodDays: input.period.days });
    if (amount === 0 && e.monthlyPaise === 0) continue;
    gross += amount;
    if (e.taxable) taxable += amount;
    const explanation =
      e.proRata && input.payableDays !== input.period.days
        ? [`${e.name} ${formatRupees(e.monthlyPaise)} × ${String(input.payableDays)} of ${String(input.period.days)} payable days = ${formatRupees(amount)}`]
        : [`${e.name} ${formatRupees(amount)} for the month`];
    lines.push({ section: 'earning', code: e.code, label: e.name, amountPaise: amount, explanation });
  }
  input.adjustments.forEach((a, i) => {
    if (a.kind !== 'earning') return;
    gross += a.amountPaise;
    if (a.taxable) taxable += a.amountPaise;
    lines.push({ section: 'earning', code: `ADJ_${String(i + 1)}`, label: a.label, amountPaise: a.amountPaise, explanation: [`One-time ${a.category}: ${formatRupees(a.amountPaise)}`] });
  });
  let deductions = 0;
  for (const d of input.deductions) {
    if (d.monthlyPaise === 0) continue;
    deductions += d.monthlyPaise;
    lines.push({ section: 'deduction', code: d.code, label: d.name, amountPaise: d.monthlyPaise, explanation: [`${d.name} ${formatRupees(d.monthlyPaise)} a month`] });
  }
  input.adjustments.forEach((a, i) => {
    if (a.kind !== 'deduction') return;
    deductions += a.amountPaise;
    lines.push({ section: 'deduction', code: `ADJ_${String(i + 1)}`, label: a.label, amountPaise: a.amountPaise, explanation: [`One-time ${a.category}: ${formatRupees(a.amountPaise)}`] });
  });
  return {
    periodDays: input.period.days,
    payableDays: input.payableDays,
    lopDays: input.lopDays,
    grossPaise: gross,
    totalDeductionsPaise: deductions,
    netPaise: gross - deductions,
    employerCostPaise: gross,
    taxableGrossPaise: taxable,
    tdsPaise: 0,
    professionalTaxPaise: 0,
    lwfEmployeePaise: 0,
    lwfEmployerPaise: 0,
    wages: { pfWagePaise: 0, epsWagePaise: 0, edliWagePaise: 0, esiWagePaise: 0 },
    epf: null,
    esi: null,
    lines,
    tdsExplanation: ['TDS not computed by the temporary stand-in'],
  };
}
