import { rupeeText } from '../money/inr';
import { computeHraExemption } from './hra';
import { computeLetOutProperty, type TaxLetOutPropertyResult } from './house-property';
import { computeIncomeTax, type IncomeTaxInput, type IncomeTaxResult } from './income-tax';
import { taxDeductionItem } from './deduction-catalogue';
import { checkTaxPaise, TaxInputError } from './rules';
import type { TaxAgeBand, TaxFinancialYear, TaxRegimeCode } from './types';

/**
 * An employee's tax position for a financial year from the salary and the IT declaration: the ONE
 * path the declaration summary, the payroll run's TDS and the regime comparison use, so
 * they can never disagree. The salary of the year is projected by the caller (the run: paid so far + this month + later
 * months at the full-month structure; projectTaxSalaryYear does it for both); the declaration's
 * amounts are read as declared, or as allowed once the proofs were reviewed (`useAllowed`).
 */

/** One declared amount with its reviewed reading (null or absent until a reviewer allowed it). */
export interface TaxAmountReading {
  declaredPaise: number;
  allowedPaise?: number | null;
}

const zeroReading: TaxAmountReading = { declaredPaise: 0 };

/** A rent for a run of months: 'YYYY-MM' to 'YYYY-MM', both included; the amount is for the whole period. */
export interface TaxRentPeriod {
  fromMonth: string;
  toMonth: string;
  amount: TaxAmountReading;
  metro: boolean;
}

export interface TaxHomeLoanFigures {
  principal: TaxAmountReading;
  interest: TaxAmountReading;
}

export interface TaxLetOutFigures {
  annualRent: TaxAmountReading;
  municipalTax: TaxAmountReading;
  loan: TaxHomeLoanFigures | null;
}

export interface TaxDeclarationFigures {
  rents: readonly TaxRentPeriod[];
  selfOccupiedLoan: TaxHomeLoanFigures | null;
  letOuts: readonly TaxLetOutFigures[];
  otherIncome: { other: TaxAmountReading; savingsInterest: TaxAmountReading; fdInterest: TaxAmountReading; nscInterest: TaxAmountReading };
  previousEmployment: { income: TaxAmountReading; taxPaid: TaxAmountReading; professionalTax: TaxAmountReading; epf: TaxAmountReading; leaveEncashment: TaxAmountReading };
  /** Catalogue items (deduction-catalogue.ts), each already clamped to its item limit. */
  deductions: readonly { itemId: number; amount: TaxAmountReading }[];
}

/** A declaration with nothing declared (the regime alone, or no declaration at all). */
export const EMPTY_TAX_DECLARATION: TaxDeclarationFigures = {
  rents: [],
  selfOccupiedLoan: null,
  letOuts: [],
  otherIncome: { other: zeroReading, savingsInterest: zeroReading, fdInterest: zeroReading, nscInterest: zeroReading },
  previousEmployment: { income: zeroReading, taxPaid: zeroReading, professionalTax: zeroReading, epf: zeroReading, leaveEncashment: zeroReading },
  deductions: [],
};

/** One month's rule-2A salary and HRA (the amounts paid, or projected, for that month). */
export interface TaxSalaryMonth {
  /** 'YYYY-MM'. */
  month: string;
  /** "Salary" of rule 2A: basic + DA. */
  basicPlusDaPaise: number;
  hraPaise: number;
}

/** The year's salary from this employer as the payroll projects it. */
export interface TaxSalaryYear {
  /** Taxable salary of the year (after pre-tax deductions), current employer only. */
  grossSalaryPaise: number;
  /** Month by month for rule 2A; months not listed had no salary. */
  months: readonly TaxSalaryMonth[];
  /** The year's professional tax deducted by this employer (s.16(iii)). */
  professionalTaxPaise: number;
  /** The year's employee EPF (s.80C). */
  employeeEpfPaise: number;
}

export interface TaxPositionInput {
  financialYear: TaxFinancialYear;
  regime: TaxRegimeCode;
  ageBand?: TaxAgeBand;
  salary: TaxSalaryYear;
  declaration?: TaxDeclarationFigures | null;
  /** Reviewed (allowed) amounts replace the declared ones: the proofs were reviewed and the POI's payroll month has come. */
  useAllowed: boolean;
}

export interface TaxHraMonth {
  month: string;
  rentPaise: number;
  metro: boolean;
  hraPaise: number;
  basicPlusDaPaise: number;
  exemptPaise: number;
}

export interface TaxHraYear {
  exemptPaise: number;
  hraReceivedPaise: number;
  rentPaidPaise: number;
  rentInExcessPaise: number;
  salaryPercentPaise: number;
  months: TaxHraMonth[];
}

export interface TaxPosition {
  tax: IncomeTaxResult;
  /** The HRA exemption as worked out (whether or not the regime allows it); null without rent. */
  hra: TaxHraYear | null;
  /** Each let-out property as the form shows it (NAV, 30%, net after interest). */
  letOuts: TaxLetOutPropertyResult[];
  /** The figures used, after picking declared or allowed amounts. */
  used: {
    rentPaidPaise: number;
    selfOccupiedInterestPaise: number;
    homeLoanPrincipalPaise: number;
    /** 80C items + home-loan principal + employee EPF + previous employment EPF, before the s.80CCE cap. */
    sec80CDeclaredPaise: number;
    sec80DDeclaredPaise: number;
    otherInvestmentsDeclaredPaise: number;
    otherIncomePaise: number;
    previousEmploymentIncomePaise: number;
    previousEmploymentTaxPaidPaise: number;
  };
  /** "80C: declared ₹1,50,000, allowed ₹1,20,000 after proof review", one per section whose review changed it. */
  reviewLines: string[];
  /** A short account of the declaration's figures for the payslip's TDS explanation. */
  declarationLines: string[];
}


function checkMonthText(value: string, field: string): void {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw new TaxInputError(field, `${field} must be a month 'YYYY-MM'`);
}

/** Months from `from` to `to`, both 'YYYY-MM' and included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${String(y)}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * HRA exemption for a year of months (s.10(13A), rule 2A): worked out for each month in which rent
 * was paid, on that month's HRA, salary, rent and city, and added up. Rule 2A limits the exemption
 * to "the period during which the rental accommodation is occupied", so months without rent exempt
 * nothing. A period's rent is spread evenly over its months (any paise left over go to its first
 * months). Where two rents cover a month, their rents add up and the month counts as metro if
 * either house is in a metro city.
 */
export function computeHraForYear(months: readonly TaxSalaryMonth[], rents: readonly { fromMonth: string; toMonth: string; amountPaise: number; metro: boolean }[]): TaxHraYear {
  const rentByMonth = new Map<string, { rentPaise: number; metro: boolean }>();
  rents.forEach((r, i) => {
    checkMonthText(r.fromMonth, `rents[${String(i)}].fromMonth`);
    checkMonthText(r.toMonth, `rents[${String(i)}].toMonth`);
    checkTaxPaise(r.amountPaise, `rents[${String(i)}].amount`);
    if (r.toMonth < r.fromMonth) throw new TaxInputError(`rents[${String(i)}].toMonth`, 'The rental period must end on or after its start');
    const covered = monthsBetween(r.fromMonth, r.toMonth);
    const each = Math.floor(r.amountPaise / covered.length);
    let left = r.amountPaise - each * covered.length;
    for (const month of covered) {
      const extra = left > 0 ? 1 : 0;
      left -= extra;
      const prev = rentByMonth.get(month) ?? { rentPaise: 0, metro: false };
      rentByMonth.set(month, { rentPaise: prev.rentPaise + each + extra, metro: prev.metro || r.metro });
    }
  });
  const out: TaxHraYear = { exemptPaise: 0, hraReceivedPaise: 0, rentPaidPaise: 0, rentInExcessPaise: 0, salaryPercentPaise: 0, months: [] };
  for (const m of months) {
    const rent = rentByMonth.get(m.month);
    if (!rent || rent.rentPaise === 0) continue;
    const r = computeHraExemption({ hraReceivedPaise: m.hraPaise, basicPlusDaPaise: m.basicPlusDaPaise, rentPaidPaise: rent.rentPaise, metro: rent.metro });
    out.exemptPaise += r.exemptPaise;
    out.hraReceivedPaise += m.hraPaise;
    out.rentPaidPaise += rent.rentPaise;
    out.rentInExcessPaise += r.rentInExcessPaise;
    out.salaryPercentPaise += r.salaryPercentPaise;
    out.months.push({ month: m.month, rentPaise: rent.rentPaise, metro: rent.metro, hraPaise: m.hraPaise, basicPlusDaPaise: m.basicPlusDaPaise, exemptPaise: r.exemptPaise });
  }
  return out;
}

/** This month's or a full month's salary figures for the projection. */
export interface TaxSalaryMonthFigures {
  /** Taxable earnings (before pre-tax deductions). */
  taxablePaise: number;
  basicPlusDaPaise: number;
  hraPaise: number;
}

export interface TaxSalaryProjectionParts {
  /** The payroll month, 'YYYY-MM'. */
  month: string;
  /** Months from `month` to March, `month` included (1 in a leaver's last month). */
  remainingMonths: number;
  /** Taxable salary already paid this year (net of pre-tax deductions), and its basic and HRA. */
  grossSoFarPaise: number;
  basicSoFarPaise: number;
  hraSoFarPaise: number;
  /** Months already paid this year, oldest first. */
  paidMonths: readonly string[];
  thisMonth: TaxSalaryMonthFigures;
  fullMonth: TaxSalaryMonthFigures;
  /** Pre-tax deductions of a month (deducted from taxable salary in every month projected). */
  preTaxMonthlyPaise: number;
  professionalTaxForYearPaise: number;
  employeeEpfForYearPaise: number;
}

/**
 * The year's salary as the payroll run projects it for TDS (s.192 "estimated income"): paid so far,
 * this month as paid, each later month at the full-month structure, less the pre-tax deductions of
 * the months projected. For rule 2A the months already paid share the year-to-date basic and HRA
 * evenly (exact while the structure did not change). The run (computeEmployeeMonth) and the
 * declaration summary both build the salary year here, so they agree.
 */
export function projectTaxSalaryYear(p: TaxSalaryProjectionParts): TaxSalaryYear {
  checkMonthText(p.month, 'month');
  const later = p.remainingMonths - 1;
  const grossSalaryPaise = Math.max(0, p.grossSoFarPaise + p.thisMonth.taxablePaise + later * p.fullMonth.taxablePaise - p.preTaxMonthlyPaise * p.remainingMonths);
  const n = p.paidMonths.length;
  const spread = (total: number, i: number) => (n === 0 ? 0 : Math.floor(total / n) + (i < total - Math.floor(total / n) * n ? 1 : 0));
  const [y, m] = p.month.split('-').map(Number) as [number, number];
  const laterMonths: string[] = [];
  for (let i = 1; i <= later; i += 1) {
    const mm = ((m - 1 + i) % 12) + 1;
    const yy = y + Math.floor((m - 1 + i) / 12);
    laterMonths.push(`${String(yy)}-${String(mm).padStart(2, '0')}`);
  }
  return {
    grossSalaryPaise,
    months: [
      ...p.paidMonths.map((month, i) => ({ month, basicPlusDaPaise: spread(p.basicSoFarPaise, i), hraPaise: spread(p.hraSoFarPaise, i) })),
      { month: p.month, basicPlusDaPaise: p.thisMonth.basicPlusDaPaise, hraPaise: p.thisMonth.hraPaise },
      ...laterMonths.map((month) => ({ month, basicPlusDaPaise: p.fullMonth.basicPlusDaPaise, hraPaise: p.fullMonth.hraPaise })),
    ],
    professionalTaxPaise: p.professionalTaxForYearPaise,
    employeeEpfPaise: p.employeeEpfForYearPaise,
  };
}

/**
 * The months of the financial year before `month` in which salary was paid: from April (or the
 * joining month, if later) to the month before `month`.
 */
export function paidMonthsBefore(financialYearStart: number, month: string, dateOfJoining: string | null): string[] {
  let from = `${String(financialYearStart)}-04`;
  const joined = dateOfJoining?.slice(0, 7);
  if (joined && joined > from) from = joined;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const before = m === 1 ? `${String(y - 1)}-12` : `${String(y)}-${String(m - 1).padStart(2, '0')}`;
  return before < from ? [] : monthsBetween(from, before);
}

/** Payroll spec and DESIGN §5: the declared amount until the proofs are reviewed, the allowed one after. */
export function pickDeclaredAmount(reading: TaxAmountReading, useAllowed: boolean): number {
  return useAllowed && reading.allowedPaise !== null && reading.allowedPaise !== undefined ? reading.allowedPaise : reading.declaredPaise;
}

/** The tax position: the declaration's figures into computeIncomeTax, with the lines that explain them. */
export function computeTaxPosition(input: TaxPositionInput): TaxPosition {
  const d = input.declaration ?? EMPTY_TAX_DECLARATION;
  const salary = input.salary;
  checkTaxPaise(salary.grossSalaryPaise, 'salary.grossSalary');
  checkTaxPaise(salary.professionalTaxPaise, 'salary.professionalTax');
  checkTaxPaise(salary.employeeEpfPaise, 'salary.employeeEpf');
  const ageBand = input.ageBand ?? 'below60';
  const senior = ageBand !== 'below60';
  const reviewLines: string[] = [];
  // Each group's declared and used totals, for the review lines.
  const group = (label: string, readings: readonly TaxAmountReading[]): number => {
    let declared = 0;
    let used = 0;
    for (const r of readings) {
      declared += r.declaredPaise;
      used += pickDeclaredAmount(r, input.useAllowed);
    }
    if (used !== declared) reviewLines.push(`${label}: declared ${rupeeText(declared)}, allowed ${rupeeText(used)} after proof review`);
    return used;
  };
  const pick = (r: TaxAmountReading) => pickDeclaredAmount(r, input.useAllowed);

  // House rent (s.10(13A)).
  const rents = d.rents.map((r) => ({ fromMonth: r.fromMonth, toMonth: r.toMonth, amountPaise: pick(r.amount), metro: r.metro }));
  const rentPaidPaise = group('House rent', d.rents.map((r) => r.amount));
  const hra = rents.length > 0 ? computeHraForYear(salary.months, rents) : null;

  // Home loans: principal toward 80C, interest toward s.24(b).
  const selfOccupiedInterestPaise = d.selfOccupiedLoan ? group('Home loan interest (s.24)', [d.selfOccupiedLoan.interest]) : 0;
  const principals = [...(d.selfOccupiedLoan ? [d.selfOccupiedLoan.principal] : []), ...d.letOuts.flatMap((p) => (p.loan ? [p.loan.principal] : []))];
  const homeLoanPrincipalPaise = principals.reduce((s, r) => s + pick(r), 0);

  // Let-out properties (s.22–24).
  const letOutInputs = d.letOuts.map((p) => ({ annualRentPaise: pick(p.annualRent), municipalTaxPaise: pick(p.municipalTax), interestPaise: p.loan ? pick(p.loan.interest) : 0 }));
  group('Let-out property', d.letOuts.flatMap((p) => [p.annualRent, p.municipalTax, ...(p.loan ? [p.loan.interest] : [])]));
  const letOuts = letOutInputs.map((p, i) => computeLetOutProperty(p, `letOutProperties[${String(i)}]`));

  // Other sources.
  const o = d.otherIncome;
  const otherIncome = { otherPaise: pick(o.other), savingsInterestPaise: pick(o.savingsInterest), fdInterestPaise: pick(o.fdInterest), nscInterestPaise: pick(o.nscInterest) };
  const otherIncomePaise = group('Other income', [o.other, o.savingsInterest, o.fdInterest, o.nscInterest]);

  // Previous employment (Form 12B): income and PT add up with ours; its EPF counts toward 80C; its TDS is credited in TDS.
  const p = d.previousEmployment;
  const previousEmployment = { incomePaise: pick(p.income), taxPaidPaise: pick(p.taxPaid), professionalTaxPaise: pick(p.professionalTax), epfPaise: pick(p.epf) };
  group('Previous employment', [p.income, p.taxPaid, p.professionalTax, p.epf]);

  // Chapter VI-A from the catalogue.
  const bySection = new Map<string, number>();
  const byCategory = new Map<number, TaxAmountReading[]>();
  for (const item of d.deductions) {
    const catalogue = taxDeductionItem(item.itemId);
    if (!catalogue) throw new TaxInputError('deductions.itemId', `Unknown deduction item ${String(item.itemId)}`);
    checkTaxPaise(item.amount.declaredPaise, 'deductions.declared');
    bySection.set(catalogue.section, (bySection.get(catalogue.section) ?? 0) + pick(item.amount));
    byCategory.set(catalogue.categoryId, [...(byCategory.get(catalogue.categoryId) ?? []), item.amount]);
  }
  const section = (s: string) => bySection.get(s) ?? 0;
  group('80C', [...(byCategory.get(1) ?? []), ...principals]);
  group('80D', byCategory.get(2) ?? []);
  group('Other investments', byCategory.get(3) ?? []);
  const sec80CDeclaredPaise = salary.employeeEpfPaise + section('80C') + homeLoanPrincipalPaise;
  const sec80DSelf = section('80D.self') + section('80D.selfSenior') + section('80D.checkup');
  const sec80DParents = section('80D.parents') + section('80D.parentsSenior');
  const sec80DDeclaredPaise = sec80DSelf + sec80DParents;

  const hraText = hra
    ? `HRA exempt, s.10(13A) and rule 2A, month by month for ${String(hra.months.length)} month${hra.months.length === 1 ? '' : 's'} of rent ${rupeeText(hra.rentPaidPaise)}: least of HRA received ${rupeeText(hra.hraReceivedPaise)}; rent over 10% of salary ${rupeeText(hra.rentInExcessPaise)}; 50% (metro) or 40% of salary ${rupeeText(hra.salaryPercentPaise)}`
    : '';
  const taxInput: IncomeTaxInput = {
    financialYear: input.financialYear,
    regime: input.regime,
    ageBand,
    grossSalaryPaise: salary.grossSalaryPaise,
    ...(hra ? { hraExemption: { exemptPaise: hra.exemptPaise, text: hraText } } : {}),
    professionalTaxPaise: salary.professionalTaxPaise,
    basicPlusDaPaise: salary.months.reduce((s, m) => s + m.basicPlusDaPaise, 0),
    selfOccupiedInterestPaise,
    letOutProperties: letOutInputs,
    otherIncome,
    previousEmployment,
    deductions: {
      sec80CPaise: sec80CDeclaredPaise,
      sec80CCD1BPaise: section('80CCD1B'),
      sec80D: { selfFamilyPaise: sec80DSelf, parentsPaise: sec80DParents, parentsSenior: section('80D.parentsSenior') > 0 },
      sec80EPaise: section('80E'),
      otherSectionsPaise: section('other'),
      // s.80TTA / 80TTB on the interest declared under other sources (the engine caps them to it).
      ...(senior ? { sec80TTBPaise: otherIncome.savingsInterestPaise + otherIncome.fdInterestPaise } : { sec80TTAPaise: otherIncome.savingsInterestPaise }),
    },
  };
  const tax = computeIncomeTax(taxInput);

  const declarationLines: string[] = [];
  const parts: string[] = [];
  if (hra) parts.push(input.regime === 0 ? `rent ${rupeeText(rentPaidPaise)} (HRA exempt ${rupeeText(Math.min(hra.exemptPaise, tax.exemptionsPaise))})` : `rent ${rupeeText(rentPaidPaise)}`);
  if (selfOccupiedInterestPaise > 0) parts.push(`home-loan interest ${rupeeText(selfOccupiedInterestPaise)}`);
  if (homeLoanPrincipalPaise > 0) parts.push(`home-loan principal ${rupeeText(homeLoanPrincipalPaise)} (80C)`);
  if (letOuts.length > 0) parts.push(`let-out property ${rupeeText(letOuts.reduce((s, l) => s + l.netIncomePaise, 0))}`);
  if (section('80C') > 0) parts.push(`80C ${rupeeText(section('80C'))}`);
  if (sec80DDeclaredPaise > 0) parts.push(`80D ${rupeeText(sec80DDeclaredPaise)}`);
  const others = section('80CCD1B') + section('80E') + section('other');
  if (others > 0) parts.push(`other investments ${rupeeText(others)}`);
  if (otherIncomePaise > 0) parts.push(`other income ${rupeeText(otherIncomePaise)}`);
  if (previousEmployment.incomePaise > 0) parts.push(`previous employment ${rupeeText(previousEmployment.incomePaise)}`);
  if (parts.length > 0) declarationLines.push(`IT declaration: ${parts.join('; ')}`);
  if (parts.length > 0 && input.regime === 1) declarationLines.push('New regime (s.115BAC): the declared exemptions and deductions are not allowed; other income and previous employment count');
  declarationLines.push(...reviewLines);

  return {
    tax,
    hra,
    letOuts,
    used: {
      rentPaidPaise,
      selfOccupiedInterestPaise,
      homeLoanPrincipalPaise,
      sec80CDeclaredPaise: sec80CDeclaredPaise + previousEmployment.epfPaise,
      sec80DDeclaredPaise,
      otherInvestmentsDeclaredPaise: others,
      otherIncomePaise,
      previousEmploymentIncomePaise: previousEmployment.incomePaise,
      previousEmploymentTaxPaidPaise: previousEmployment.taxPaidPaise,
    },
    reviewLines,
    declarationLines,
  };
}
