import { RTGS_MINIMUM_PAISE, type BankFileFormat, type BankFormatColumn } from './bank-format';

/**
 * Bank file formats of the bulk-upload channels of five banks (issue 28). Each says where its layout
 * comes from. None of the five banks publishes its corporate bulk-upload specification on its own
 * site: HDFC's is verified against public copies of HDFC's own specification (two documents that
 * agree field by field). ICICI's, Axis's and Kotak's follow the layouts that independent public
 * payroll code writes for those banks, column for column; SBI's has no such source. Those four stay
 * unverified until a customer's bank confirms them (docs/decisions: "Bank presets: ICICI, Axis and
 * Kotak follow their widely used layouts"); the web says so next to the preset. An organisation can
 * copy a preset into a format of its own and correct it.
 */
export interface BankFormatPreset {
  key: BankFormatPresetKey;
  bank: string;
  channel: string;
  /** True only when the layout was checked against the bank's own published specification. */
  verified: boolean;
  source: string;
  format: BankFileFormat;
}

export const BANK_FORMAT_PRESET_KEYS = ['sbi-cmp', 'hdfc-enet', 'icici-cib', 'axis-corporate', 'kotak-cms'] as const;
export type BankFormatPresetKey = (typeof BANK_FORMAT_PRESET_KEYS)[number];

const col = (field: BankFormatColumn['field'], header: string, width?: number, constant?: string): BankFormatColumn => ({
  field,
  header,
  ...(width === undefined ? {} : { width }),
  ...(constant === undefined ? {} : { constant }),
});
const blanks = (...headers: string[]): BankFormatColumn[] => headers.map((h) => col('blank', h));

export const BANK_FORMAT_PRESETS: Record<BankFormatPresetKey, BankFormatPreset> = {
  'sbi-cmp': {
    key: 'sbi-cmp',
    bank: 'State Bank of India',
    channel: 'CMP / yono Business bulk upload',
    verified: false,
    source: 'No published SBI layout found (yonobusiness.sbi FAQ describes the bulk upload, not its fields); assembled from the fields SBI’s bulk payment screens ask for.',
    format: {
      name: 'SBI CMP / yono Business bulk upload',
      layout: 'delimited',
      separator: '|',
      header: false,
      lineEnding: 'CRLF',
      dateFormat: 'DD/MM/YYYY',
      amountFormat: 'rupees2',
      narration: 'Salary {month}',
      paymentMode: { codes: { neft: 'NEFT', rtgs: 'RTGS', imps: 'IMPS', internal: 'DCR' }, standard: 'neft', rtgsFromPaise: RTGS_MINIMUM_PAISE, internalWhenSameBank: true },
      extension: 'txt',
      columns: [
        col('paymentMode', 'Payment Mode', 4),
        col('debitAccount', 'Debit Account Number', 17),
        col('beneficiaryName', 'Beneficiary Name', 35),
        col('accountNumber', 'Beneficiary Account Number', 17),
        col('ifsc', 'IFSC', 11),
        col('amount', 'Amount', 15),
        col('valueDate', 'Value Date', 10),
        col('reference', 'Customer Reference', 16),
        col('narration', 'Narration', 30),
      ],
    },
  },
  'hdfc-enet': {
    key: 'hdfc-enet',
    bank: 'HDFC Bank',
    channel: 'ENet bulk upload (vendor / salary payments)',
    verified: true,
    source:
      'HDFC Bank "RBI Adapter Specification", Annexure 1 "Upload File Format" (copy at https://de.scribd.com/document/387944229/RBI-Adapter-Specification: comma-separated ASCII, file named client code + DDMM.SRL; 28 fields in this order and these widths; R / N / I; dates as 18/09/2017; amounts 17.2), agreeing with HDFC Bank "Bulk Transactions Upload Manual" (ENet, Feb 2016; copy at https://1library.net/document/zw4wjllq-upload-manual-bulk-payments.html: CSV, no header, no commas in fields) and an ERP mapping (https://scribd.com/document/722332721/ERP-HDFC-UPLOAD-NEFT-MOHIT-ONPRM-3-2).',
    format: {
      name: 'HDFC Bank ENet bulk upload',
      layout: 'delimited',
      separator: ',',
      header: false,
      lineEnding: 'CRLF',
      dateFormat: 'DD/MM/YYYY',
      amountFormat: 'rupees2',
      narration: 'Salary {month}',
      paymentMode: { codes: { neft: 'N', rtgs: 'R', imps: 'N', internal: 'I' }, standard: 'neft', rtgsFromPaise: RTGS_MINIMUM_PAISE, internalWhenSameBank: true },
      extension: 'txt',
      columns: [
        col('paymentMode', 'Transaction Type', 1),
        col('employeeNumber', 'Beneficiary Code', 13),
        col('accountNumber', 'Beneficiary Account Number', 25),
        col('amount', 'Instrument Amount', 20),
        // The specification's field is 200 wide; 40 is its limit for NEFT / RTGS (35 for a pay order).
        col('beneficiaryName', 'Beneficiary Name', 40),
        ...blanks('Drawee Location', 'Print Location', 'Bene Address 1', 'Bene Address 2', 'Bene Address 3', 'Bene Address 4', 'Bene Address 5'),
        col('blank', 'Instruction Reference Number'),
        col('reference', 'Customer Reference Number', 20),
        col('narration', 'Payment Details 1', 30),
        ...blanks('Payment Details 2', 'Payment Details 3', 'Payment Details 4', 'Payment Details 5', 'Payment Details 6', 'Payment Details 7', 'Cheque Number'),
        col('valueDate', 'Chq / Trn Date', 10),
        col('blank', 'MICR Number'),
        col('ifsc', 'IFC Code', 15),
        ...blanks('Bene Bank Name', 'Bene Bank Branch Name'),
        col('email', 'Beneficiary Email Id', 100),
      ],
    },
  },
  'icici-cib': {
    key: 'icici-cib',
    bank: 'ICICI Bank',
    channel: 'Corporate Internet Banking bulk upload (payment to ad hoc beneficiaries)',
    verified: false,
    source:
      'No layout published by ICICI Bank. The 19 columns are those of ICICI’s “PAB” bulk payment sheet (PYMT_PROD_TYPE_CODE … ADDL_INFO5) as written, in this order, by independent public payroll and payout code on GitHub (one states it “must match NPAB_FMT.xls exactly”), and echoed in the same order by the bank-issued Consolidated Status Report another parses: product PAB_VENDOR, modes FT / NEFT / RTGS / IMPS, dates as 16-07-2026, amounts with 2 decimals. ICICI gives the sheet as an Excel file and the public code writes it as a workbook (xlsxwriter, PhpSpreadsheet, SheetJS): so does this preset, as .xlsx with the first sheet holding the header and one row per payment (ICICI’s own template is the older .xls: ask the bank whether .xlsx is accepted, or save it as .xls).',
    format: {
      name: 'ICICI Bank CIB bulk upload',
      layout: 'sheet',
      separator: ',',
      header: true,
      lineEnding: 'CRLF',
      dateFormat: 'DD-MM-YYYY',
      amountFormat: 'rupees2',
      narration: 'Salary {month}',
      paymentMode: { codes: { neft: 'NEFT', rtgs: 'RTGS', imps: 'IMPS', internal: 'FT' }, standard: 'neft', rtgsFromPaise: RTGS_MINIMUM_PAISE, internalWhenSameBank: true },
      extension: 'xlsx',
      columns: [
        col('constant', 'PYMT_PROD_TYPE_CODE', undefined, 'PAB_VENDOR'),
        col('paymentMode', 'PYMT_MODE'),
        col('debitAccount', 'DEBIT_ACC_NO'),
        col('beneficiaryName', 'BNF_NAME'),
        col('accountNumber', 'BENE_ACC_NO'),
        col('ifsc', 'BENE_IFSC'),
        col('amount', 'AMOUNT'),
        col('narration', 'DEBIT_NARR'),
        col('narration', 'CREDIT_NARR'),
        col('blank', 'MOBILE_NUM'),
        col('email', 'EMAIL_ID'),
        col('blank', 'REMARK'),
        col('valueDate', 'PYMT_DATE'),
        col('reference', 'REF_NO'),
        ...blanks('ADDL_INFO1', 'ADDL_INFO2', 'ADDL_INFO3', 'ADDL_INFO4', 'ADDL_INFO5'),
      ],
    },
  },
  'axis-corporate': {
    key: 'axis-corporate',
    bank: 'Axis Bank',
    channel: 'Corporate bulk payment upload (Bulk Pay / PayPro)',
    verified: false,
    source:
      'No layout published by Axis Bank (axisbank.com “Bulk Payment Uploads” lists the modes only). The 13 columns (Payment Method Name … Phone No) are the Axis bulk payment sheet as written, in this order, by independent public payroll and payout code on GitHub: methods N (NEFT), R (RTGS, from ₹2,00,000), I (within Axis), receiver account type 10 (savings). Those sources disagree on the date (dd-mm-yyyy, dd/mm/yyyy, mm-dd-yyyy); this preset writes 30-11-2026. Axis gives the sheet as Excel: this preset writes it as an .xlsx workbook (first sheet: the header, then one row per payment); ask the bank whether the date is accepted. No IMPS code appears in the sources: the preset never chooses IMPS.',
    format: {
      name: 'Axis Bank corporate bulk upload',
      layout: 'sheet',
      separator: ',',
      header: true,
      lineEnding: 'CRLF',
      dateFormat: 'DD-MM-YYYY',
      amountFormat: 'rupees2',
      narration: 'Salary {month}',
      paymentMode: { codes: { neft: 'N', rtgs: 'R', imps: 'IMPS', internal: 'I' }, standard: 'neft', rtgsFromPaise: RTGS_MINIMUM_PAISE, internalWhenSameBank: true },
      extension: 'xlsx',
      columns: [
        col('paymentMode', 'Payment Method Name'),
        col('amount', 'Payment Amount (Request)'),
        col('valueDate', 'Activation Date'),
        col('beneficiaryName', 'Beneficiary Name (Request)'),
        col('accountNumber', 'Account No'),
        col('email', 'Email'),
        col('blank', 'Email Body'),
        col('debitAccount', 'Debit Account No'),
        col('reference', 'CRN No'),
        col('ifsc', 'RECEIVER IFSC Code'),
        col('accountType', 'RECEIVER Account Type'),
        col('narration', 'Remarks'),
        col('blank', 'Phone No'),
      ],
    },
  },
  'kotak-cms': {
    key: 'kotak-cms',
    bank: 'Kotak Mahindra Bank',
    channel: 'CMS bulk payments',
    verified: false,
    source:
      'No layout published by Kotak Mahindra Bank. The 49 columns (Client_Code … Enrichment_20) are Kotak’s CMS payment sheet as written, in this order, by independent public payroll and payout code on GitHub (one “matches the sample file Kotak supplies”); two write it as this tilde-separated text without a header (e.g. igobackend2-bit/farm-factory-erpv2 src/lib/kotakBankExport.ts): payment type NEFT, or IFT within Kotak, bank code indicator M, dates as 30/11/2026. RTGS and IMPS codes appear in none of them, so the preset pays everything else by NEFT (no upper limit). Client code and product code (RPAY, VPAY, SALPAY in the sources) are given by the bank: they are empty here; copy the preset into your own format and enter them.',
    format: {
      name: 'Kotak CMS bulk payment',
      layout: 'delimited',
      separator: '~',
      header: false,
      lineEnding: 'LF',
      dateFormat: 'DD/MM/YYYY',
      amountFormat: 'rupees2',
      narration: 'Salary {month}',
      paymentMode: { codes: { neft: 'NEFT', rtgs: 'RTGS', imps: 'IMPS', internal: 'IFT' }, standard: 'neft', rtgsFromPaise: null, internalWhenSameBank: true },
      extension: 'txt',
      columns: [
        col('constant', 'Client_Code', undefined, ''),
        col('constant', 'Product_Code', undefined, ''),
        col('paymentMode', 'Payment_Type'),
        col('reference', 'Payment_Ref_No.'),
        col('valueDate', 'Payment_Date'),
        col('blank', 'Instrument Date'),
        col('debitAccount', 'Dr_Ac_No'),
        col('amount', 'Amount'),
        col('constant', 'Bank_Code_Indicator', undefined, 'M'),
        col('blank', 'Beneficiary_Code'),
        col('beneficiaryName', 'Beneficiary_Name'),
        col('blank', 'Beneficiary_Bank'),
        col('ifsc', 'Beneficiary_Branch / IFSC Code'),
        col('accountNumber', 'Beneficiary_Acc_No'),
        ...blanks('Location', 'Print_Location', 'Instrument_Number', 'Ben_Add1', 'Ben_Add2', 'Ben_Add3', 'Ben_Add4'),
        col('email', 'Beneficiary_Email'),
        col('blank', 'Beneficiary_Mobile'),
        col('narration', 'Debit_Narration'),
        col('narration', 'Credit_Narration'),
        ...blanks('Payment Details 1', 'Payment Details 2', 'Payment Details 3', 'Payment Details 4'),
        ...blanks(...Array.from({ length: 20 }, (_, i) => `Enrichment_${String(i + 1)}`)),
      ],
    },
  },
};

export function isBankFormatPresetKey(key: string): key is BankFormatPresetKey {
  return (BANK_FORMAT_PRESET_KEYS as readonly string[]).includes(key);
}
