import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPayrollJournal, journalKey, type JournalPayslip, type LedgerAccount } from './journal';

/**
 * The payroll journal: debits = credits whatever the payslips and the mapping (a property), the
 * net pay credited equals Σ net pay (payroll-rules §2: "Σ net pay = bank file total = salary
 * payable in the journal"), and a worked month by hand.
 */

const R = (rupees: number): number => Math.round(rupees * 100);
const LABELS = { netPay: 'Net pay payable', employerExpense: 'Employer contribution expense' };
const acct = (accountCode: string, accountName: string): LedgerAccount => ({ accountCode, accountName });

const FULL_MAPPING = new Map<string, LedgerAccount>([
  [journalKey('earning', 'BASIC'), acct('5001', 'Salaries and wages')],
  [journalKey('earning', 'HRA'), acct('5001', 'Salaries and wages')],
  [journalKey('deduction', 'EPF_EE'), acct('2101', 'PF payable')],
  [journalKey('employer', 'EPF_ER'), acct('2101', 'PF payable')],
  [journalKey('employer', 'EPS_ER'), acct('2101', 'PF payable')],
  [journalKey('employer', 'EDLI'), acct('2101', 'PF payable')],
  [journalKey('employer', 'EPF_ADMIN'), acct('2101', 'PF payable')],
  [journalKey('deduction', 'PT'), acct('2103', 'Professional tax payable')],
  [journalKey('deduction', 'TDS'), acct('2104', 'TDS payable')],
  [journalKey('total', 'NET_PAY'), acct('2110', 'Salary payable')],
  [journalKey('total', 'EMPLOYER_EXPENSE'), acct('5002', 'Employer contributions')],
]);

describe('payroll journal: a worked month', () => {
  it('two payslips by hand', () => {
    // A: Basic 30,000 + HRA 12,000 = 42,000; EPF 1,800 + PT 200 = 2,000 → net 40,000; employer EPF 550 + EPS 1,250 + EDLI 75 + admin 75 = 1,950.
    // B: Basic 60,000; EPF 1,800 + PT 200 + TDS 5,000 = 7,000 → net 53,000; employer 1,950.
    const a: JournalPayslip = {
      netPaise: R(40_000),
      lines: [
        { section: 'earning', code: 'BASIC', label: 'Basic', amountPaise: R(30_000) },
        { section: 'earning', code: 'HRA', label: 'HRA', amountPaise: R(12_000) },
        { section: 'deduction', code: 'EPF_EE', label: 'Provident Fund (EPF)', amountPaise: R(1_800) },
        { section: 'deduction', code: 'PT', label: 'Professional Tax', amountPaise: R(200) },
        { section: 'employer', code: 'EPF_ER', label: 'EPF (employer)', amountPaise: R(550) },
        { section: 'employer', code: 'EPS_ER', label: 'EPS (employer)', amountPaise: R(1_250) },
        { section: 'employer', code: 'EDLI', label: 'EDLI', amountPaise: R(75) },
        { section: 'employer', code: 'EPF_ADMIN', label: 'EPF admin charges', amountPaise: R(75) },
      ],
    };
    const b: JournalPayslip = {
      netPaise: R(53_000),
      lines: [
        { section: 'earning', code: 'BASIC', label: 'Basic', amountPaise: R(60_000) },
        { section: 'deduction', code: 'EPF_EE', label: 'Provident Fund (EPF)', amountPaise: R(1_800) },
        { section: 'deduction', code: 'PT', label: 'Professional Tax', amountPaise: R(200) },
        { section: 'deduction', code: 'TDS', label: 'Income Tax (TDS)', amountPaise: R(5_000) },
        { section: 'employer', code: 'EPF_ER', label: 'EPF (employer)', amountPaise: R(550) },
        { section: 'employer', code: 'EPS_ER', label: 'EPS (employer)', amountPaise: R(1_250) },
        { section: 'employer', code: 'EDLI', label: 'EDLI', amountPaise: R(75) },
        { section: 'employer', code: 'EPF_ADMIN', label: 'EPF admin charges', amountPaise: R(75) },
      ],
    };
    const j = buildPayrollJournal([a, b], FULL_MAPPING, LABELS);
    expect(j.unmapped).toEqual([]);
    expect(j.lines.map((l) => [l.accountCode, l.accountName, l.debitPaise / 100, l.creditPaise / 100])).toEqual([
      // Salaries: 90,000 + 12,000 = 1,02,000; employer contributions 2 × 1,950 = 3,900.
      ['5001', 'Salaries and wages', 102_000, 0],
      ['5002', 'Employer contributions', 3_900, 0],
      // PF payable: employee 3,600 + employer 3,900 = 7,500; PT 400; TDS 5,000; net 93,000.
      ['2110', 'Salary payable', 0, 93_000],
      ['2101', 'PF payable', 0, 7_500],
      ['2103', 'Professional tax payable', 0, 400],
      ['2104', 'TDS payable', 0, 5_000],
    ]);
    // 1,02,000 + 3,900 = 1,05,900 = 93,000 + 7,500 + 400 + 5,000.
    expect(j.totalDebitPaise).toBe(R(105_900));
    expect(j.totalCreditPaise).toBe(R(105_900));
    expect(j.lines[0]?.narration).toBe('Basic ₹90,000; HRA ₹12,000');
  });

  it('loss of pay corrected for earlier months: one component per direction under a fixed name; a recovery on its own account is a credit', () => {
    // A: Basic 30,000 less 26 Nov recovered 1,000 → net 29,000. B: Basic 30,000 less 3–4 Nov recovered 2,000, plus
    // 12 Nov reversed 1,000 → net 29,000. Recoveries −3,000 on "Salary recoveries": a credit of 3,000, never a debit of −3,000.
    // Debits: salaries 60,000 + reversals 1,000 = 61,000. Credits: salary payable 58,000 + recoveries 3,000 = 61,000.
    const a: JournalPayslip = {
      netPaise: R(29_000),
      lines: [
        { section: 'earning', code: 'BASIC', label: 'Basic', amountPaise: R(30_000) },
        { section: 'earning', code: 'LOP_RECOVERY', label: 'Loss of Pay 26 Nov 2026, 1 day, recovered', amountPaise: R(-1_000) },
      ],
    };
    const b: JournalPayslip = {
      netPaise: R(29_000),
      lines: [
        { section: 'earning', code: 'BASIC', label: 'Basic', amountPaise: R(30_000) },
        { section: 'earning', code: 'LOP_RECOVERY', label: 'Loss of Pay 03 Nov 2026, 04 Nov 2026, 2 days, recovered', amountPaise: R(-2_000) },
        { section: 'earning', code: 'LOP_REVERSAL', label: 'Loss of Pay 12 Nov 2026, 1 day, reversed', amountPaise: R(1_000) },
      ],
    };
    const mapping = new Map(FULL_MAPPING);
    mapping.set(journalKey('earning', 'LOP_RECOVERY'), acct('5009', 'Salary recoveries'));
    mapping.set(journalKey('earning', 'LOP_REVERSAL'), acct('5001', 'Salaries and wages'));
    const j = buildPayrollJournal([a, b], mapping, LABELS);
    expect(j.components.filter((c) => c.code.startsWith('LOP_')).map((c) => [c.label, c.amountPaise / 100])).toEqual([
      ['Loss of Pay recovered (earlier months)', -3_000],
      ['Loss of Pay reversed (earlier months)', 1_000],
    ]);
    expect(j.lines.map((l) => [l.accountCode, l.side, l.debitPaise / 100, l.creditPaise / 100])).toEqual([
      ['5001', 'debit', 61_000, 0],
      ['5009', 'credit', 0, 3_000],
      ['2110', 'credit', 0, 58_000],
    ]);
    expect(j.lines[1]?.narration).toBe('Loss of Pay recovered (earlier months) −₹3,000');
    expect(j.totalDebitPaise).toBe(R(61_000));
    expect(j.totalCreditPaise).toBe(R(61_000));
  });

  it('lists the components without an account (and leaves them out of the lines)', () => {
    const mapping = new Map(FULL_MAPPING);
    mapping.delete(journalKey('deduction', 'TDS'));
    mapping.delete(journalKey('total', 'NET_PAY'));
    const j = buildPayrollJournal(
      [{ netPaise: R(9_000), lines: [{ section: 'earning', code: 'BASIC', label: 'Basic', amountPaise: R(10_000) }, { section: 'deduction', code: 'TDS', label: 'Income Tax (TDS)', amountPaise: R(1_000) }] }],
      mapping,
      LABELS,
    );
    expect(j.unmapped.map((c) => [c.section, c.code, c.label, c.side, c.amountPaise / 100])).toEqual([
      ['total', 'NET_PAY', 'Net pay payable', 'credit', 9_000],
      ['deduction', 'TDS', 'Income Tax (TDS)', 'credit', 1_000],
    ]);
  });
});

describe('payroll journal: debits = credits (property)', () => {
  const CODES = {
    earning: ['BASIC', 'HRA', 'SPECIAL', 'ADJ_BONUS'],
    deduction: ['EPF_EE', 'ESI_EE', 'PT', 'LWF_EE', 'TDS', 'DED_x', 'ADJ_LOAN_RECOVERY'],
    employer: ['EPF_ER', 'EPS_ER', 'EDLI', 'EPF_ADMIN', 'ESI_ER', 'LWF_ER'],
  } as const;
  const ACCOUNTS = [acct('1', 'One'), acct('2', 'Two'), acct('3', 'Three'), acct('4', 'Four')];

  const line = (section: keyof typeof CODES) =>
    fc.record({ section: fc.constant(section), code: fc.constantFrom(...CODES[section]), label: fc.constant('x'), amountPaise: fc.integer({ min: 0, max: 50_000_000 }) });

  const payslip = fc
    .tuple(fc.array(line('earning'), { minLength: 1, maxLength: 5 }), fc.array(line('deduction'), { maxLength: 6 }), fc.array(line('employer'), { maxLength: 6 }))
    .map(([earnings, deductions, employer]): JournalPayslip => {
      const gross = earnings.reduce((s, l) => s + l.amountPaise, 0);
      // A payslip never has negative net pay: deductions are cut to the gross.
      let left = gross;
      const cut = deductions.map((d) => {
        const amountPaise = Math.min(d.amountPaise, left);
        left -= amountPaise;
        return { ...d, amountPaise };
      });
      return { netPaise: left, lines: [...earnings, ...cut, ...employer] };
    });

  // Any mapping of every component (accounts shared between components and sides at random).
  const mapping = fc.array(fc.constantFrom(...ACCOUNTS), { minLength: 20, maxLength: 20 }).map((picks) => {
    const keys = [...Object.entries(CODES).flatMap(([section, codes]) => codes.map((c) => journalKey(section, c))), journalKey('total', 'NET_PAY'), journalKey('total', 'EMPLOYER_EXPENSE')];
    return new Map(keys.map((k, i) => [k, picks[i % picks.length] ?? ACCOUNTS[0] ?? acct('1', 'One')]));
  });

  it('every fully mapped month balances, and net pay payable is Σ net pay', () => {
    fc.assert(
      fc.property(fc.array(payslip, { minLength: 1, maxLength: 30 }), mapping, (slips, accounts) => {
        const j = buildPayrollJournal(slips, accounts, LABELS);
        expect(j.unmapped).toEqual([]);
        expect(j.totalDebitPaise).toBe(j.totalCreditPaise);
        const gross = slips.flatMap((s) => s.lines).filter((l) => l.section === 'earning').reduce((s, l) => s + l.amountPaise, 0);
        const employer = slips.flatMap((s) => s.lines).filter((l) => l.section === 'employer').reduce((s, l) => s + l.amountPaise, 0);
        expect(j.totalDebitPaise).toBe(gross + employer);
        const net = j.components.find((c) => c.code === 'NET_PAY')?.amountPaise ?? 0;
        expect(net).toBe(slips.reduce((s, p) => s + p.netPaise, 0));
        for (const l of j.lines) expect(l.debitPaise === 0 || l.creditPaise === 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
