import { formatDisplayDate, type IsoDate } from '../../dates/calendar';
import { epfRatesFor } from '../../statutory/epf';
import { firstDayOfMonth } from '../../statutory/effective-dated';
import { ageOn, personLabel, wholeRupees, type FilingIssue, type FilingPerson } from './common';
import { rupeeText } from '../../money/inr';
import { cleanEcrName } from './names';
import { arrearsEarningsPaiseOf, reimbursementsPaiseOf, type PayslipLineFigure } from '../month/wage-lines';
import { WAGE_CORRECTION_CODE_PREFIX, WAGE_CORRECTION_KINDS, wageCorrectionsOf, type CorrectionWages, type WageCorrection, type WageCorrectionKind } from '../arrears/wage-corrections';
import { arrearsMonthLabel } from '../arrears/arrears';

/**
 * EPFO ECR 2.0 (UAN-based), payroll-rules §4: plain text, one line per member, no header, the
 * eleven fields separated by `#~#`, whole rupees:
 *
 *   1 UAN, 2 member name, 3 gross wages, 4 EPF wages, 5 EPS wages, 6 EDLI wages,
 *   7 EPF contribution remitted (employee share), 8 EPS contribution remitted,
 *   9 EPF–EPS difference remitted (employer share less EPS), 10 NCP days, 11 refund of advances.
 *
 * Every figure comes from the finalized payslip (the wages it stored and its EPF lines: what was
 * deducted is what is remitted); nothing is recalculated except the one rule the file states on
 * its own: EPS wages are 0 for a member aged 58 or more (EPFO's file format: "In case of the member
 * over 58 years age, the wages should be '0' even in case there are PF wages"), and then the whole
 * employer share is the EPF difference, so the remittance is unchanged.
 */

export const ECR_SEPARATOR = '#~#';
export const ECR_FIELD_COUNT = 11;

export interface EcrMemberInput extends FilingPerson {
  uan: string | null;
  /** Today's record (the payslip snapshot has none): decides EPS at 58. */
  dateOfBirth: IsoDate | null;
  /** The payslip's gross (every earning line). */
  grossPaise: number;
  /**
   * What of that gross is not this wage month's wages: reimbursed expenses and arrears of earlier
   * months (ecrFiguresOfPayslip). Gross wages = gross − this. Default 0.
   */
  nonWagePaise?: number;
  /** payslips.wages */
  pfWagePaise: number;
  epsWagePaise: number;
  edliWagePaise: number;
  /** The payslip's EPF_EE, EPS_ER and EPF_ER lines. */
  employeeEpfPaise: number;
  epsPaise: number;
  employerEpfPaise: number;
  lopDays: number;
  /** The payslip's days in the pay period: NCP days never exceed them. Default 31. */
  periodDays?: number;
  /**
   * Wages of earlier months paid on this payslip, one entry per kind: loss of pay corrected
   * (computeLopAdjustments; LOP_EPF_EE, LOP_EPS_ER, LOP_EPF_ER lines) and pay of months the employee
   * was excluded from (computeExcludedPay; EXC_ lines), with the wage bases stored for them
   * (payslips.wages.corrections). Reported with this month's own figures (the month they are paid
   * in); NCP days stay this month's own. Absent, empty or all zero: none.
   */
  corrections?: readonly EcrCorrection[];
}

export interface EcrLopCorrection {
  pfWagePaise: number;
  epsWagePaise: number;
  edliWagePaise: number;
  employeeEpfPaise: number;
  epsPaise: number;
  employerEpfPaise: number;
}

/** One kind of earlier months' wages on the payslip: the months and what they add. */
export interface EcrCorrection extends EcrLopCorrection {
  kind: WageCorrectionKind;
  /** 'YYYY-MM', oldest first; empty when the payslip did not keep them (a LOP total stored before months were kept). */
  months: readonly string[];
}

export interface EcrInput {
  /** 'YYYY-MM', the wage month. */
  month: string;
  periodStart: IsoDate;
  members: readonly EcrMemberInput[];
}

export interface EcrLine extends FilingPerson {
  uan: string;
  memberName: string;
  grossWages: number;
  epfWages: number;
  epsWages: number;
  edliWages: number;
  employeeShare: number;
  epsShare: number;
  employerShare: number;
  ncpDays: number;
  refundOfAdvances: number;
  /** The line as the file carries it. */
  text: string;
  /** How the figures were reached. */
  explanation: string[];
  /** True when EPFO would reject the line (see the errors). */
  rejected: boolean;
}

export interface EcrTotals {
  members: number;
  grossWages: number;
  epfWages: number;
  epsWages: number;
  edliWages: number;
  employeeShare: number;
  epsShare: number;
  employerShare: number;
}

export interface EcrFile {
  /** Every member line, rejected ones included (the validation screen shows them all). */
  lines: EcrLine[];
  errors: FilingIssue[];
  warnings: FilingIssue[];
  /** The file of the lines EPFO accepts: LF-separated, no trailing newline. */
  validText: string;
  /** Totals of the accepted lines. */
  totals: EcrTotals;
}

/** A payslip belongs in the ECR when EPF was charged on it: PF wages or an EPF line. */
export function isEpfMember(m: Pick<EcrMemberInput, 'pfWagePaise' | 'employeeEpfPaise' | 'epsPaise' | 'employerEpfPaise' | 'corrections'>): boolean {
  return m.pfWagePaise > 0 || m.employeeEpfPaise > 0 || m.epsPaise > 0 || m.employerEpfPaise > 0 || correctionsOf(m.corrections).length > 0;
}

const CORRECTION_FIGURES = ['pfWagePaise', 'epsWagePaise', 'edliWagePaise', 'employeeEpfPaise', 'epsPaise', 'employerEpfPaise'] as const;

function hasCorrection(c: EcrLopCorrection): boolean {
  return CORRECTION_FIGURES.some((k) => c[k] !== 0);
}

function correctionsOf(list: readonly EcrCorrection[] | undefined): EcrCorrection[] {
  return (list ?? []).filter(hasCorrection);
}

/** "Loss of pay of earlier months corrected" / "Pay for Jan 2027 excluded from processing". */
function correctionTitle(c: EcrCorrection): string {
  const months = c.months.map(arrearsMonthLabel).join(', ');
  if (c.kind === 'excluded') return `Pay for ${months || 'earlier months'} excluded from processing, paid`;
  return months ? `Loss of pay of ${months} corrected` : 'Loss of pay of earlier months corrected';
}

const signedRupees = (paise: number): string => (paise < 0 ? `−${rupeeText(-paise)}` : `+${rupeeText(paise)}`);

/** A UAN is the 12-digit Universal Account Number (EPFO); spaces typed inside it are ignored. */
export function normaliseUan(raw: string | null): string {
  return (raw ?? '').replace(/\s+/g, '');
}

/**
 * Non-contributing (NCP) days of the ECR from the payslip's loss-of-pay days. EPFO's ECR takes a
 * whole number ("numbers only … shall not have decimals"), at most the days of the wage month, and
 * its enforcement asks that NCP days reflect the non-contributory period in full so that it is not
 * counted as contributory service. Loss of pay comes in half days: a fraction of half a day or more
 * counts as a whole non-contributing day (1.5 → 2, 0.5 → 1), a smaller one is dropped (docs/decisions/0147-payroll-master-data-and-statutory-guards.md).
 */
export function computeNcpDays(lopDays: number, periodDays = 31): number {
  if (!Number.isFinite(lopDays) || lopDays < 0) throw new RangeError(`loss-of-pay days must be a non-negative number, got ${String(lopDays)}`);
  if (!Number.isInteger(periodDays) || periodDays < 1) throw new RangeError(`period days must be a whole number of at least 1, got ${String(periodDays)}`);
  // Half up on whole days; LOP is a multiple of 0.5, exact in binary floating point.
  return Math.min(periodDays, Math.floor(lopDays + 0.5));
}

export function formatEcrLine(fields: readonly (string | number)[]): string {
  return fields.map(String).join(ECR_SEPARATOR);
}

export function buildEcr(input: EcrInput): EcrFile {
  const rates = epfRatesFor(firstDayOfMonth(input.month));
  const limit = rates.epsAgeLimitYears;
  const errors: FilingIssue[] = [];
  const warnings: FilingIssue[] = [];
  const members = input.members.filter(isEpfMember);

  const byUan = new Map<string, EcrMemberInput[]>();
  for (const m of members) {
    const uan = normaliseUan(m.uan);
    if (/^\d{12}$/.test(uan)) byUan.set(uan, [...(byUan.get(uan) ?? []), m]);
  }

  const lines = members.map((m): EcrLine => {
    const person: FilingPerson = { userId: m.userId, employeeNumber: m.employeeNumber, name: m.name };
    const issue = (field: string, message: string): FilingIssue => ({ ...person, field, message });
    const rejectedBefore = errors.length;
    const uan = normaliseUan(m.uan);
    if (uan === '') errors.push(issue('uan', 'UAN is missing'));
    else if (!/^\d{12}$/.test(uan)) errors.push(issue('uan', `UAN must be 12 digits (found ${m.uan ?? ''})`));
    else {
      const same = byUan.get(uan) ?? [];
      if (same.length > 1) errors.push(issue('uan', `UAN ${uan} is on ${String(same.length)} payslips (${same.map(personLabel).join(', ')}): EPFO refuses a member twice in one ECR`));
    }
    const cleaned = cleanEcrName(m.name);
    if (cleaned.problem) errors.push(issue('name', cleaned.problem));
    else if (cleaned.changed) warnings.push(issue('name', `Name written as ${cleaned.name} (EPFO accepts letters, spaces and dots only)`));

    const explanation: string[] = [];
    // Earlier months' wages paid here (loss of pay recovered or reversed, pay of an excluded month):
    // their wages and contributions are reported in this month, the month they are paid in
    // (docs/decisions/0160-lop-corrections-in-the-returns.md).
    const corrections = correctionsOf(m.corrections);
    const added = (k: (typeof CORRECTION_FIGURES)[number]) => corrections.reduce((sum, c) => sum + c[k], 0);
    const pfWagePaise = m.pfWagePaise + added('pfWagePaise');
    const edliWagePaise = m.edliWagePaise + added('edliWagePaise');
    const employeeEpfPaise = m.employeeEpfPaise + added('employeeEpfPaise');
    for (const c of corrections) {
      explanation.push(
        `${correctionTitle(c)} on this payslip: EPF wages ${signedRupees(c.pfWagePaise)}, EPS wages ${signedRupees(c.epsWagePaise)}, ` +
          `EDLI wages ${signedRupees(c.edliWagePaise)}; employee share ${signedRupees(c.employeeEpfPaise)}, EPS ${signedRupees(c.epsPaise)}, ` +
          `employer EPF ${signedRupees(c.employerEpfPaise)}, added to this month's own (NCP days stay this month's)`,
      );
    }
    const age = m.dateOfBirth ? ageOn(m.dateOfBirth, input.periodStart) : null;
    const epsStopped = age !== null && age >= limit;
    let epsWagePaise = m.epsWagePaise + added('epsWagePaise');
    let epsPaise = m.epsPaise + added('epsPaise');
    let employerPaise = m.employerEpfPaise + added('employerEpfPaise');
    if (epsStopped) {
      if (epsWagePaise > 0 || epsPaise > 0) {
        warnings.push(issue('eps', `Aged ${String(age)} on ${formatDisplayDate(input.periodStart)}: EPS wages reported as 0 and the EPS of ${rupeeText(epsPaise)} as the employer's EPF share`));
      }
      employerPaise += epsPaise;
      epsWagePaise = 0;
      epsPaise = 0;
      explanation.push(`EPS wages 0: aged ${String(age)} on ${formatDisplayDate(input.periodStart)} (born ${formatDisplayDate(m.dateOfBirth ?? '')}); no pension contribution from ${String(limit)}`);
    }
    if (corrections.length > 0) {
      const negative = (
        [
          ['EPF wages', pfWagePaise],
          ['EPS wages', epsWagePaise],
          ['EDLI wages', edliWagePaise],
          ['employee share', employeeEpfPaise],
          ['EPS', epsPaise],
          ['employer EPF', employerPaise],
        ] as const
      ).filter(([, v]) => v < 0);
      if (negative.length > 0) {
        errors.push(issue('lopCorrection', `The loss of pay recovered for earlier months is more than this month's ${negative.map(([what]) => what).join(', ')}: the ECR cannot carry a negative figure; file the recovery with EPFO separately`));
      }
      const ceiling = rates.wageCeilingPaise;
      for (const [what, total, own] of [
        ['EPS wages', epsWagePaise, m.epsWagePaise],
        ['EDLI wages', edliWagePaise, m.edliWagePaise],
      ] as const) {
        if (total > ceiling && own <= ceiling) {
          const source = corrections.every((c) => c.kind === 'lop') ? 'loss of pay reversed for earlier months' : corrections.every((c) => c.kind === 'excluded') ? 'pay of earlier months excluded from processing' : 'wages of earlier months';
          const field = corrections.some((c) => c.kind === 'lop') ? 'lopCorrection' : 'excludedPay';
          warnings.push(issue(field, `${what} ${rupeeText(total)} include ${rupeeText(total - own)} of ${source}, above the ${rupeeText(ceiling)} ceiling: EPFO may ask for it in an arrear ECR of those months`));
        }
      }
    }
    const nonWagePaise = m.nonWagePaise ?? 0;
    const grossWagesPaise = m.grossPaise - nonWagePaise;
    const line = {
      grossWages: wholeRupees(grossWagesPaise),
      epfWages: wholeRupees(pfWagePaise),
      epsWages: wholeRupees(epsWagePaise),
      edliWages: wholeRupees(edliWagePaise),
      employeeShare: wholeRupees(employeeEpfPaise),
      epsShare: wholeRupees(epsPaise),
      employerShare: wholeRupees(employerPaise),
      ncpDays: computeNcpDays(m.lopDays, m.periodDays),
      refundOfAdvances: 0,
    };
    if (nonWagePaise !== 0) {
      explanation.push(`Gross wages ${rupeeText(grossWagesPaise)}: the payslip's gross ${rupeeText(m.grossPaise)} less ${rupeeText(nonWagePaise)} of reimbursements and arrears of earlier months, which are not this month's wages`);
    }
    explanation.push(
      `Gross wages ${rupeeText(grossWagesPaise)}; EPF wages ${rupeeText(pfWagePaise)}; EPS wages ${rupeeText(epsWagePaise)}; EDLI wages ${rupeeText(edliWagePaise)} (payslip)`,
      `Employee share ${rupeeText(employeeEpfPaise)}; EPS ${rupeeText(epsPaise)}; employer EPF ${rupeeText(employerPaise)} (payslip lines)`,
      `NCP days ${String(line.ncpDays)}: loss of pay ${String(m.lopDays)} days${Number.isInteger(m.lopDays) ? '' : ' (half a day or more counts as a day)'}`,
    );
    const memberName = cleaned.name;
    const text = formatEcrLine([
      uan,
      memberName,
      line.grossWages,
      line.epfWages,
      line.epsWages,
      line.edliWages,
      line.employeeShare,
      line.epsShare,
      line.employerShare,
      line.ncpDays,
      line.refundOfAdvances,
    ]);
    return { ...person, uan, memberName, ...line, text, explanation, rejected: errors.length > rejectedBefore };
  });

  const valid = lines.filter((l) => !l.rejected);
  const sum = (pick: (l: EcrLine) => number) => valid.reduce((s, l) => s + pick(l), 0);
  return {
    lines,
    errors,
    warnings,
    validText: valid.map((l) => l.text).join('\n'),
    totals: {
      members: valid.length,
      grossWages: sum((l) => l.grossWages),
      epfWages: sum((l) => l.epfWages),
      epsWages: sum((l) => l.epsWages),
      edliWages: sum((l) => l.edliWages),
      employeeShare: sum((l) => l.employeeShare),
      epsShare: sum((l) => l.epsShare),
      employerShare: sum((l) => l.employerShare),
    },
  };
}

/**
 * The ECR figures of one stored payslip: its gross and what of it is not this month's wages
 * (reimbursements, arrears of earlier months), LOP and period days, the wages it stored and its EPF
 * lines (EPF_EE, EPS_ER, EPF_ER), and the earlier months' wages it paid (payslips.wages.corrections,
 * or an older payslip's lopCorrection) with their LOP_ and EXC_ EPF lines. The server and the tests
 * read payslips through this one mapping.
 */
export function ecrFiguresOfPayslip(payslip: {
  grossPaise: number;
  lopDays: number;
  daysInPeriod?: number;
  wages: { pfWagePaise: number; epsWagePaise: number; edliWagePaise: number; corrections?: readonly WageCorrection[] | undefined; lopCorrection?: Partial<CorrectionWages> | undefined };
  lines: readonly PayslipLineFigure[];
}): Pick<EcrMemberInput, 'grossPaise' | 'nonWagePaise' | 'lopDays' | 'periodDays' | 'pfWagePaise' | 'epsWagePaise' | 'edliWagePaise' | 'employeeEpfPaise' | 'epsPaise' | 'employerEpfPaise' | 'corrections'> {
  const line = (code: string) => payslip.lines.filter((l) => l.code === code).reduce((s, l) => s + l.amountPaise, 0);
  const stored = wageCorrectionsOf(payslip.wages);
  const corrections = WAGE_CORRECTION_KINDS.flatMap((kind): EcrCorrection[] => {
    const mine = stored.filter((c) => c.kind === kind);
    const prefix = WAGE_CORRECTION_CODE_PREFIX[kind];
    const sum = (k: keyof CorrectionWages) => mine.reduce((s, c) => s + c[k], 0);
    const c: EcrCorrection = {
      kind,
      months: [...new Set(mine.flatMap((x) => (x.month ? [x.month] : [])))].sort(),
      pfWagePaise: sum('pfWagePaise'),
      epsWagePaise: sum('epsWagePaise'),
      edliWagePaise: sum('edliWagePaise'),
      employeeEpfPaise: line(`${prefix}EPF_EE`),
      epsPaise: line(`${prefix}EPS_ER`),
      employerEpfPaise: line(`${prefix}EPF_ER`),
    };
    return hasCorrection(c) ? [c] : [];
  });
  return {
    ...(corrections.length > 0 ? { corrections } : {}),
    grossPaise: payslip.grossPaise,
    nonWagePaise: reimbursementsPaiseOf(payslip.lines) + arrearsEarningsPaiseOf(payslip.lines),
    lopDays: payslip.lopDays,
    ...(payslip.daysInPeriod === undefined ? {} : { periodDays: payslip.daysInPeriod }),
    pfWagePaise: payslip.wages.pfWagePaise,
    epsWagePaise: payslip.wages.epsWagePaise,
    edliWagePaise: payslip.wages.edliWagePaise,
    employeeEpfPaise: line('EPF_EE'),
    epsPaise: line('EPS_ER'),
    employerEpfPaise: line('EPF_ER'),
  };
}
