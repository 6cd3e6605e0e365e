import { describe, expect, it } from 'vitest';
import {
  RTGS_MINIMUM_PAISE,
  formatFileAmount,
  formatFileDate,
  paymentModeOf,
  renderBankFile,
  type BankFileFormat,
  type BankFileRecord,
} from './bank-format';
import { BANK_FORMAT_PRESETS } from './bank-format-presets';
import type { BankTransfer } from './bank-transfer';

/**
 * Bank file formats: each worked example is written out by hand from the layout (field order,
 * widths, codes, date and amount formats as the preset's source states them), never from the
 * renderer's output.
 */

const record = (over: Partial<BankFileRecord>): BankFileRecord => ({
  accountChangedRecently: false,
  payslipId: 'p1',
  employeeNumber: 'E001',
  employeeName: 'Asha Rao',
  line: 1,
  reference: 'SAL261100000101',
  attempt: 1,
  newAttempt: true,
  beneficiaryName: 'ASHA RAO',
  accountNumber: '50100012345678',
  ifsc: 'SBIN0001234',
  accountType: '10',
  amountPaise: 4523150,
  email: 'asha@example.in',
  ...over,
});

const asha = record({});
/** Same bank as an HDFC debit account, and RTGS-sized. */
const ravi = record({ payslipId: 'p2', employeeNumber: 'E002', employeeName: 'Ravi Kumar', line: 2, reference: 'SAL261100000201', beneficiaryName: 'RAVI KUMAR', accountNumber: '01234567890', ifsc: 'HDFC0000240', amountPaise: 25000000, email: null });
/** RTGS-sized at another bank. */
const meena = record({ payslipId: 'p3', employeeNumber: 'E003', employeeName: 'Meena Iyer', line: 3, reference: 'SAL261100000301', beneficiaryName: 'MEENA IYER', accountNumber: '123456789012', ifsc: 'ICIC0000001', amountPaise: RTGS_MINIMUM_PAISE, email: 'meena@example.in' });

const transfer = (records: BankFileRecord[]): BankTransfer => ({ month: '2026-11', valueDate: '2026-11-30', scope: 'all', records, excluded: [], totalPaise: records.reduce((s, r) => s + r.amountPaise, 0) });
const hdfcDebit = { accountNumber: '50200012345678', ifsc: 'HDFC0000001' };
const lines = (text: string, eol = '\r\n') => {
  expect(text.endsWith(eol)).toBe(true);
  return text.slice(0, -eol.length).split(eol);
};
const render = (format: BankFileFormat, records: BankFileRecord[], debit: typeof hdfcDebit | null = hdfcDebit) => {
  const out = renderBankFile(format, transfer(records), records, debit);
  if (!out.ok) throw new Error(JSON.stringify(out.problems));
  return out.text;
};

describe('dates and amounts', () => {
  it('writes 30 November 2026 in every date format', () => {
    expect(formatFileDate('2026-11-30', 'DD/MM/YYYY')).toBe('30/11/2026');
    expect(formatFileDate('2026-11-30', 'DD-MM-YYYY')).toBe('30-11-2026');
    expect(formatFileDate('2026-11-30', 'DDMMYYYY')).toBe('30112026');
    expect(formatFileDate('2026-11-30', 'YYYYMMDD')).toBe('20261130');
    expect(formatFileDate('2026-11-30', 'YYYY-MM-DD')).toBe('2026-11-30');
    expect(formatFileDate('2026-01-05', 'DD-MMM-YYYY')).toBe('05-JAN-2026');
    expect(formatFileDate('2026-01-05', 'DD/MMM/YYYY')).toBe('05/JAN/2026');
  });
  it('writes ₹45,231.50 as rupees with two decimals or as paise, never grouped', () => {
    expect(formatFileAmount(4523150, 'rupees2')).toBe('45231.50');
    expect(formatFileAmount(5, 'rupees2')).toBe('0.05');
    expect(formatFileAmount(4523150, 'paise')).toBe('4523150');
    expect(() => formatFileAmount(10.5, 'paise')).toThrow(RangeError);
  });
});

describe('payment mode', () => {
  const rule = BANK_FORMAT_PRESETS['hdfc-enet'].format.paymentMode;
  it('is RTGS from ₹2,00,000 (RBI minimum), NEFT below', () => {
    expect(paymentModeOf(rule, 2_00_000_00, 'ICIC0000001', 'HDFC0000001')).toBe('rtgs');
    expect(paymentModeOf(rule, 1_99_999_99, 'ICIC0000001', 'HDFC0000001')).toBe('neft');
  });
  it('is a transfer within the bank when the IFSC bank code is the debit account’s, whatever the amount', () => {
    expect(paymentModeOf(rule, 5_00_000_00, 'HDFC0000240', 'HDFC0000001')).toBe('internal');
    expect(paymentModeOf(rule, 100, 'HDFC0000240', null)).toBe('neft');
    expect(paymentModeOf({ ...rule, internalWhenSameBank: false, rtgsFromPaise: null, standard: 'imps' }, 5_00_000_00, 'HDFC0000240', 'HDFC0000001')).toBe('imps');
  });
});

describe('a format of one’s own', () => {
  const fixed: BankFileFormat = {
    name: 'Fixed',
    layout: 'fixedWidth',
    separator: ',',
    header: true,
    lineEnding: 'LF',
    dateFormat: 'YYYYMMDD',
    amountFormat: 'paise',
    narration: 'SAL {month}',
    paymentMode: { codes: { neft: 'NEFT', rtgs: 'RTGS', imps: 'IMPS', internal: 'INTL' }, standard: 'neft', rtgsFromPaise: RTGS_MINIMUM_PAISE, internalWhenSameBank: true },
    extension: 'txt',
    columns: [
      { field: 'sequence', header: 'SNO', width: 3, align: 'right', pad: 'zero' },
      { field: 'paymentMode', header: 'MODE', width: 4 },
      { field: 'beneficiaryName', header: 'NAME', width: 12 },
      { field: 'amount', header: 'AMOUNT', width: 12, align: 'right', pad: 'zero' },
      { field: 'valueDate', header: 'DATE', width: 8 },
      { field: 'constant', header: 'CUR', width: 3, constant: 'INR' },
      { field: 'narration', header: 'NARRATION', width: 12 },
    ],
  };
  it('lays out fixed-width columns: padded, aligned, a header line, LF endings', () => {
    const text = render(fixed, [asha, ravi]);
    expect(lines(text, '\n')).toEqual([
      'SNOMODENAME        AMOUNT      DATE    CURNARRATION   ',
      '001NEFTASHA RAO    00000452315020261130INRSAL Nov 2026',
      '002INTLRAVI KUMAR  00002500000020261130INRSAL Nov 2026',
    ]);
  });
  it('refuses a value wider than its column, naming the employee and the column, instead of cutting it', () => {
    const long = record({ beneficiaryName: 'ASHA RAO KRISHNAMURTHY' });
    const out = renderBankFile(fixed, transfer([long]), [long], hdfcDebit);
    expect(out).toEqual({ ok: false, problems: [{ employeeNumber: 'E001', employeeName: 'Asha Rao', column: 'NAME', kind: 'tooWide', value: 'ASHA RAO KRISHNAMURTHY', width: 12 }] });
  });
  it('refuses a delimited value holding the separator', () => {
    const piped: BankFileFormat = { ...fixed, layout: 'delimited', separator: '|', header: false, columns: [{ field: 'constant', header: 'Code', constant: 'A|B' }] };
    const out = renderBankFile(piped, transfer([asha]), [asha], null);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.problems[0]?.kind).toBe('containsSeparator');
  });
  it('writes tab-separated lines', () => {
    const tabbed: BankFileFormat = { ...fixed, layout: 'delimited', separator: '\t', header: false, amountFormat: 'rupees2', dateFormat: 'DD/MM/YYYY', columns: fixed.columns.map(({ field, header, constant }) => ({ field, header, ...(constant ? { constant } : {}) })) };
    expect(lines(render(tabbed, [asha]), '\n')).toEqual(['1\tNEFT\tASHA RAO\t45231.50\t30/11/2026\tINR\tSAL Nov 2026']);
  });
});

describe('presets, worked examples against their layouts', () => {
  it('HDFC ENet: 28 comma-separated fields, no header, N/R/I, DD/MM/YYYY, CRLF', () => {
    const text = render(BANK_FORMAT_PRESETS['hdfc-enet'].format, [asha, ravi, meena]);
    // Type, code, account, amount, name, 7 empty (drawee, print, address 1-5), instruction ref (empty),
    // customer ref, payment details 1, 6 empty (details 2-7), cheque no (empty), date, MICR (empty), IFSC,
    // bank and branch (empty), e-mail.
    expect(lines(text)).toEqual([
      'N,E001,50100012345678,45231.50,ASHA RAO,,,,,,,,,SAL261100000101,Salary Nov 2026,,,,,,,,30/11/2026,,SBIN0001234,,,asha@example.in',
      'I,E002,01234567890,250000.00,RAVI KUMAR,,,,,,,,,SAL261100000201,Salary Nov 2026,,,,,,,,30/11/2026,,HDFC0000240,,,',
      'R,E003,123456789012,200000.00,MEENA IYER,,,,,,,,,SAL261100000301,Salary Nov 2026,,,,,,,,30/11/2026,,ICIC0000001,,,meena@example.in',
    ]);
    expect(lines(text)[0]?.split(',')).toHaveLength(28);
  });
  it('SBI CMP: pipe-separated, no header, NEFT/RTGS/DCR', () => {
    const text = render(BANK_FORMAT_PRESETS['sbi-cmp'].format, [asha, meena], { accountNumber: '00000012345678901', ifsc: 'SBIN0000001' });
    expect(lines(text)).toEqual([
      'DCR|00000012345678901|ASHA RAO|50100012345678|SBIN0001234|45231.50|30/11/2026|SAL261100000101|Salary Nov 2026',
      'RTGS|00000012345678901|MEENA IYER|123456789012|ICIC0000001|200000.00|30/11/2026|SAL261100000301|Salary Nov 2026',
    ]);
  });
  it('ICICI CIB: a header row, Pay Mod N/R/I, DD-MMM-YYYY', () => {
    const text = render(BANK_FORMAT_PRESETS['icici-cib'].format, [asha, meena], { accountNumber: '000405001234', ifsc: 'ICIC0000004' });
    expect(lines(text)).toEqual([
      'Debit Ac No,Beneficiary Ac No,Beneficiary Name,Amt,Pay Mod,Date,IFSC,Payable Location,Print Location,Bene Mobile No.,Bene Email ID,Bene add1,Bene add2,Bene add3,Bene add4,Add Details 1,Add Details 2,Add Details 3,Add Details 4,Add Details 5,Remarks',
      '000405001234,50100012345678,ASHA RAO,45231.50,N,30-NOV-2026,SBIN0001234,,,,asha@example.in,,,,,SAL261100000101,,,,,Salary Nov 2026',
      '000405001234,123456789012,MEENA IYER,200000.00,I,30-NOV-2026,ICIC0000001,,,,meena@example.in,,,,,SAL261100000301,,,,,Salary Nov 2026',
    ]);
  });
  it('Axis corporate: a header row, NEFT/RTGS/FT, DD-MM-YYYY', () => {
    const text = render(BANK_FORMAT_PRESETS['axis-corporate'].format, [asha, ravi], { accountNumber: '912020012345678', ifsc: 'UTIB0000001' });
    expect(lines(text)).toEqual([
      'Payment Mode,Corporate Account Number,Amount,Value Date,Beneficiary Name,Beneficiary Account Number,IFSC Code,Beneficiary Code,Customer Reference Number,Beneficiary Email,Payment Details',
      'NEFT,912020012345678,45231.50,30-11-2026,ASHA RAO,50100012345678,SBIN0001234,E001,SAL261100000101,asha@example.in,Salary Nov 2026',
      'RTGS,912020012345678,250000.00,30-11-2026,RAVI KUMAR,01234567890,HDFC0000240,E002,SAL261100000201,,Salary Nov 2026',
    ]);
  });
  it('Kotak CMS: client code, product code, NEFT/RTGS/IFT, DD/MM/YYYY', () => {
    const text = render(BANK_FORMAT_PRESETS['kotak-cms'].format, [asha], { accountNumber: '1234567890', ifsc: 'KKBK0000958' });
    expect(lines(text)).toEqual([',SALARY,NEFT,SAL261100000101,30/11/2026,1234567890,45231.50,E001,ASHA RAO,SBIN0001234,50100012345678,asha@example.in,Salary Nov 2026']);
  });
  it('HDFC ENet against the example column of HDFC’s “RBI Adapter Specification” (Annexure 1)', () => {
    // The specification's examples: type N, beneficiary code A001, account 9999999999999, amount
    // 1500.59, name Shah Enterprices, customer reference 123456789, payment details 1 A-1756/25, date
    // 18/09/2017. Its IFSC example ("PNB") predates the 11-character code: PUNB0000100 stands in.
    const shah = record({ employeeNumber: 'A001', beneficiaryName: 'Shah Enterprices', accountNumber: '9999999999999', ifsc: 'PUNB0000100', amountPaise: 150059, reference: '123456789', email: null });
    const format = { ...BANK_FORMAT_PRESETS['hdfc-enet'].format, narration: 'A-1756/25' };
    const out = renderBankFile(format, { ...transfer([shah]), valueDate: '2017-09-18' }, [shah], hdfcDebit);
    if (!out.ok) throw new Error(JSON.stringify(out.problems));
    const fields = lines(out.text)[0]?.split(',') ?? [];
    // Fields 1–5, 14, 15, 23, 25 of the specification (1-based); every other field empty.
    expect(fields).toEqual(['N', 'A001', '9999999999999', '1500.59', 'Shah Enterprices', '', '', '', '', '', '', '', '', '123456789', 'A-1756/25', '', '', '', '', '', '', '', '18/09/2017', '', 'PUNB0000100', '', '', '']);
    expect(BANK_FORMAT_PRESETS['hdfc-enet'].format.columns.map((c) => c.header)).toEqual([
      'Transaction Type', 'Beneficiary Code', 'Beneficiary Account Number', 'Instrument Amount', 'Beneficiary Name', 'Drawee Location', 'Print Location',
      'Bene Address 1', 'Bene Address 2', 'Bene Address 3', 'Bene Address 4', 'Bene Address 5', 'Instruction Reference Number', 'Customer Reference Number',
      'Payment Details 1', 'Payment Details 2', 'Payment Details 3', 'Payment Details 4', 'Payment Details 5', 'Payment Details 6', 'Payment Details 7',
      'Cheque Number', 'Chq / Trn Date', 'MICR Number', 'IFC Code', 'Bene Bank Name', 'Bene Bank Branch Name', 'Beneficiary Email Id',
    ]);
  });
  it('HDFC is verified against its specification; the other presets stay unverified; each names its source', () => {
    for (const p of Object.values(BANK_FORMAT_PRESETS)) {
      expect(p.verified).toBe(p.key === 'hdfc-enet');
      expect(p.source.length).toBeGreaterThan(20);
    }
  });
});
