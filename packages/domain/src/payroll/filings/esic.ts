import { formatDisplayDate, type IsoDate } from '../../dates/calendar';
import { dayBefore, ddmmyyyy, type FilingIssue, type FilingPerson } from './common';
import { rupeeText } from '../../money/inr';
import { cleanEsicName } from './names';
import { arrearsMonthLabel } from '../arrears/arrears';
import { WAGE_CORRECTION_KINDS, wageCorrectionsOf, type WageCorrectionKind } from '../arrears/wage-corrections';

/**
 * ESIC monthly contribution (payroll-rules §4; ESIC's MC Excel template and its instructions): one
 * row per insured person (IP) with six columns — IP number (10 digits), IP name (only alphabets and
 * space), number of days for which wages were paid (whole; fractions round up), total monthly
 * wages, reason code for zero working days, last working day (dd/MM/yyyy; for codes 2–6 only).
 * "Every IP mapped to the employer must appear": an IP who contributed last month appears this
 * month too, with zero days and a reason when there is no pay.
 */

/** ESIC's reason codes for zero working days. */
export const ESIC_REASON_CODES = {
  none: 0,
  onLeave: 1,
  leftService: 2,
  retired: 3,
  /** Valid only in April and October (the first month of a contribution period). */
  outOfCoverage: 4,
  expired: 5,
  nonImplementedArea: 6,
} as const;
export type EsicReasonCode = (typeof ESIC_REASON_CODES)[keyof typeof ESIC_REASON_CODES];

export const ESIC_REASON_LABELS: Record<EsicReasonCode, string> = {
  0: 'Without reason',
  1: 'On leave',
  2: 'Left service',
  3: 'Retired',
  4: 'Out of coverage',
  5: 'Expired',
  6: 'Non-implemented area',
};

/** The six columns of ESIC's monthly contribution template, as its header row spells them. */
export const ESIC_TEMPLATE_HEADERS = [
  'IP Number (10 Digits)',
  'IP Name (Only alphabets and space)',
  'No of Days for which wages paid/payable during the month',
  'Total Monthly Wages',
  'Reason Code for Zero workings days(numeric only; provide 0 for all other reasons- Click on the link for reference)',
  'Last Working Day (Format DD/MM/YYYY or DD-MM-YYYY)',
] as const;

export interface EsicMemberInput extends FilingPerson {
  ipNumber: string | null;
  /** This month's payslip, or null when the IP has none (left, held out of the month). */
  payslip: {
    payableDays: number;
    /** payslips.wages.esiWagePaise */
    esiWagePaise: number;
    /** The payslip charged ESI (an ESI line or ESI wages). */
    esiCharged: boolean;
    /**
     * ESI wages of earlier months paid on this payslip (payslips.wages.corrections): loss of pay
     * recovered or reversed, pay of a month the employee was excluded from. Wages paid in this
     * contribution period, reported with this month's own. Default none.
     */
    corrections?: readonly EsicCorrection[];
  } | null;
  /** The IP contributed in the previous month (its finalized payslip charged ESI). */
  coveredLastMonth: boolean;
  /** users.date_of_leaving, the last working day of a leaver. */
  dateOfLeaving: IsoDate | null;
}

/** The ESI wages of one kind of earlier months' pay on the payslip. */
export interface EsicCorrection {
  kind: WageCorrectionKind;
  /** 'YYYY-MM', oldest first (empty: not kept). */
  months: readonly string[];
  esiWagePaise: number;
}

/** A stored payslip's earlier months' ESI wages, one entry per kind (wageCorrectionsOf). */
export function esicCorrectionsOfWages(wages: Parameters<typeof wageCorrectionsOf>[0]): EsicCorrection[] {
  const stored = wageCorrectionsOf(wages).filter((c) => c.esiWagePaise !== 0);
  return WAGE_CORRECTION_KINDS.flatMap((kind) => {
    const mine = stored.filter((c) => c.kind === kind);
    if (mine.length === 0) return [];
    const months = [...new Set(mine.flatMap((c) => (c.month ? [c.month] : [])))].sort();
    return [{ kind, months, esiWagePaise: mine.reduce((s, c) => s + c.esiWagePaise, 0) }];
  });
}

function esicCorrectionText(c: EsicCorrection): string {
  const amount = `${c.esiWagePaise < 0 ? '−' : '+'} ${rupeeText(Math.abs(c.esiWagePaise))}`;
  const months = c.months.map(arrearsMonthLabel).join(', ');
  if (c.kind === 'excluded') return `${amount} of pay for ${months || 'earlier months'} excluded from processing (paid in this month)`;
  return `${amount} of loss of pay ${c.esiWagePaise < 0 ? 'recovered' : 'reversed'} for ${months || 'earlier months'} (paid in this month)`;
}

export interface EsicInput {
  /** 'YYYY-MM'. */
  month: string;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  members: readonly EsicMemberInput[];
}

export interface EsicRow extends FilingPerson {
  ipNumber: string;
  ipName: string;
  days: number;
  wagesPaise: number;
  reasonCode: EsicReasonCode;
  /** 'dd/MM/yyyy' or ''. */
  lastWorkingDay: string;
  explanation: string[];
  rejected: boolean;
}

export interface EsicFile {
  rows: EsicRow[];
  errors: FilingIssue[];
  warnings: FilingIssue[];
  totals: { members: number; wagesPaise: number };
}

export function normaliseIpNumber(raw: string | null): string {
  return (raw ?? '').replace(/\s+/g, '');
}

/** Contribution periods run April–September and October–March (india-tax-rules §11). */
function startsContributionPeriod(month: string): boolean {
  return month.endsWith('-04') || month.endsWith('-10');
}

interface Decided {
  days: number;
  wagesPaise: number;
  reasonCode: EsicReasonCode;
  lastWorkingDay: IsoDate | null;
  explanation: string[];
  warning?: string;
  error?: string;
}

function decide(m: EsicMemberInput, input: EsicInput): Decided | null {
  const leftBy = m.dateOfLeaving !== null && m.dateOfLeaving <= input.periodEnd ? m.dateOfLeaving : null;
  const slip = m.payslip;
  if (slip?.esiCharged) {
    const days = Math.ceil(slip.payableDays);
    const corrections = (slip.corrections ?? []).filter((c) => c.esiWagePaise !== 0);
    const wagesPaise = slip.esiWagePaise + corrections.reduce((s, c) => s + c.esiWagePaise, 0);
    const explanation = [
      `Days ${String(days)}: ${String(slip.payableDays)} payable days${days !== slip.payableDays ? ', a fraction rounded up' : ''}`,
      corrections.length === 0
        ? `Wages ${rupeeText(wagesPaise)}: the payslip's ESI wages`
        : `Wages ${rupeeText(wagesPaise)}: the payslip's ESI wages ${rupeeText(slip.esiWagePaise)} ${corrections.map(esicCorrectionText).join(' ')}`,
    ];
    const error = wagesPaise < 0 ? "The loss of pay recovered for earlier months is more than this month's ESI wages: the return cannot carry negative wages; settle the recovery with ESIC separately" : undefined;
    const decided = { days, wagesPaise, lastWorkingDay: null, explanation, ...(error ? { error } : {}) };
    if (leftBy) return { ...decided, reasonCode: 2, lastWorkingDay: leftBy, explanation: [...explanation, `Left service: last working day ${formatDisplayDate(leftBy)}`] };
    if (days === 0) return { ...decided, reasonCode: 1, explanation: [...explanation, 'No days paid: on leave (loss of pay all month)'] };
    return { ...decided, reasonCode: 0 };
  }
  // No ESI on this month's payslip (or no payslip): only an IP of last month still appears.
  if (!m.coveredLastMonth) return null;
  if (leftBy) {
    // Left before this period: last month's return said so, and the IP is no longer listed.
    if (leftBy < input.periodStart) return null;
    return { days: slip ? Math.ceil(slip.payableDays) : 0, wagesPaise: 0, reasonCode: 2, lastWorkingDay: leftBy, explanation: [`Left service: last working day ${formatDisplayDate(leftBy)}`] };
  }
  if (slip && slip.payableDays === 0) return { days: 0, wagesPaise: 0, reasonCode: 1, lastWorkingDay: null, explanation: ['No days paid: on leave (loss of pay all month)'] };
  if (slip && startsContributionPeriod(input.month)) {
    // Wages above the ceiling take effect only from a new contribution period (ESIC: code 4 is
    // valid only in April and October); the last working day in coverage is the period's eve.
    const last = dayBefore(input.periodStart);
    return {
      days: 0,
      wagesPaise: 0,
      reasonCode: 4,
      lastWorkingDay: last,
      explanation: [`Out of coverage from this contribution period: wages above the ESI ceiling (covered to ${formatDisplayDate(last)})`],
    };
  }
  return {
    days: slip ? Math.ceil(slip.payableDays) : 0,
    wagesPaise: 0,
    reasonCode: 0,
    lastWorkingDay: null,
    explanation: [slip ? 'ESI was not charged on this month’s payslip' : 'No payslip this month'],
    warning: slip
      ? 'Contributed last month but no ESI on this month’s payslip: reported with no wages. Check the ESI settings and the employee’s coverage.'
      : 'Contributed last month but has no payslip this month: reported with no days and no wages (reason 0).',
  };
}

export function buildEsicReturn(input: EsicInput): EsicFile {
  const errors: FilingIssue[] = [];
  const warnings: FilingIssue[] = [];
  const decided = input.members.flatMap((m) => {
    const d = decide(m, input);
    return d ? [{ m, d }] : [];
  });
  const byIp = new Map<string, number>();
  for (const { m } of decided) {
    const ip = normaliseIpNumber(m.ipNumber);
    if (/^\d{10}$/.test(ip)) byIp.set(ip, (byIp.get(ip) ?? 0) + 1);
  }
  const rows = decided.map(({ m, d }): EsicRow => {
    const person: FilingPerson = { userId: m.userId, employeeNumber: m.employeeNumber, name: m.name };
    const issue = (field: string, message: string): FilingIssue => ({ ...person, field, message });
    const before = errors.length;
    const ip = normaliseIpNumber(m.ipNumber);
    if (ip === '') errors.push(issue('ipNumber', 'ESI IP number is missing'));
    else if (!/^\d{10}$/.test(ip)) errors.push(issue('ipNumber', `ESI IP number must be 10 digits (found ${m.ipNumber ?? ''})`));
    else if ((byIp.get(ip) ?? 0) > 1) errors.push(issue('ipNumber', `IP number ${ip} is on ${String(byIp.get(ip))} rows: ESIC refuses an IP twice in one month`));
    const cleaned = cleanEsicName(m.name);
    if (cleaned.problem) errors.push(issue('name', cleaned.problem));
    else if (cleaned.changed) warnings.push(issue('name', `Name written as ${cleaned.name} (ESIC accepts letters and spaces only)`));
    if (d.warning) warnings.push(issue('esi', d.warning));
    if (d.error) errors.push(issue('lopCorrection', d.error));
    return {
      ...person,
      ipNumber: ip,
      ipName: cleaned.name,
      days: d.days,
      wagesPaise: d.wagesPaise,
      reasonCode: d.reasonCode,
      lastWorkingDay: d.lastWorkingDay ? ddmmyyyy(d.lastWorkingDay) : '',
      explanation: d.explanation,
      rejected: errors.length > before,
    };
  });
  const valid = rows.filter((r) => !r.rejected);
  return { rows, errors, warnings, totals: { members: valid.length, wagesPaise: valid.reduce((s, r) => s + r.wagesPaise, 0) } };
}
