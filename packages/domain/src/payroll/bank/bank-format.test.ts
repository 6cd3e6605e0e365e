import { describe, expect, it } from 'vitest';
import {
  RTGS_MINIMUM_PAISE,
  bankFileRows,
  bankFileText,
  extensionFitsLayout,
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
/** A sheet's rows as the lines of the source it is checked against, cells joined by commas (no cell holds one). */
const sheetLines = (format: BankFileFormat, records: BankFileRecord[], debit: typeof hdfcDebit | null, valueDate = '2026-11-30') => {
  expect(format.layout).toBe('sheet');
  expect(format.extension).toBe('xlsx');
  const out = bankFileRows(format, { ...transfer(records), valueDate }, records, debit);
  if (!out.ok) throw new Error(JSON.stringify(out.problems));
  return [...(out.header ? [out.header] : []), ...out.rows].map((cells) => cells.join(','));
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
  it('gives a sheet its cells unpadded, holding any character, still within each column’s longest value', () => {
    const sheet: BankFileFormat = { ...fixed, layout: 'sheet', extension: 'xlsx', separator: ',', columns: [...fixed.columns, { field: 'constant', header: 'NOTE', constant: 'A,B|C' }] };
    const out = bankFileRows(sheet, transfer([asha]), [asha], hdfcDebit);
    expect(out).toEqual({ ok: true, header: ['SNO', 'MODE', 'NAME', 'AMOUNT', 'DATE', 'CUR', 'NARRATION', 'NOTE'], rows: [['1', 'NEFT', 'ASHA RAO', '4523150', '20261130', 'INR', 'SAL Nov 2026', 'A,B|C']] });
    const long = record({ beneficiaryName: 'ASHA RAO KRISHNAMURTHY' });
    const refused = bankFileRows(sheet, transfer([long]), [long], hdfcDebit);
    expect(refused.ok ? [] : refused.problems.map((p) => [p.column, p.kind])).toEqual([['NAME', 'tooWide']]);
    // A sheet has no text: the server writes its rows into a workbook.
    expect(() => renderBankFile(sheet, transfer([asha]), [asha], hdfcDebit)).toThrow(RangeError);
    expect(() => bankFileText(sheet, { header: null, rows: [] })).toThrow(RangeError);
  });
  it('writes a sheet only as .xlsx and text only as .csv or .txt', () => {
    expect([extensionFitsLayout('sheet', 'xlsx'), extensionFitsLayout('delimited', 'csv'), extensionFitsLayout('fixedWidth', 'txt')]).toEqual([true, true, true]);
    expect([extensionFitsLayout('sheet', 'csv'), extensionFitsLayout('delimited', 'xlsx'), extensionFitsLayout('fixedWidth', 'xlsx')]).toEqual([false, false, false]);
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
  it('ICICI CIB: the PAB sheet’s header, and a line holding the values of a row of ICICI’s own status report', () => {
    // Header: the 19 columns in the order public payroll code writes ICICI's PAB sheet ("must match
    // NPAB_FMT.xls exactly", GitHub code index file 54501302266). Line: a row of ICICI's Consolidated
    // Status Report (the same columns after File_Sequence_Num) as reproduced in public code, GitHub code
    // index file 62621308317: PAB_VENDOR, NEFT, 473705000191, NARENDRA SOMAI, 7795632875, IDIB000V514,
    // 36170, narrations / mobile / e-mail / remark empty, 16-07-2026, reference and ADDL_INFO1-5 empty.
    const narendra = record({ beneficiaryName: 'NARENDRA SOMAI', accountNumber: '7795632875', ifsc: 'IDIB000V514', amountPaise: 3617000, reference: '', email: null });
    const format = { ...BANK_FORMAT_PRESETS['icici-cib'].format, narration: '' };
    expect(sheetLines(format, [narendra], { accountNumber: '473705000191', ifsc: 'ICIC0004737' }, '2026-07-16')).toEqual([
      'PYMT_PROD_TYPE_CODE,PYMT_MODE,DEBIT_ACC_NO,BNF_NAME,BENE_ACC_NO,BENE_IFSC,AMOUNT,DEBIT_NARR,CREDIT_NARR,MOBILE_NUM,EMAIL_ID,REMARK,PYMT_DATE,REF_NO,ADDL_INFO1,ADDL_INFO2,ADDL_INFO3,ADDL_INFO4,ADDL_INFO5',
      'PAB_VENDOR,NEFT,473705000191,NARENDRA SOMAI,7795632875,IDIB000V514,36170.00,,,,,,16-07-2026,,,,,,',
    ]);
  });
  it('ICICI CIB: FT within ICICI whatever the amount, RTGS from ₹2,00,000, NEFT below; narration, e-mail and reference in their columns', () => {
    // Modes FT / NEFT / RTGS / IMPS as the public PAB code accepts them (file 54501302266: "ICICI
    // accounts (IFSC starts with ICIC) → FT").
    expect(sheetLines(BANK_FORMAT_PRESETS['icici-cib'].format, [asha, ravi, meena], { accountNumber: '000405001234', ifsc: 'ICIC0000004' }).slice(1)).toEqual([
      'PAB_VENDOR,NEFT,000405001234,ASHA RAO,50100012345678,SBIN0001234,45231.50,Salary Nov 2026,Salary Nov 2026,,asha@example.in,,30-11-2026,SAL261100000101,,,,,',
      'PAB_VENDOR,RTGS,000405001234,RAVI KUMAR,01234567890,HDFC0000240,250000.00,Salary Nov 2026,Salary Nov 2026,,,,30-11-2026,SAL261100000201,,,,,',
      'PAB_VENDOR,FT,000405001234,MEENA IYER,123456789012,ICIC0000001,200000.00,Salary Nov 2026,Salary Nov 2026,,meena@example.in,,30-11-2026,SAL261100000301,,,,,',
    ]);
  });
  it('Axis: the bulk payment sheet’s 13 columns, a line as the public payroll code writes it', () => {
    // Columns and values as written by public payroll code (GitHub code index files 13257464082, a
    // payroll stored procedure, and 25043973911): method N, amount, activation date dd-mm-yyyy, name,
    // account, e-mail and e-mail body empty, debit account, CRN, receiver IFSC, account type 10,
    // remarks and phone empty.
    const plain = record({ email: null });
    const format = { ...BANK_FORMAT_PRESETS['axis-corporate'].format, narration: '' };
    expect(sheetLines(format, [plain], { accountNumber: '912020012345678', ifsc: 'UTIB0000001' })).toEqual([
      'Payment Method Name,Payment Amount (Request),Activation Date,Beneficiary Name (Request),Account No,Email,Email Body,Debit Account No,CRN No,RECEIVER IFSC Code,RECEIVER Account Type,Remarks,Phone No',
      'N,45231.50,30-11-2026,ASHA RAO,50100012345678,,,912020012345678,SAL261100000101,SBIN0001234,10,,',
    ]);
  });
  it('Axis: I within Axis whatever the amount, R from ₹2,00,000, N below', () => {
    // Public code (GitHub code index file 5885123508): "UTIB" → I; otherwise N up to ₹2,00,000, R above.
    // RBI allows RTGS from ₹2,00,000 itself, so ₹2,00,000 exactly goes by RTGS here (NEFT would also do).
    const axisPayee = record({ payslipId: 'p4', employeeNumber: 'E004', beneficiaryName: 'ZOYA KHAN', accountNumber: '917010012345678', ifsc: 'UTIB0000240', amountPaise: 5_00_000_00, reference: 'SAL261100000401', email: null });
    expect(sheetLines(BANK_FORMAT_PRESETS['axis-corporate'].format, [ravi, meena, axisPayee], { accountNumber: '912020012345678', ifsc: 'UTIB0000001' }).slice(1)).toEqual([
      'R,250000.00,30-11-2026,RAVI KUMAR,01234567890,,,912020012345678,SAL261100000201,HDFC0000240,10,Salary Nov 2026,',
      'R,200000.00,30-11-2026,MEENA IYER,123456789012,meena@example.in,,912020012345678,SAL261100000301,ICIC0000001,10,Salary Nov 2026,',
      'I,500000.00,30-11-2026,ZOYA KHAN,917010012345678,,,912020012345678,SAL261100000401,UTIB0000240,10,Salary Nov 2026,',
    ]);
  });
  it('Kotak CMS: 49 tilde-separated fields, no header, as public code writes the CMS file', () => {
    // The line public code writes for Kotak CMS (GitHub code index file 2701319771):
    //   ${Client_Code}~${Product_Code}~NEFT~~${date dd/mm/yyyy}~~${Dr_Ac_No}~${amt}~${Bank_Code_Indicator}~~
    //   ${name}~~${ifsc}~${accNo}~~~~~~~~~~${name}~${name}~~~~~~~~~~~~~~~~~~~~~~~~
    // (it puts the payee's name in both narrations; the preset puts its narration there). Client and
    // product code are the bank's; RPAY is a product code of the sources, M their indicator.
    const plain = record({ reference: '', email: null });
    const format = {
      ...BANK_FORMAT_PRESETS['kotak-cms'].format,
      columns: BANK_FORMAT_PRESETS['kotak-cms'].format.columns.map((c) =>
        c.header === 'Client_Code' ? { ...c, constant: 'CLIENT01' } : c.header === 'Product_Code' ? { ...c, constant: 'RPAY' } : c,
      ),
    };
    const out = renderBankFile(format, transfer([plain]), [plain], { accountNumber: '1234567890', ifsc: 'KKBK0000958' });
    if (!out.ok) throw new Error(JSON.stringify(out.problems));
    expect(lines(out.text, '\n')).toEqual([
      'CLIENT01~RPAY~NEFT~~30/11/2026~~1234567890~45231.50~M~~ASHA RAO~~SBIN0001234~50100012345678~~~~~~~~~~Salary Nov 2026~Salary Nov 2026~~~~~~~~~~~~~~~~~~~~~~~~',
    ]);
    // The columns, in the order of the sheet "Kotak supplies" as public code copies it (GitHub code index
    // file 57360475518).
    expect(format.columns.map((c) => c.header)).toEqual([
      'Client_Code', 'Product_Code', 'Payment_Type', 'Payment_Ref_No.', 'Payment_Date', 'Instrument Date', 'Dr_Ac_No', 'Amount',
      'Bank_Code_Indicator', 'Beneficiary_Code', 'Beneficiary_Name', 'Beneficiary_Bank', 'Beneficiary_Branch / IFSC Code',
      'Beneficiary_Acc_No', 'Location', 'Print_Location', 'Instrument_Number', 'Ben_Add1', 'Ben_Add2', 'Ben_Add3', 'Ben_Add4',
      'Beneficiary_Email', 'Beneficiary_Mobile', 'Debit_Narration', 'Credit_Narration',
      'Payment Details 1', 'Payment Details 2', 'Payment Details 3', 'Payment Details 4',
      'Enrichment_1', 'Enrichment_2', 'Enrichment_3', 'Enrichment_4', 'Enrichment_5', 'Enrichment_6', 'Enrichment_7', 'Enrichment_8',
      'Enrichment_9', 'Enrichment_10', 'Enrichment_11', 'Enrichment_12', 'Enrichment_13', 'Enrichment_14', 'Enrichment_15',
      'Enrichment_16', 'Enrichment_17', 'Enrichment_18', 'Enrichment_19', 'Enrichment_20',
    ]);
  });
  it('Kotak CMS: IFT within Kotak, NEFT otherwise whatever the amount; reference and e-mail in their columns', () => {
    // Sources: "Kotak-to-Kotak transfers are internal (IFT); everything else is NEFT" (file 57360475518).
    const kotakPayee = record({ payslipId: 'p4', employeeNumber: 'E004', beneficiaryName: 'ZOYA KHAN', accountNumber: '0212345678', ifsc: 'KKBK0000240', amountPaise: 3_00_000_00, reference: 'SAL261100000401', email: null });
    const text = render(BANK_FORMAT_PRESETS['kotak-cms'].format, [ravi, kotakPayee, meena], { accountNumber: '1234567890', ifsc: 'KKBK0000958' });
    const fields = lines(text, '\n').map((l) => l.split('~'));
    expect(fields.map((f) => f.length)).toEqual([49, 49, 49]);
    expect(fields.map((f) => [f[2], f[3], f[7], f[21]])).toEqual([
      ['NEFT', 'SAL261100000201', '250000.00', ''],
      ['IFT', 'SAL261100000401', '300000.00', ''],
      ['NEFT', 'SAL261100000301', '200000.00', 'meena@example.in'],
    ]);
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
