import { rupeeText } from '../../money/inr';

/**
 * The challans (ITNS 281) an organisation paid its salary TDS with, and which challan each
 * employee's deduction of a month was deposited under (Form 24Q Annexure I, the deductee rows
 * "under" a challan; payroll-rules §4, rule 31A).
 *
 * A challan covers one or more payroll months. Its tax, surcharge and cess are what can be
 * credited to deductees; interest, fee (s.234E) and others are paid with it but credited to no one.
 * Pure: amounts in paise.
 */

/** Minor head of the challan: 200 TDS payable by taxpayer (the deductor), 400 on regular assessment (a demand). */
export type ChallanMinorHead = '200' | '400';

export interface TdsChallan {
  id: string;
  /** Bank branch's BSR code, seven digits. */
  bsrCode: string;
  /** 'YYYY-MM-DD'. */
  depositedOn: string;
  /** The bank's challan serial number, five digits. */
  serialNumber: string;
  minorHead: ChallanMinorHead;
  taxPaise: number;
  surchargePaise: number;
  cessPaise: number;
  interestPaise: number;
  feePaise: number;
  othersPaise: number;
  /** Payroll months ('YYYY-MM') whose TDS it deposits. */
  months: readonly string[];
}

/** BSR code: seven digits. */
export const BSR_CODE_PATTERN = /^[0-9]{7}$/;
/** Challan serial number: five digits. */
export const CHALLAN_SERIAL_PATTERN = /^[0-9]{5}$/;

/** What the challan can credit to deductees: tax + surcharge + cess. */
export const challanCreditablePaise = (c: TdsChallan): number => c.taxPaise + c.surchargePaise + c.cessPaise;
/** The challan's whole amount: creditable + interest + fee + others. */
export const challanTotalPaise = (c: TdsChallan): number => challanCreditablePaise(c) + c.interestPaise + c.feePaise + c.othersPaise;

export interface DeductionToMatch {
  /** Any key of the caller's row. */
  key: string;
  month: string;
  tdsPaise: number;
}

export interface MatchedDeduction {
  key: string;
  /** The challan the row is reported under, or null (no challan of its month has room). */
  challanId: string | null;
  depositedPaise: number;
}

export interface MonthDeposit {
  month: string;
  deductedPaise: number;
  depositedPaise: number;
  /** Deducted − deposited, when positive. */
  shortfallPaise: number;
}

/**
 * Matches each deduction to a challan of its month. Challans of a month are taken in the order of
 * deposit (date, then serial), rows in the caller's order; a row goes whole under the first
 * challan with room for it; when none has room it goes under the one with most room left and is
 * deposited only up to that room (the rest is the month's shortfall). A row with no TDS is
 * reported under the month's first challan with nothing deposited (the return lists every
 * employee paid), or under none when the month has no challan.
 */
export function matchChallans(rows: readonly DeductionToMatch[], challans: readonly TdsChallan[]): { rows: MatchedDeduction[]; months: MonthDeposit[] } {
  const room = new Map(challans.map((c) => [c.id, challanCreditablePaise(c)]));
  const ordered = [...challans].sort((a, b) => a.depositedOn.localeCompare(b.depositedOn) || a.serialNumber.localeCompare(b.serialNumber) || a.id.localeCompare(b.id));
  const matched = rows.map((r): MatchedDeduction => {
    const candidates = ordered.filter((c) => c.months.includes(r.month));
    if (candidates.length === 0) return { key: r.key, challanId: null, depositedPaise: 0 };
    const whole = candidates.find((c) => (room.get(c.id) ?? 0) >= r.tdsPaise);
    const chosen = whole ?? candidates.reduce((best, c) => ((room.get(c.id) ?? 0) > (room.get(best.id) ?? 0) ? c : best));
    const left = room.get(chosen.id) ?? 0;
    const deposited = Math.min(left, r.tdsPaise);
    room.set(chosen.id, left - deposited);
    return { key: r.key, challanId: chosen.id, depositedPaise: deposited };
  });
  const monthsSeen = [...new Set(rows.map((r) => r.month))];
  const months = monthsSeen.map((month): MonthDeposit => {
    const deducted = rows.filter((r) => r.month === month).reduce((s, r) => s + r.tdsPaise, 0);
    const deposited = rows.reduce((s, r, i) => (r.month === month ? s + (matched[i]?.depositedPaise ?? 0) : s), 0);
    return { month, deductedPaise: deducted, depositedPaise: deposited, shortfallPaise: Math.max(0, deducted - deposited) };
  });
  return { rows: matched, months };
}

/** The warning of a month whose deductions exceed its challans. */
export function shortfallWarning(monthLabel: string, shortfallPaise: number): string {
  return `TDS deducted in ${monthLabel} exceeds the challans recorded for it by ${rupeeText(shortfallPaise)}: record the challan it was deposited with`;
}
