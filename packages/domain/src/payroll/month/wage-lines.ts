import { ARREARS_CODE_PREFIX } from '../arrears/arrears';
import { rupeeText } from '../../money/inr';
import { REIMBURSEMENT_LINE_CODES } from './types';

/**
 * What of a payslip's gross is wages, read from its stored lines (so a finalized payslip is judged
 * by what it printed). Reimbursed expenses are not wages (Code on Wages 2019 s.2(y): "any travelling
 * allowance or the value of any travelling concession" and "any sum paid to the employed person to
 * defray special expenses entailed on him by the nature of his employment" are excluded; ESI Act
 * s.2(22)(c) likewise). Arrears of a salary revision are wages, but of the months they belong to.
 */
export interface PayslipLineFigure {
  section: string;
  code: string;
  amountPaise: number;
}

const earningSum = (lines: readonly PayslipLineFigure[], pick: (code: string) => boolean): number =>
  lines.filter((l) => l.section === 'earning' && pick(l.code)).reduce((sum, l) => sum + l.amountPaise, 0);

/** Σ of the reimbursement lines (approved claims paid with the salary). */
export function reimbursementsPaiseOf(lines: readonly PayslipLineFigure[]): number {
  return earningSum(lines, (code) => REIMBURSEMENT_LINE_CODES.includes(code));
}

/** Σ of the earning arrears of earlier months paid on this payslip. */
export function arrearsEarningsPaiseOf(lines: readonly PayslipLineFigure[]): number {
  return earningSum(lines, (code) => code.startsWith(ARREARS_CODE_PREFIX));
}

/**
 * Code on Wages 2019 s.18(2), in force since 21 November 2025 (Payment of Wages Act 1936 s.7(3)(i)
 * before it): the total of all deductions from an employee's wages in a wage period shall not
 * exceed fifty per cent of those wages.
 */
export const DEDUCTION_LIMIT_PERCENT = 50;

export interface DeductionShare {
  /** Wages of the wage period: the payslip's gross less reimbursements (arrears paid in the period count). */
  wagesPaise: number;
  deductionsPaise: number;
  /**
   * Deductions as a percentage of wages to two decimals (null when there are no wages): half up,
   * except that a share over the limit is rounded up, so it never reads as 50.00%.
   */
  percent: number | null;
  /** More than 50% of wages deducted (or anything deducted from no wages). */
  exceedsLimit: boolean;
  /** "Deductions ₹11,680 are 65.35% of wages ₹17,874: more than the 50% …". */
  explanation: string;
}

/**
 * The share of a payslip's wages taken by its deductions (every deduction line: PF, ESI, PT, LWF,
 * TDS, loan recoveries and other deductions; s.18(1) lists them all as deductions), against the
 * 50% limit of s.18(2).
 */
export function computeDeductionShare(payslip: { grossPaise: number; deductionsPaise: number; lines: readonly PayslipLineFigure[] }): DeductionShare {
  for (const [name, value] of [['grossPaise', payslip.grossPaise], ['deductionsPaise', payslip.deductionsPaise]] as const) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number of paise`);
  }
  const wagesPaise = payslip.grossPaise - reimbursementsPaiseOf(payslip.lines);
  const deductionsPaise = payslip.deductionsPaise;
  // Compared in integers: deductions × 100 > wages × 50.
  const exceedsLimit = deductionsPaise > 0 && (wagesPaise <= 0 || deductionsPaise * 100 > wagesPaise * DEDUCTION_LIMIT_PERCENT);
  // Basis points in integers (rounded up past the limit, half up within it), so the shown share is never a float's.
  const basisPoints = wagesPaise > 0 ? basisPointsOf(deductionsPaise, wagesPaise, exceedsLimit) : null;
  const percent = basisPoints === null ? null : basisPoints / 100;
  const share = basisPoints === null ? 'with no wages' : `${String(Math.trunc(basisPoints / 100))}.${String(basisPoints % 100).padStart(2, '0')}% of wages ${rupeeText(wagesPaise)}`;
  const explanation = exceedsLimit
    ? `Deductions ${rupeeText(deductionsPaise)} are ${share}: more than the ${String(DEDUCTION_LIMIT_PERCENT)}% the Code on Wages 2019 (s.18(2)) allows in a wage period`
    : `Deductions ${rupeeText(deductionsPaise)} are ${share}: within the ${String(DEDUCTION_LIMIT_PERCENT)}% limit of the Code on Wages 2019 (s.18(2))`;
  return { wagesPaise, deductionsPaise, percent, exceedsLimit, explanation };
}

/** deductions ÷ wages in basis points, in integer arithmetic: rounded up (`up`) or half up. */
function basisPointsOf(deductionsPaise: number, wagesPaise: number, up: boolean): number {
  const scaled = deductionsPaise * 10_000;
  const whole = Math.trunc(scaled / wagesPaise);
  const rest = scaled - whole * wagesPaise;
  if (rest === 0) return whole;
  return up || rest * 2 >= wagesPaise ? whole + 1 : whole;
}
