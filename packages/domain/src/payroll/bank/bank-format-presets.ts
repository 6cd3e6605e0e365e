import { RTGS_MINIMUM_PAISE, type BankFileFormat, type BankFormatColumn } from './bank-format';

/**
 * Bank file formats of the bulk-upload channels of five banks (issue 28). Each says where its layout
 * comes from. None of the five banks publishes its corporate bulk-upload specification on its own
 * site: HDFC's is verified against public copies of HDFC's own specification (two documents that
 * agree field by field); the other four come from descriptions of the channels and are marked
 * unverified until a customer's bank confirms them (docs/decisions/incoming-h28-24q.md); the web
 * says so next to the preset. An organisation can copy a preset into a format of its own and correct it.
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
      'ICICI Bank CIB FAQ (http://ebusiness.icicibank.com/imarkets/products/FAQS.asp) confirms a bulk-upload format without publishing it; columns as in the ICICI “Bulk Pay” Excel template described by third parties (header row kept, Pay Mod N / R / I).',
    format: {
      name: 'ICICI Bank CIB bulk upload',
      layout: 'delimited',
      separator: ',',
      header: true,
      lineEnding: 'CRLF',
      dateFormat: 'DD-MMM-YYYY',
      amountFormat: 'rupees2',
      narration: 'Salary {month}',
      paymentMode: { codes: { neft: 'N', rtgs: 'R', imps: 'M', internal: 'I' }, standard: 'neft', rtgsFromPaise: RTGS_MINIMUM_PAISE, internalWhenSameBank: true },
      extension: 'csv',
      columns: [
        col('debitAccount', 'Debit Ac No', 12),
        col('accountNumber', 'Beneficiary Ac No', 32),
        col('beneficiaryName', 'Beneficiary Name', 32),
        col('amount', 'Amt', 16),
        col('paymentMode', 'Pay Mod', 1),
        col('valueDate', 'Date', 11),
        col('ifsc', 'IFSC', 11),
        ...blanks('Payable Location', 'Print Location', 'Bene Mobile No.'),
        col('email', 'Bene Email ID', 100),
        ...blanks('Bene add1', 'Bene add2', 'Bene add3', 'Bene add4'),
        col('reference', 'Add Details 1', 30),
        ...blanks('Add Details 2', 'Add Details 3', 'Add Details 4', 'Add Details 5'),
        col('narration', 'Remarks', 30),
      ],
    },
  },
  'axis-corporate': {
    key: 'axis-corporate',
    bank: 'Axis Bank',
    channel: 'Corporate bulk payment upload (PayPro / neo for corporates)',
    verified: false,
    source:
      'Axis Bank “Bulk Payment Uploads” (https://www.axisbank.com/corporate/transaction-banking/cash-management-services/bulk-payment-uploads) lists the payment modes (NEFT, RTGS, IMPS, internal fund transfer) but not the layout; columns assembled from the fields of its generic format.',
    format: {
      name: 'Axis Bank corporate bulk upload',
      layout: 'delimited',
      separator: ',',
      header: true,
      lineEnding: 'CRLF',
      dateFormat: 'DD-MM-YYYY',
      amountFormat: 'rupees2',
      narration: 'Salary {month}',
      paymentMode: { codes: { neft: 'NEFT', rtgs: 'RTGS', imps: 'IMPS', internal: 'FT' }, standard: 'neft', rtgsFromPaise: RTGS_MINIMUM_PAISE, internalWhenSameBank: true },
      extension: 'csv',
      columns: [
        col('paymentMode', 'Payment Mode', 4),
        col('debitAccount', 'Corporate Account Number', 15),
        col('amount', 'Amount', 15),
        col('valueDate', 'Value Date', 10),
        col('beneficiaryName', 'Beneficiary Name', 70),
        col('accountNumber', 'Beneficiary Account Number', 30),
        col('ifsc', 'IFSC Code', 11),
        col('employeeNumber', 'Beneficiary Code', 20),
        col('reference', 'Customer Reference Number', 20),
        col('email', 'Beneficiary Email', 100),
        col('narration', 'Payment Details', 30),
      ],
    },
  },
  'kotak-cms': {
    key: 'kotak-cms',
    bank: 'Kotak Mahindra Bank',
    channel: 'CMS bulk payments',
    verified: false,
    source:
      'No published Kotak CMS layout found; fields as Kotak’s CMS onboarding describes them (client code and product code given by the bank, NEFT / RTGS / IFT). The client code is empty here: copy the preset into your own format and enter it.',
    format: {
      name: 'Kotak CMS bulk payment',
      layout: 'delimited',
      separator: ',',
      header: false,
      lineEnding: 'CRLF',
      dateFormat: 'DD/MM/YYYY',
      amountFormat: 'rupees2',
      narration: 'Salary {month}',
      paymentMode: { codes: { neft: 'NEFT', rtgs: 'RTGS', imps: 'IMPS', internal: 'IFT' }, standard: 'neft', rtgsFromPaise: RTGS_MINIMUM_PAISE, internalWhenSameBank: true },
      extension: 'csv',
      columns: [
        col('constant', 'Client Code', 20, ''),
        col('constant', 'Product Code', 10, 'SALARY'),
        col('paymentMode', 'Payment Type', 4),
        col('reference', 'Payment Ref No', 20),
        col('valueDate', 'Payment Date', 10),
        col('debitAccount', 'Dr Ac No', 20),
        col('amount', 'Amount', 15),
        col('employeeNumber', 'Bene Code', 20),
        col('beneficiaryName', 'Bene Name', 70),
        col('ifsc', 'IFSC Code', 11),
        col('accountNumber', 'Bene Acc No', 30),
        col('email', 'Bene Email', 100),
        col('narration', 'Payment Details', 30),
      ],
    },
  },
};

export function isBankFormatPresetKey(key: string): key is BankFormatPresetKey {
  return (BANK_FORMAT_PRESET_KEYS as readonly string[]).includes(key);
}
