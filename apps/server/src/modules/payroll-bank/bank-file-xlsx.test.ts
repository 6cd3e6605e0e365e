import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildBankTransfer, type BankPayee } from '@tankha/domain';
import { buildBankTransferXlsx } from './bank-file-xlsx';

/**
 * The Excel bank file read back by its published layout (docs/decisions/0092-bank-transfer-file.md):
 * sheet 'Payments' with the headers below in row 1 and one payment a row; sheet 'Control' with
 * label / value rows. The headers are written out here, not taken from the writer.
 */
const HEADERS = ['Payment Reference', 'Beneficiary Name', 'Account Number', 'IFSC', 'Account Type', 'Amount', 'Value Date', 'Narration', 'Employee Number', 'Account Changed (Last 30 Days)'];

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

describe('the Excel bank file', () => {
  /*
   * December 2026, value date 31/12/2026. Paid: NIL001 ₹40,000.00 (account 000123456789012345: 18
   * digits with leading zeros, which a number cell would lose) and NIL003 ₹24,800.55. Left out: NIL002
   * (payout on hold). Total ₹64,800.55 over 2 records. NIL003's account was changed in the last 30 days:
   * column J says Yes (issue 30 §4); NIL001's is empty.
   */
  const transfer = buildBankTransfer({
    month: '2026-12',
    valueDate: '2026-12-31',
    scope: 'all',
    payees: [
      payee({ payslipId: 'a', employeeNumber: 'NIL001', employeeName: 'Aditi Agarwal', accountNumber: '000123456789012345', netPaise: 4_000_000 }),
      payee({ payslipId: 'b', employeeNumber: 'NIL002', employeeName: 'Rahul Sharma', netPaise: 4_841_750, holdKind: 'payout' }),
      payee({ payslipId: 'c', employeeNumber: 'NIL003', employeeName: 'Zoë Iyer', accountNumber: '040912345678', ifsc: 'ICIC0000409', netPaise: 2_480_055, accountChangedRecently: true }),
    ],
  });

  it('has the Payments sheet by its layout and a Control sheet whose total equals the payments', async () => {
    const bytes = await buildBankTransferXlsx(transfer, { accountNumber: '5020001234567', ifsc: 'HDFC0000001' }, 'December 2026');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const payments = book.getWorksheet('Payments');
    const control = book.getWorksheet('Control');
    if (!payments || !control) throw new Error('sheets missing');
    const rowValues = (r: number) => (payments.getRow(r).values as unknown[]).slice(1);
    expect(rowValues(1)).toEqual(HEADERS);
    expect(payments.rowCount).toBe(3);
    expect(rowValues(2)).toEqual(['SAL261200000101', 'Aditi Agarwal', '000123456789012345', 'HDFC0001753', '10', 40000, '20261231', 'Salary December 2026', 'NIL001', '']);
    expect(rowValues(3)).toEqual(['SAL261200000301', 'Zoe Iyer', '040912345678', 'ICIC0000409', '10', 24800.55, '20261231', 'Salary December 2026', 'NIL003', 'Yes']);
    // Account numbers are text cells: 18 digits and leading zeros survive.
    expect(typeof payments.getCell(2, 3).value).toBe('string');
    expect(payments.getCell(2, 6).numFmt).toBe('0.00');

    const controls = new Map<string, unknown>();
    control.eachRow((row) => controls.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(Object.fromEntries(controls)).toEqual({
      'Payroll Month': 'December 2026',
      'Value Date': '20261231',
      'Record Count': 2,
      'Total Amount': 64800.55,
      'Debit Account Number': '5020001234567',
      'Debit IFSC': 'HDFC0000001',
    });
    // The control total is the sum of the amounts, in paise.
    const sumPaise = [2, 3].reduce((s, r) => s + Math.round(Number(payments.getCell(r, 6).value) * 100), 0);
    expect(sumPaise).toBe(Math.round(Number(controls.get('Total Amount')) * 100));
  });
});
