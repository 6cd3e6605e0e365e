import { describe, expect, it } from 'vitest';
import { PAYROLL_BANK_MSG as MSG } from '@tankha/contracts';
import type { ReturnRow } from './bank-return.sheet';
import { checkBankReturn, type KnownPayment } from './bank-return.validate';

/** The return file's rules (docs/decisions/0094-bank-return-file.md), one case each. */

const payments: KnownPayment[] = [
  { id: 'a1', payslipId: 'p1', attempt: 1, reference: 'SAL261100000101', amountPaise: 4_000_000, status: 'sent' },
  { id: 'b1', payslipId: 'p2', attempt: 1, reference: 'SAL261100000201', amountPaise: 2_480_050, status: 'failed' },
  { id: 'b2', payslipId: 'p2', attempt: 2, reference: 'SAL261100000202', amountPaise: 2_480_050, status: 'sent' },
  { id: 'c1', payslipId: 'p3', attempt: 1, reference: 'SAL261100000301', amountPaise: 1_000_000, status: 'paid' },
];

let n = 1;
const row = (cells: Partial<ReturnRow['cells']>): ReturnRow => ({ rowNumber: (n += 1), cells: { reference: '', status: '', utr: '', reason: '', amount: '', date: '', ...cells } });

describe('checking a bank return file', () => {
  it('records paid and failed payments, reads the banks’ words, amounts and dates', () => {
    const check = checkBankReturn(
      [
        row({ reference: 'sal261100000101', status: 'SUCCESS', utr: 'HDFCN52026113012345', amount: '₹ 40,000.00', date: '30/11/2026' }),
        row({ reference: 'SAL261100000202', status: 'Rejected', reason: 'Account closed', amount: '24800.5', date: '2026-12-01' }),
        row({ reference: 'SAL261100000301', status: 'Paid', utr: 'X1' }),
      ],
      payments,
    );
    expect(check.errors).toEqual([]);
    expect(check.updates).toEqual([
      { paymentId: 'a1', reference: 'SAL261100000101', amountPaise: 4_000_000, status: 'paid', utr: 'HDFCN52026113012345', failureReason: null, statusDate: '2026-11-30' },
      { paymentId: 'b2', reference: 'SAL261100000202', amountPaise: 2_480_050, status: 'failed', utr: null, failureReason: 'Account closed', statusDate: '2026-12-01' },
    ]);
    // The third repeats what is recorded: counted, not changed.
    expect(check).toMatchObject({ unchanged: 1, paid: 2, failed: 1, paidPaise: 5_000_000, failedPaise: 2_480_050 });
  });

  it('lists every wrong row with its number and message', () => {
    const rows = [
      row({ reference: '', status: 'Paid', utr: 'U1' }),
      row({ reference: 'SAL209900000101', status: 'Paid', utr: 'U2' }),
      row({ reference: 'SAL261100000101', status: 'Pending' }),
      row({ reference: 'SAL261100000101', status: 'Paid' }),
      row({ reference: 'SAL261100000201', status: 'Failed', reason: 'x' }),
      row({ reference: 'SAL261100000202', status: 'Failed', amount: '24,800', date: '31/02/2026' }),
      row({ reference: 'SAL261100000301', status: 'Failed', reason: 'Returned by beneficiary bank' }),
      row({ reference: 'SAL261100000202', status: 'Paid', utr: 'U'.repeat(36), amount: 'abc' }),
    ];
    const [r1, r2, r3, r4, r5, r6, r7, r8] = rows.map((r) => r.rowNumber);
    const check = checkBankReturn(rows, payments);
    expect(check.updates).toEqual([]);
    expect(check.errors.map((e) => [e.rowNumber, e.message])).toEqual([
      [r1, MSG.referenceRequired],
      [r2, MSG.unknownReference('SAL209900000101')],
      [r3, MSG.statusUnknown('Pending')],
      [r4, MSG.duplicateReference('SAL261100000101', r3 ?? 0)],
      [r4, MSG.utrRequired],
      [r5, MSG.supersededReference('SAL261100000201', 'SAL261100000202')],
      [r6, MSG.reasonRequired],
      [r6, MSG.amountMismatch('SAL261100000202', '₹24,800.00', '₹24,800.50')],
      [r6, MSG.dateInvalid('31/02/2026')],
      [r7, MSG.paidCannotFail('SAL261100000301')],
      [r8, MSG.duplicateReference('SAL261100000202', r6 ?? 0)],
      [r8, MSG.utrTooLong],
      [r8, MSG.amountInvalid('abc')],
    ]);
  });

  it('refuses a status date outside 1900–2100 with the date window’s message, in either format', () => {
    const check = checkBankReturn(
      [row({ reference: 'SAL261100000101', status: 'Paid', utr: 'U3', date: '31/12/9999' }), row({ reference: 'SAL261100000202', status: 'Paid', utr: 'U4', date: '1899-12-31' })],
      payments,
    );
    expect(check.updates).toEqual([]);
    expect(check.errors.map((e) => e.message)).toEqual(['Date "31/12/9999": Dates must be between 01 Jan 1900 and 31 Dec 2100', 'Date "1899-12-31": Dates must be between 01 Jan 1900 and 31 Dec 2100']);
  });

  it('a failed payment is not turned into paid by a later file', () => {
    const check = checkBankReturn([row({ reference: 'SAL261100000201', status: 'Paid', utr: 'U9' })], payments.filter((p) => p.id !== 'b2'));
    expect(check.errors.map((e) => e.message)).toEqual([MSG.failedCannotBePaid('SAL261100000201')]);
  });
});
