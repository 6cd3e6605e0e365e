import { componentLabelOf } from '../arrears/lop-adjustments';
import { rupeeText } from '../../money/inr';

/**
 * The payroll journal (payroll-rules §4 "components mapped to ledger accounts,
 * debits = credits"): one entry for a finalized month.
 *
 *   Dr  each earning's expense account              Σ earnings (gross pay)
 *   Dr  employer contribution expense               Σ employer contributions
 *     Cr  each deduction's account (EPF, ESI, PT, LWF, TDS, other recoveries)
 *     Cr  each employer contribution's payable account (EPF, EPS, EDLI, admin, ESI, LWF)
 *     Cr  net pay payable                           Σ net pay
 *
 * Each payslip's net pay is its earnings less its deductions, so the entry balances whatever the
 * mapping; several components mapped to one account make one line per side.
 */

export type JournalSection = 'earning' | 'deduction' | 'employer' | 'total';
export type JournalSide = 'debit' | 'credit';

/** The two lines that are totals rather than payslip lines. */
export const JOURNAL_TOTAL_CODES = { netPay: 'NET_PAY', employerExpense: 'EMPLOYER_EXPENSE' } as const;

/** Earnings and the employer expense are debits; everything owed to someone is a credit. */
export function journalSideOf(section: JournalSection, code: string): JournalSide {
  if (section === 'earning') return 'debit';
  if (section === 'total') return code === JOURNAL_TOTAL_CODES.employerExpense ? 'debit' : 'credit';
  return 'credit';
}

export interface LedgerAccount {
  accountCode: string;
  accountName: string;
}

export interface JournalPayslip {
  netPaise: number;
  lines: readonly { section: 'earning' | 'deduction' | 'employer'; code: string; label: string; amountPaise: number }[];
}

/** One component's amount for the month, and where it goes. */
export interface JournalComponent {
  section: JournalSection;
  code: string;
  label: string;
  side: JournalSide;
  amountPaise: number;
  account: LedgerAccount | null;
}

export interface JournalLine extends LedgerAccount {
  side: JournalSide;
  debitPaise: number;
  creditPaise: number;
  /** What the line is made of: "Basic ₹1,20,000; HRA ₹48,000". */
  narration: string;
  components: JournalComponent[];
}

export interface PayrollJournal {
  components: JournalComponent[];
  /** Components with an amount and no account: the journal cannot be posted until they are mapped. */
  unmapped: JournalComponent[];
  lines: JournalLine[];
  totalDebitPaise: number;
  totalCreditPaise: number;
}

export const journalKey = (section: string, code: string): string => `${section}:${code}`;

const SECTION_ORDER: Record<JournalSection, number> = { earning: 0, total: 1, deduction: 2, employer: 3 };

/**
 * The month's journal. `accounts` maps `journalKey(section, code)` to a ledger account; `labels`
 * gives the totals' names. Components with a zero total are left out.
 */
export function buildPayrollJournal(payslips: readonly JournalPayslip[], accounts: ReadonlyMap<string, LedgerAccount>, labels: { netPay: string; employerExpense: string }): PayrollJournal {
  const byKey = new Map<string, JournalComponent & { rank: number }>();
  let netPaise = 0;
  let employerPaise = 0;
  let rank = 0;
  for (const slip of payslips) {
    netPaise += slip.netPaise;
    for (const line of slip.lines) {
      if (line.section === 'employer') employerPaise += line.amountPaise;
      const key = journalKey(line.section, line.code);
      const seen = byKey.get(key);
      if (seen) seen.amountPaise += line.amountPaise;
      else byKey.set(key, { section: line.section, code: line.code, label: componentLabelOf(line), side: journalSideOf(line.section, line.code), amountPaise: line.amountPaise, account: accounts.get(key) ?? null, rank: rank++ });
    }
  }
  const totals: (JournalComponent & { rank: number })[] = [
    { section: 'total', code: JOURNAL_TOTAL_CODES.employerExpense, label: labels.employerExpense, side: 'debit', amountPaise: employerPaise, account: accounts.get(journalKey('total', JOURNAL_TOTAL_CODES.employerExpense)) ?? null, rank: rank++ },
    { section: 'total', code: JOURNAL_TOTAL_CODES.netPay, label: labels.netPay, side: 'credit', amountPaise: netPaise, account: accounts.get(journalKey('total', JOURNAL_TOTAL_CODES.netPay)) ?? null, rank },
  ];
  const components = [...byKey.values(), ...totals]
    .filter((c) => c.amountPaise !== 0)
    .sort((a, b) => SECTION_ORDER[a.section] - SECTION_ORDER[b.section] || a.rank - b.rank)
    .map(({ rank: _rank, ...c }) => c);

  const lines = new Map<string, JournalLine>();
  for (const c of components) {
    if (!c.account) continue;
    const key = `${c.side}\u0000${c.account.accountCode}\u0000${c.account.accountName}`;
    const line = lines.get(key) ?? { ...c.account, side: c.side, debitPaise: 0, creditPaise: 0, narration: '', components: [] };
    if (c.side === 'debit') line.debitPaise += c.amountPaise;
    else line.creditPaise += c.amountPaise;
    line.components.push(c);
    lines.set(key, line);
  }
  // An account whose components net below zero on their side (a recovery of loss of pay mapped to an
  // account of its own) is posted on the other side: a journal carries no negative debit or credit.
  const out = [...lines.values()].map((l) => {
    const narration = l.components.map((c) => `${c.label} ${c.amountPaise < 0 ? `−${rupeeText(-c.amountPaise)}` : rupeeText(c.amountPaise)}`).join('; ');
    if (l.debitPaise < 0) return { ...l, side: 'credit' as const, creditPaise: -l.debitPaise, debitPaise: 0, narration };
    if (l.creditPaise < 0) return { ...l, side: 'debit' as const, debitPaise: -l.creditPaise, creditPaise: 0, narration };
    return { ...l, narration };
  });
  // Debits first, then credits, each in the order their first component appears.
  out.sort((a, b) => (a.side === b.side ? 0 : a.side === 'debit' ? -1 : 1));
  return {
    components,
    unmapped: components.filter((c) => c.account === null),
    lines: out,
    totalDebitPaise: out.reduce((s, l) => s + l.debitPaise, 0),
    totalCreditPaise: out.reduce((s, l) => s + l.creditPaise, 0),
  };
}
