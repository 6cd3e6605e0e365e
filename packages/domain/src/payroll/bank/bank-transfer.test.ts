import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bankPaymentReference,
  bankTransferCsv,
  buildBankTransfer,
  cleanBankText,
  formatBankAmount,
  type BankPayee,
  type BankTransfer,
} from './bank-transfer';
import { isValidIfsc } from '../../org/pay-details';

/**
 * The bank file against its published layout (payroll-rules §4, "Bank transfer files"; the layouts
 * are restated in docs/decisions/0092-bank-transfer-file.md). The parser below reads a file the way a
 * bank's bulk-upload reads it — by field position and width — not through the writer's code, and
 * amounts are read as text ("45231.00") into paise with integer arithmetic.
 */

interface ParsedRecord {
  reference: string;
  name: string;
  account: string;
  ifsc: string;
  accountType: string;
  amountPaise: number;
  valueDate: string;
}
interface ParsedFile {
  header: { debitAccount: string; debitIfsc: string; valueDate: string; count: number; totalPaise: number } | null;
  records: ParsedRecord[];
}

/** '45231.00' → 4523100: at most ten digits, a point, exactly two decimals (the 12.2 field). */
function amountPaise(text: string): number {
  const m = /^(\d{1,10})\.(\d{2})$/.exec(text);
  if (!m) throw new Error(`amount field not 12.2: ${text}`);
  return Number(m[1]) * 100 + Number(m[2]);
}

function parseRecord(fields: string[]): ParsedRecord {
  if (fields.length !== 7) throw new Error(`a record has 7 fields, got ${String(fields.length)}: ${fields.join('|')}`);
  const [reference = '', name = '', account = '', ifsc = '', accountType = '', amount = '', valueDate = ''] = fields;
  if (reference.length === 0 || reference.length > 15) throw new Error(`reference width: ${reference}`);
  if (name.length === 0 || name.length > 70) throw new Error(`name width: ${name}`);
  if (account.length === 0 || account.length > 30) throw new Error(`account width: ${account}`);
  if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) throw new Error(`IFSC: ${ifsc}`);
  if (!/^\d{2}$/.test(accountType)) throw new Error(`account type: ${accountType}`);
  if (!/^\d{8}$/.test(valueDate)) throw new Error(`value date: ${valueDate}`);
  if (!/^[A-Za-z0-9 .]+$/.test(name) || !/^[A-Za-z0-9]+$/.test(reference)) throw new Error(`characters a bank refuses: ${reference} ${name}`);
  return { reference, name, account, ifsc, accountType, amountPaise: amountPaise(amount), valueDate };
}

function parseBankFile(text: string, layout: 'plainCsv' | 'controlCsv'): ParsedFile {
  if (text !== '' && !text.endsWith('\r\n')) throw new Error('lines end with CRLF');
  const lines = text === '' ? [] : text.slice(0, -2).split('\r\n');
  if (lines.some((l) => l.includes('\n') || l.includes('"'))) throw new Error('no bare newlines or quotes');
  if (layout === 'plainCsv') return { header: null, records: lines.map((l) => parseRecord(l.split(','))) };
  const [first, ...rest] = lines;
  const h = (first ?? '').split(',');
  if (h.length !== 6 || h[0] !== 'H') throw new Error(`header line: ${first ?? ''}`);
  const records = rest.map((l) => {
    const f = l.split(',');
    if (f[0] !== 'D') throw new Error(`detail line: ${l}`);
    return parseRecord(f.slice(1));
  });
  return { header: { debitAccount: h[1] ?? '', debitIfsc: h[2] ?? '', valueDate: h[3] ?? '', count: Number(h[4]), totalPaise: amountPaise(h[5] ?? '') }, records };
}

const payee = (over: Partial<BankPayee> & { payslipId: string }): BankPayee => ({
  employeeNumber: null,
  employeeName: 'Employee',
  accountHolderName: null,
  accountNumber: '50100123456789',
  ifsc: 'HDFC0001753',
  netPaise: 0,
  holdKind: null,
  latestPayment: null,
  ...over,
});

describe('bank transfer file: a worked example (November 2026, value date 30/11/2026)', () => {
  /*
   * Six payslips, amounts in rupees chosen by hand:
   *   NIL001 Aditi Agarwal      net 40,000.00  HDFC, account holder "Aditi  Agarwal"      → line 1, paid
   *   NIL002 Rahul Sharma       net 48,417.50  payout on hold                              → left out: payoutHold
   *   NIL003 Zoë D'Souza-Iyer   net 24,800.00  ICICI, name with an accent, apostrophe, hyphen → 'Zoe D Souza Iyer'
   *   NIL004 Vikram Nair        net 61,250.25  no IFSC                                     → left out: noIfsc
   *   NIL005 Priya Iyer         net 0          (whole month LOP)                           → left out: nilNetPay
   *   NIL006 Arjun Mehta        net 1,02,345.67 account '3912 3456 789' (spaces)           → '39123456789'
   * File total = 40,000.00 + 24,800.00 + 1,02,345.67 = 1,67,145.67 over 3 records.
   * Σ net of the month = 40,000 + 48,417.50 + 24,800 + 61,250.25 + 0 + 1,02,345.67 = 2,76,813.42
   *   = file total 1,67,145.67 + left out (48,417.50 + 61,250.25 + 0) 1,09,667.75.
   */
  const payees: BankPayee[] = [
    payee({ payslipId: 'p6', employeeNumber: 'NIL006', employeeName: 'Arjun Mehta', accountNumber: '3912 3456 789', ifsc: 'sbin0040277', netPaise: 10_234_567 }),
    payee({ payslipId: 'p1', employeeNumber: 'NIL001', employeeName: 'Aditi Agarwal', accountHolderName: 'Aditi  Agarwal', netPaise: 4_000_000 }),
    payee({ payslipId: 'p2', employeeNumber: 'NIL002', employeeName: 'Rahul Sharma', netPaise: 4_841_750, holdKind: 'payout' }),
    payee({ payslipId: 'p3', employeeNumber: 'NIL003', employeeName: "Zoë D'Souza-Iyer", accountNumber: '040912345678', ifsc: 'ICIC0000409', netPaise: 2_480_000 }),
    payee({ payslipId: 'p4', employeeNumber: 'NIL004', employeeName: 'Vikram Nair', ifsc: null, netPaise: 6_125_025 }),
    payee({ payslipId: 'p5', employeeNumber: 'NIL005', employeeName: 'Priya Iyer', netPaise: 0 }),
  ];
  const transfer = buildBankTransfer({ month: '2026-11', valueDate: '2026-11-30', scope: 'all', payees });

  it('pays three and says why the other three are left out', () => {
    expect(transfer.records.map((r) => r.employeeNumber)).toEqual(['NIL001', 'NIL003', 'NIL006']);
    expect(transfer.excluded.map((e) => [e.employeeNumber, e.reason])).toEqual([
      ['NIL002', 'payoutHold'],
      ['NIL004', 'noIfsc'],
      ['NIL005', 'nilNetPay'],
    ]);
    expect(transfer.totalPaise).toBe(16_714_567);
  });

  it('writes the headerless CSV of payroll-rules §4', () => {
    const text = bankTransferCsv(transfer, 'plainCsv', null);
    expect(text).toBe(
      'SAL261100000101,Aditi Agarwal,50100123456789,HDFC0001753,10,40000.00,20261130\r\n' +
        'SAL261100000301,Zoe D Souza Iyer,040912345678,ICIC0000409,10,24800.00,20261130\r\n' +
        'SAL261100000601,Arjun Mehta,39123456789,SBIN0040277,10,102345.67,20261130\r\n',
    );
    const parsed = parseBankFile(text, 'plainCsv');
    expect(parsed.records.reduce((s, r) => s + r.amountPaise, 0)).toBe(16_714_567);
  });

  it('writes the control-total CSV: the header carries debit account, IFSC, value date, count and total', () => {
    const text = bankTransferCsv(transfer, 'controlCsv', { accountNumber: '50200 0123 4567', ifsc: 'hdfc0000001' });
    const [header] = text.split('\r\n');
    expect(header).toBe('H,5020001234567,HDFC0000001,20261130,3,167145.67');
    const parsed = parseBankFile(text, 'controlCsv');
    expect(parsed.header).toEqual({ debitAccount: '5020001234567', debitIfsc: 'HDFC0000001', valueDate: '20261130', count: 3, totalPaise: 16_714_567 });
    expect(parsed.records.map((r) => r.reference)).toEqual(['SAL261100000101', 'SAL261100000301', 'SAL261100000601']);
  });

  it('keeps a payment’s reference across downloads and gives a retry a new one', () => {
    const sent = payees.map((p) => (p.payslipId === 'p3' ? { ...p, latestPayment: { attempt: 1, reference: 'SAL261100000301', status: 'failed' as const } } : p.payslipId === 'p1' ? { ...p, latestPayment: { attempt: 1, reference: 'SAL261100000101', status: 'paid' as const } } : p.payslipId === 'p6' ? { ...p, latestPayment: { attempt: 1, reference: 'SAL261100000601', status: 'sent' as const } } : p));
    const again = buildBankTransfer({ month: '2026-11', valueDate: '2026-12-01', scope: 'all', payees: sent });
    expect(again.records.map((r) => [r.reference, r.newAttempt])).toEqual([['SAL261100000601', false]]);
    expect(again.excluded.find((e) => e.payslipId === 'p1')?.reason).toBe('alreadyPaid');
    expect(again.excluded.find((e) => e.payslipId === 'p3')?.reason).toBe('paymentFailed');

    const retry = buildBankTransfer({ month: '2026-11', valueDate: '2026-12-01', scope: 'failed', payees: sent });
    expect(retry.records.map((r) => [r.reference, r.attempt, r.newAttempt])).toEqual([['SAL261100000302', 2, true]]);
    expect(retry.excluded).toEqual([]);
    expect(retry.totalPaise).toBe(2_480_000);
  });

  it('a retry awaiting the bank stays in the retry file, not in the full one', () => {
    const retrying = payees.map((p) => (p.payslipId === 'p3' ? { ...p, latestPayment: { attempt: 2, reference: 'SAL261100000302', status: 'sent' as const } } : p));
    expect(buildBankTransfer({ month: '2026-11', valueDate: '2026-12-01', scope: 'failed', payees: retrying }).records.map((r) => r.reference)).toEqual(['SAL261100000302']);
    expect(buildBankTransfer({ month: '2026-11', valueDate: '2026-12-01', scope: 'all', payees: retrying }).excluded.find((e) => e.payslipId === 'p3')?.reason).toBe('inRetryFile');
  });
  /*
   * Rahul's payout (NIL002, ₹48,417.50, line 2) is released from hold after finalize:
   * the released file pays him alone under his line's first reference SAL261100000201; the full file
   * still leaves him out (now as 'holdReleased'), so he is never paid twice. Once the bank reports
   * the payment paid, the released file has nobody left.
   */
  it('a payout released from hold is paid by the released file alone, once', () => {
    const released = payees.map((p) => (p.payslipId === 'p2' ? { ...p, holdReleased: true } : p));
    const file = buildBankTransfer({ month: '2026-11', valueDate: '2027-01-07', scope: 'released', payees: released });
    expect(file.records.map((r) => [r.employeeNumber, r.reference, r.attempt, r.newAttempt, r.amountPaise])).toEqual([['NIL002', 'SAL261100000201', 1, true, 4_841_750]]);
    expect(file.excluded).toEqual([]);
    expect(file.totalPaise).toBe(4_841_750);
    const full = buildBankTransfer({ month: '2026-11', valueDate: '2027-01-07', scope: 'all', payees: released });
    expect(full.records.map((r) => r.employeeNumber)).toEqual(['NIL001', 'NIL003', 'NIL006']);
    expect(full.excluded.find((e) => e.payslipId === 'p2')?.reason).toBe('holdReleased');
    // Still held (not released): not part of the released file at all.
    expect(buildBankTransfer({ month: '2026-11', valueDate: '2027-01-07', scope: 'released', payees }).records).toEqual([]);

    const sent = released.map((p) => (p.payslipId === 'p2' ? { ...p, latestPayment: { attempt: 1, reference: 'SAL261100000201', status: 'sent' as const } } : p));
    expect(buildBankTransfer({ month: '2026-11', valueDate: '2027-01-07', scope: 'released', payees: sent }).records.map((r) => [r.reference, r.newAttempt])).toEqual([['SAL261100000201', false]]);
    const paid = released.map((p) => (p.payslipId === 'p2' ? { ...p, latestPayment: { attempt: 1, reference: 'SAL261100000201', status: 'paid' as const } } : p));
    const after = buildBankTransfer({ month: '2026-11', valueDate: '2027-01-08', scope: 'released', payees: paid });
    expect(after.records).toEqual([]);
    expect(after.excluded.map((e) => [e.payslipId, e.reason])).toEqual([['p2', 'alreadyPaid']]);
    expect(buildBankTransfer({ month: '2026-11', valueDate: '2027-01-08', scope: 'all', payees: paid }).excluded.find((e) => e.payslipId === 'p2')?.reason).toBe('alreadyPaid');
  });
});

describe('bank details a bank would refuse hold that payment only', () => {
  const known = (ifsc: string) => ['HDFC0001753', 'ICIC0000409'].includes(ifsc);
  const payees: BankPayee[] = [
    payee({ payslipId: 'a', employeeNumber: 'E1', employeeName: 'Aditi Agarwal', netPaise: 4_000_000 }),
    payee({ payslipId: 'b', employeeNumber: 'E2', employeeName: 'Rahul Sharma', ifsc: 'HDFC0000000', netPaise: 3_000_000 }),
    payee({ payslipId: 'c', employeeNumber: 'E3', employeeName: 'Meena Pillai', accountNumber: '12', netPaise: 2_000_000 }),
    payee({ payslipId: 'd', employeeNumber: 'E4', employeeName: 'Ravi Kumar', accountNumber: '040912345678', ifsc: 'icic0000409', netPaise: 1_000_000 }),
  ];

  it('an IFSC of no known branch and an account number of 2 digits are left out with their reasons; the others are paid', () => {
    const transfer = buildBankTransfer({ month: '2026-11', valueDate: '2026-11-30', scope: 'all', payees, isKnownIfsc: known });
    expect(transfer.records.map((r) => [r.employeeNumber, r.ifsc])).toEqual([
      ['E1', 'HDFC0001753'],
      ['E4', 'ICIC0000409'],
    ]);
    expect(transfer.excluded.map((e) => [e.employeeNumber, e.reason])).toEqual([
      ['E2', 'unknownIfsc'],
      ['E3', 'invalidBankAccount'],
    ]);
    // 40,000 + 10,000 paid; 30,000 + 20,000 held.
    expect(transfer.totalPaise).toBe(5_000_000);
  });

  it('a retry of a failed payment is held too while its IFSC names no branch', () => {
    const failed = payees.map((p) => (p.payslipId === 'b' ? { ...p, latestPayment: { attempt: 1, reference: 'SAL261100000201', status: 'failed' as const } } : p));
    const retry = buildBankTransfer({ month: '2026-11', valueDate: '2026-12-01', scope: 'failed', payees: failed, isKnownIfsc: known });
    expect(retry.records).toEqual([]);
    expect(retry.excluded.map((e) => [e.employeeNumber, e.reason])).toEqual([['E2', 'unknownIfsc']]);
  });
});

describe('bank text, amounts and references', () => {
  it('cleans names of what banks refuse and cuts them to the field', () => {
    expect(cleanBankText('  Śrī  Rāma Kṛṣṇa / Rao, Jr. ', 70)).toBe('Sri Rama Krsna Rao Jr.');
    expect(cleanBankText('अनीता राव', 70)).toBe('');
    expect(cleanBankText('A'.repeat(80), 70)).toHaveLength(70);
  });
  it('writes amounts as the 12.2 field: no grouping, two decimals', () => {
    expect(formatBankAmount(0)).toBe('0.00');
    expect(formatBankAmount(5)).toBe('0.05');
    expect(formatBankAmount(123_456_789)).toBe('1234567.89');
    expect(formatBankAmount(999_999_999_999)).toBe('9999999999.99');
    expect(() => formatBankAmount(1_000_000_000_000)).toThrow(RangeError);
    expect(() => formatBankAmount(1.5)).toThrow(RangeError);
  });
  it('references are 15 characters: SAL, YYMM, line, attempt', () => {
    expect(bankPaymentReference('2026-04', 1, 1)).toBe('SAL260400000101');
    expect(bankPaymentReference('2027-03', 999_999, 99)).toHaveLength(15);
  });
  it('checks IFSC codes (RBI: 4 letters, 0, 6 letters or digits)', () => {
    expect(isValidIfsc('HDFC0001753')).toBe(true);
    expect(isValidIfsc('hdfc0001753')).toBe(true);
    expect(isValidIfsc('HDFC1001753')).toBe(false);
    expect(isValidIfsc('HDF0001753')).toBe(false);
  });
});

describe('bank transfer file: invariants over arbitrary months (payroll-rules §2)', () => {
  const account = fc.oneof(
    fc.constant<string | null>(null),
    fc.constant(''),
    fc.constant('12-34'),
    fc.stringMatching(/^[0-9]{9,18}$/),
    fc.stringMatching(/^[0-9 ]{9,22}$/),
  );
  const ifsc = fc.oneof(fc.constant<string | null>(null), fc.constantFrom('HDFC0001753', 'icic0000409', 'SBIN0040277', 'BAD', 'UTIB1000009'));
  const name = fc.oneof(fc.string({ maxLength: 90 }), fc.constantFrom('Aditi Agarwal', "Zoë D'Souza", 'अनीता राव', 'K. Venkatesh'));
  const slip = fc.record({
    earningsPaise: fc.array(fc.integer({ min: 0, max: 50_00_000_00 }), { minLength: 1, maxLength: 5 }),
    deductionShare: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 4 }),
    employeeName: name,
    accountHolderName: fc.option(name, { nil: null }),
    accountNumber: account,
    ifsc,
    hold: fc.boolean(),
    payment: fc.option(fc.record({ attempt: fc.integer({ min: 1, max: 5 }), status: fc.constantFrom('sent', 'paid', 'failed') as fc.Arbitrary<'sent' | 'paid' | 'failed'> }), { nil: null }),
  });
  const month = fc.record({ slips: fc.array(slip, { maxLength: 40 }), scope: fc.constantFrom('all', 'failed') as fc.Arbitrary<'all' | 'failed'>, template: fc.constantFrom('plainCsv', 'controlCsv') as fc.Arbitrary<'plainCsv' | 'controlCsv'> });

  /** Payslips whose net pay is Σ earning lines − Σ deduction lines (each deduction a share of gross, never above it). */
  type Slip = typeof slip extends fc.Arbitrary<infer T> ? T : never;
  const toPayees = (slips: readonly Slip[]): { payees: BankPayee[]; linesNetPaise: Map<string, number> } => {
    const linesNetPaise = new Map<string, number>();
    const payees = slips.map((s, i) => {
      const gross = s.earningsPaise.reduce((a, b) => a + b, 0);
      const deductions = s.deductionShare.map((pct) => Math.floor((gross * pct) / 200));
      const net = gross - deductions.reduce((a, b) => a + b, 0);
      const payslipId = `slip-${String(i).padStart(3, '0')}`;
      linesNetPaise.set(payslipId, net);
      return payee({
        payslipId,
        employeeNumber: i % 7 === 0 ? null : `E${String((i * 37) % 100).padStart(3, '0')}`,
        employeeName: s.employeeName,
        accountHolderName: s.accountHolderName,
        accountNumber: s.accountNumber,
        ifsc: s.ifsc,
        netPaise: net,
        holdKind: s.hold ? 'payout' : null,
        latestPayment: s.payment && !s.hold ? { ...s.payment, reference: `REF${String(i)}` } : null,
      });
    });
    return { payees, linesNetPaise };
  };

  it('file total (read back by the layout) = Σ net pay of the included = Σ net of the month − Σ net of those left out', () => {
    fc.assert(
      fc.property(month, ({ slips, scope, template }) => {
        const { payees, linesNetPaise } = toPayees(slips);
        const transfer: BankTransfer = buildBankTransfer({ month: '2026-11', valueDate: '2026-11-30', scope, payees });
        const parsed = parseBankFile(bankTransferCsv(transfer, template, { accountNumber: '5020001234567', ifsc: 'HDFC0000001' }), template);
        const fileTotal = parsed.records.reduce((s, r) => s + r.amountPaise, 0);
        const included = new Set(transfer.records.map((r) => r.payslipId));
        const netOf = (id: string) => linesNetPaise.get(id) ?? Number.NaN;
        // Σ of the file = Σ (earnings − deductions) of the payslips in it = the transfer's total.
        expect(fileTotal).toBe([...included].reduce((s, id) => s + netOf(id), 0));
        expect(fileTotal).toBe(transfer.totalPaise);
        if (parsed.header) {
          expect(parsed.header.totalPaise).toBe(fileTotal);
          expect(parsed.header.count).toBe(parsed.records.length);
        }
        expect(parsed.records).toHaveLength(transfer.records.length);
        // Nobody twice; nobody both paid and left out; every reference unique.
        expect(included.size).toBe(transfer.records.length);
        expect(transfer.excluded.some((e) => included.has(e.payslipId))).toBe(false);
        expect(new Set(parsed.records.map((r) => r.reference)).size).toBe(parsed.records.length);
        if (scope === 'all') {
          // The whole month is accounted for: Σ net of all payslips = file total + Σ net of those left out.
          expect(included.size + transfer.excluded.length).toBe(payees.length);
          const monthNet = payees.reduce((s, p) => s + p.netPaise, 0);
          expect(fileTotal + transfer.excluded.reduce((s, e) => s + e.netPaise, 0)).toBe(monthNet);
          // Never a payout on hold, never a payment already made.
          for (const p of payees) if (p.holdKind === 'payout' || p.latestPayment?.status === 'paid') expect(included.has(p.payslipId)).toBe(false);
        } else {
          for (const p of payees) if (included.has(p.payslipId)) expect(p.latestPayment?.status === 'failed' || (p.latestPayment?.status === 'sent' && p.latestPayment.attempt > 1)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('with nobody on hold and every bank detail valid, the file total is the run’s net pay (Σ net over payslips = bank total)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20_00_000_00 }), { maxLength: 60 }), (nets) => {
        const payees = nets.map((netPaise, i) => payee({ payslipId: `s${String(i)}`, employeeNumber: `N${String(i).padStart(4, '0')}`, employeeName: `Person ${String(i)}`, netPaise }));
        const transfer = buildBankTransfer({ month: '2027-03', valueDate: '2027-03-31', scope: 'all', payees });
        const parsed = parseBankFile(bankTransferCsv(transfer, 'controlCsv', { accountNumber: '123456789', ifsc: 'HDFC0000001' }), 'controlCsv');
        const runNet = nets.reduce((a, b) => a + b, 0);
        expect(parsed.header?.totalPaise).toBe(runNet);
        expect(parsed.header?.count).toBe(nets.length);
        expect(transfer.excluded).toEqual([]);
      }),
    );
  });
});
