import { PAN_PATTERN, TAN_PATTERN } from './form24q';
import { BSR_CODE_PATTERN, CHALLAN_SERIAL_PATTERN, challanTotalPaise, type TdsChallan } from './tds-challans';

/**
 * Form 24Q (regular, quarters 1 to 3) as the text file Protean's (formerly NSDL) Return
 * Preparation Utility and File Validation Utility read, and our own check of that layout before
 * it is handed out.
 *
 * Source: Protean eGov Technologies, "File Format for Salary TDS File - Form 24Q - Q1 to Q3"
 * (version 6.3, 27 May 2025, for FVU 9.x, applicable up to FY 2025-26), and its General Notes as
 * in the Q4 workbook (version 6.6): ASCII, every record on its own line ending CR LF (note 2),
 * amounts with two decimals (note 4), dates ddmmyyyy and never in the future (note 8), '^'
 * delimited with no padding (note 9), delimiters = fields − 1 (note 10).
 * docs/decisions/incoming-h28-form24q.md records the field list and what we fill.
 *
 * Record types: FH file header (18 fields), BH batch header (72), CD challan detail (41),
 * DD deductee detail (54). Q4 also carries SD salary detail records (Annexure II), which this
 * builder does not write: buildForm24QFvu refuses a fourth quarter.
 */

export const FVU_FIELD_COUNTS = { FH: 18, BH: 72, CD: 41, DD: 54 } as const;
export type FvuRecordType = keyof typeof FVU_FIELD_COUNTS;

/**
 * The fields of each record, 1-based position = index + 1. '' is a field the format marks
 * "not applicable" to a regular statement (written empty, the delimiter kept).
 */
export const FVU_LAYOUT: Record<FvuRecordType, readonly string[]> = {
  FH: ['lineNumber', 'recordType', 'fileType', 'uploadType', 'fileCreationDate', 'fileSequenceNumber', 'uploaderType', 'tan', 'totalBatches', 'utilityName', '', '', '', '', '', '', '', ''],
  BH: [
    'lineNumber', 'recordType', 'batchNumber', 'challanCount', 'formNumber', '', '', '', '', '', '', '', 'tan', '', 'deductorPan', 'assessmentYear', 'financialYear', 'period',
    'deductorName', 'deductorBranch', 'deductorAddress1', 'deductorAddress2', 'deductorAddress3', 'deductorAddress4', 'deductorAddress5', 'deductorState', 'deductorPin',
    'deductorEmail', 'deductorStd', 'deductorPhone', 'deductorAddressChanged', 'deductorType', 'responsibleName', 'responsibleDesignation',
    'responsibleAddress1', 'responsibleAddress2', 'responsibleAddress3', 'responsibleAddress4', 'responsibleAddress5', 'responsibleState', 'responsiblePin',
    'responsibleEmail', 'responsibleMobile', 'responsibleStd', 'responsiblePhone', 'responsibleAddressChanged', 'batchTotalDeposit', '', 'salaryDetailCount',
    'batchTotalGrossIncome', 'aoApproval', 'earlierStatementFiled', '', 'stateName', '', '', '', '', 'responsiblePan', '', '', '', '', '', '', '', '', '', 'gstin', '', '', '',
  ],
  CD: [
    'lineNumber', 'recordType', 'batchNumber', 'challanRecordNumber', 'deducteeCount', 'nilChallan', '', '', '', '', '', 'challanSerial', '', '', '', 'bsrCode', '', 'depositDate', '', '', '',
    'tax', 'surcharge', 'cess', 'interest', 'others', 'totalDeposit', '', 'deducteeTotalDeposited', 'deducteeTax', 'deducteeSurcharge', 'deducteeCess', 'deducteeTotalTds',
    'interestApportioned', 'othersApportioned', 'chequeNumber', 'bookEntry', 'remarks', 'fee', 'minorHead', '',
  ],
  DD: [
    'lineNumber', 'recordType', 'batchNumber', 'challanRecordNumber', 'deducteeRecordNumber', 'mode', '', '', '', 'pan', '', 'panReference', 'name', 'tax', 'surcharge', 'cess', 'totalTds', '',
    'totalDeposited', '', '', 'amountPaid', 'paidOn', 'deductedOn', 'depositDate', '', '', '', '', 'remarks1', 'remarks2', 'remarks3', 'sectionCode', '',
    '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '',
  ],
};

const position = (type: FvuRecordType, name: string): number => {
  const i = FVU_LAYOUT[type].indexOf(name);
  if (i < 0) throw new Error(`${type} has no field ${name}`);
  return i;
};

/** Section code of salary TDS by a deductor other than the Government (s.192), the code Annexure I of the format lists. */
export const SECTION_192_NON_GOVERNMENT = '92B';
/** Name of the utility written in the file header. */
export const FVU_UTILITY_NAME = 'Tankha';
const PAN_PLACEHOLDERS = ['PANNOTAVBL', 'PANAPPLIED', 'PANINVALID'];

/** Paise → rupees with two decimals (General Note 4), integer arithmetic. */
export function fvuAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${String(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' → 'DDMMYYYY' (General Note 8). */
export const fvuDate = (iso: string): string => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

export interface FvuDeductor {
  tan: string;
  pan: string;
  name: string;
  /** Lines of the address, at most five (the first mandatory). */
  address: readonly string[];
  /** Annexure 1 state code, two digits ('29' Karnataka). */
  stateCode: string;
  pin: string;
  email: string | null;
  /** Annexure 4 deductor category: 'K' company, 'F' firm, … */
  deductorType: string;
  gstin: string | null;
}

export interface FvuResponsiblePerson {
  name: string;
  designation: string;
  pan: string;
  mobile: string;
  email: string | null;
}

export interface FvuDeductee {
  pan: string;
  name: string;
  /** Employee reference (employee number). */
  reference: string | null;
  amountPaidPaise: number;
  tdsPaise: number;
  depositedPaise: number;
  /** 'YYYY-MM-DD'. */
  paidOn: string;
  deductedOn: string;
}

export interface FvuChallan {
  challan: TdsChallan;
  deductees: readonly FvuDeductee[];
}

export interface Form24QFvuInput {
  financialYearStart: number;
  quarter: 1 | 2 | 3 | 4;
  /** 'YYYY-MM-DD'. */
  createdOn: string;
  deductor: FvuDeductor;
  responsible: FvuResponsiblePerson;
  /** Whether a regular statement was filed for the previous quarter. */
  earlierStatementFiled: boolean;
  challans: readonly FvuChallan[];
}

/**
 * The regular statement as text, CR LF after every record. The deductee's TDS is reported as income
 * tax (surcharge and cess 0): the payslip's TDS line is the whole tax deducted, not split.
 */
export function buildForm24QFvu(input: Form24QFvuInput): string {
  if (input.quarter === 4) throw new Error('The fourth quarter carries Annexure II (SD records), which this builder does not write');
  const lines: string[] = [];
  const emit = (type: FvuRecordType, values: Record<string, string | number | null>) => {
    const line = FVU_LAYOUT[type].map((name, i) => {
      if (i === 0) return String(lines.length + 1);
      if (name === 'recordType') return type;
      const v = name === '' ? null : values[name];
      return v === null || v === undefined ? '' : String(v);
    });
    lines.push(line.join('^'));
  };
  const { deductor: d, responsible: r } = input;
  const fy = `${String(input.financialYearStart)}${String((input.financialYearStart + 1) % 100).padStart(2, '0')}`;
  const ay = `${String(input.financialYearStart + 1)}${String((input.financialYearStart + 2) % 100).padStart(2, '0')}`;
  emit('FH', { fileType: 'SL1', uploadType: 'R', fileCreationDate: fvuDate(input.createdOn), fileSequenceNumber: 1, uploaderType: 'D', tan: d.tan, totalBatches: 1, utilityName: FVU_UTILITY_NAME });
  const address = [...d.address, '', '', '', '', ''].slice(0, 5);
  emit('BH', {
    batchNumber: 1,
    challanCount: input.challans.length,
    formNumber: '24Q',
    tan: d.tan,
    deductorPan: d.pan,
    assessmentYear: ay,
    financialYear: fy,
    period: `Q${String(input.quarter)}`,
    deductorName: d.name,
    deductorAddress1: address[0] ?? '',
    deductorAddress2: address[1] ?? '',
    deductorAddress3: address[2] ?? '',
    deductorAddress4: address[3] ?? '',
    deductorAddress5: address[4] ?? '',
    deductorState: d.stateCode,
    deductorPin: d.pin,
    deductorEmail: d.email,
    deductorAddressChanged: 'N',
    deductorType: d.deductorType,
    responsibleName: r.name,
    responsibleDesignation: r.designation,
    responsibleAddress1: address[0] ?? '',
    responsibleAddress2: address[1] ?? '',
    responsibleAddress3: address[2] ?? '',
    responsibleAddress4: address[3] ?? '',
    responsibleAddress5: address[4] ?? '',
    responsibleState: d.stateCode,
    responsiblePin: d.pin,
    responsibleEmail: r.email,
    responsibleMobile: r.mobile,
    responsibleAddressChanged: 'N',
    batchTotalDeposit: fvuAmount(input.challans.reduce((s, c) => s + challanTotalPaise(c.challan), 0)),
    aoApproval: 'N',
    earlierStatementFiled: input.earlierStatementFiled ? 'Y' : 'N',
    responsiblePan: r.pan,
    gstin: d.gstin,
  });
  input.challans.forEach(({ challan: c, deductees }, ci) => {
    const tds = deductees.reduce((s, x) => s + x.tdsPaise, 0);
    const deposited = deductees.reduce((s, x) => s + x.depositedPaise, 0);
    emit('CD', {
      batchNumber: 1,
      challanRecordNumber: ci + 1,
      deducteeCount: deductees.length,
      nilChallan: 'N',
      challanSerial: c.serialNumber,
      bsrCode: c.bsrCode,
      depositDate: fvuDate(c.depositedOn),
      tax: fvuAmount(c.taxPaise),
      surcharge: fvuAmount(c.surchargePaise),
      cess: fvuAmount(c.cessPaise),
      interest: fvuAmount(c.interestPaise),
      others: fvuAmount(c.othersPaise),
      totalDeposit: fvuAmount(challanTotalPaise(c)),
      deducteeTotalDeposited: fvuAmount(deposited),
      deducteeTax: fvuAmount(tds),
      deducteeSurcharge: fvuAmount(0),
      deducteeCess: fvuAmount(0),
      deducteeTotalTds: fvuAmount(tds),
      interestApportioned: fvuAmount(c.interestPaise),
      othersApportioned: fvuAmount(c.othersPaise),
      bookEntry: 'N',
      fee: fvuAmount(c.feePaise),
      minorHead: c.minorHead,
    });
    deductees.forEach((x, xi) => {
      emit('DD', {
        batchNumber: 1,
        challanRecordNumber: ci + 1,
        deducteeRecordNumber: xi + 1,
        mode: 'O',
        pan: x.pan,
        panReference: x.reference,
        name: x.name,
        tax: fvuAmount(x.tdsPaise),
        surcharge: fvuAmount(0),
        cess: fvuAmount(0),
        totalTds: fvuAmount(x.tdsPaise),
        totalDeposited: fvuAmount(x.depositedPaise),
        amountPaid: fvuAmount(x.amountPaidPaise),
        paidOn: fvuDate(x.paidOn),
        deductedOn: fvuDate(x.deductedOn),
        depositDate: fvuDate(c.depositedOn),
        sectionCode: SECTION_192_NON_GOVERNMENT,
      });
    });
  });
  return lines.map((l) => `${l}\r\n`).join('');
}

// ——— Our own validator of the layout ———

export interface FvuProblem {
  /** 1-based line of the file, 0 for the file as a whole. */
  line: number;
  /** 1-based field, 0 for the record as a whole. */
  field: number;
  message: string;
}

const AMOUNT = /^[0-9]+\.[0-9]{2}$/;
const DIGITS = (n: number) => new RegExp(`^[0-9]{${String(n)}}$`);

/** A real calendar date written ddmmyyyy, not after `today` ('YYYY-MM-DD'). */
function dateProblem(value: string, today: string): string | null {
  if (!/^[0-9]{8}$/.test(value)) return `${value || '(empty)'} is not a date written DDMMYYYY`;
  const iso = `${value.slice(4, 8)}-${value.slice(2, 4)}-${value.slice(0, 2)}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) return `${value} is not a calendar date`;
  if (iso > today) return `${value} is in the future`;
  return null;
}

const toPaise = (amount: string): number => {
  const [whole = '0', frac = '00'] = amount.split('.');
  return Number(whole) * 100 + Number(frac);
};

/**
 * Checks a Form 24Q regular text file against the layout: line endings, record types and their
 * field counts, sequence numbers, mandatory fields, formats (TAN, PAN, dates, BSR code, challan
 * serial, amounts) and totals (batch header = Σ challans; challan = Σ its deductees). Empty list:
 * the file passes our checks (the FVU remains the final word).
 */
export function validateForm24QFvu(text: string, today: string): FvuProblem[] {
  const problems: FvuProblem[] = [];
  const add = (line: number, field: number, message: string) => problems.push({ line, field, message });
  if (text === '') return [{ line: 0, field: 0, message: 'The file is empty' }];
  if (!text.endsWith('\r\n')) add(0, 0, 'The last record does not end with CR LF');
  const raw = text.split('\r\n');
  if (raw[raw.length - 1] === '') raw.pop();
  const records = raw.map((l, i) => ({ n: i + 1, f: l.split('^') }));
  records.forEach(({ n, f }) => {
    if (f.some((v) => v.includes('\n') || v.includes('\r'))) add(n, 0, 'A record is broken by a line feed without carriage return');
    // General Note 1: an ASCII file.
    const foreign = f.join('^').match(/[^\x20-\x7e]/);
    if (foreign) add(n, 0, `The record holds ${foreign[0]}, which is not a printable ASCII character`);
  });

  const val = (f: readonly string[], type: FvuRecordType, name: string) => f[position(type, name)] ?? '';
  const fieldNo = (type: FvuRecordType, name: string) => position(type, name) + 1;
  const mandatory = (n: number, f: readonly string[], type: FvuRecordType, name: string, label: string) => {
    if (val(f, type, name).trim() === '') add(n, fieldNo(type, name), `${label} is mandatory`);
  };
  const pattern = (n: number, f: readonly string[], type: FvuRecordType, name: string, re: RegExp, label: string) => {
    const v = val(f, type, name);
    if (!re.test(v)) add(n, fieldNo(type, name), `${label} ${v || '(empty)'} is not valid`);
  };
  const amount = (n: number, f: readonly string[], type: FvuRecordType, name: string, label: string) => {
    const v = val(f, type, name);
    if (!AMOUNT.test(v)) add(n, fieldNo(type, name), `${label} ${v || '(empty)'} is not an amount with two decimals`);
  };
  const date = (n: number, f: readonly string[], type: FvuRecordType, name: string, label: string) => {
    const p = dateProblem(val(f, type, name), today);
    if (p) add(n, fieldNo(type, name), `${label}: ${p}`);
  };

  // Shape: sequence numbers, known record types, field counts.
  const typed: { n: number; type: FvuRecordType; f: string[] }[] = [];
  let misshapen = false;
  for (const { n, f } of records) {
    if (f[0] !== String(n)) add(n, 1, `Line number ${f[0] ?? ''} should be ${String(n)}`);
    const type = f[1] ?? '';
    if (!(type in FVU_FIELD_COUNTS)) {
      add(n, 2, `Record type ${type || '(empty)'} is not FH, BH, CD or DD`);
      misshapen = true;
      continue;
    }
    const t = type as FvuRecordType;
    if (f.length !== FVU_FIELD_COUNTS[t]) {
      add(n, 0, `A ${t} record has ${String(FVU_FIELD_COUNTS[t])} fields (${String(FVU_FIELD_COUNTS[t] - 1)} delimiters); this one has ${String(f.length)}`);
      misshapen = true;
      continue;
    }
    typed.push({ n, type: t, f });
  }
  // Fields of a misshapen record are not where the layout says: checking them would only mislead.
  if (misshapen) return problems;

  const [fh, ...rest] = typed;
  if (fh?.type !== 'FH' || fh.n !== 1) return [...problems, { line: 1, field: 2, message: 'The file must start with its FH record' }];
  pattern(fh.n, fh.f, 'FH', 'fileType', /^SL1$/, 'File type');
  pattern(fh.n, fh.f, 'FH', 'uploadType', /^R$/, 'Upload type');
  pattern(fh.n, fh.f, 'FH', 'uploaderType', /^D$/, 'Uploader type');
  date(fh.n, fh.f, 'FH', 'fileCreationDate', 'File creation date');
  pattern(fh.n, fh.f, 'FH', 'tan', TAN_PATTERN, 'TAN');
  const batches = rest.filter((r) => r.type === 'BH');
  if (val(fh.f, 'FH', 'totalBatches') !== String(batches.length)) add(fh.n, fieldNo('FH', 'totalBatches'), `Total of batches ${val(fh.f, 'FH', 'totalBatches')} should be ${String(batches.length)}`);

  let bh: (typeof typed)[number] | null = null;
  let cd: (typeof typed)[number] | null = null;
  let batchNo = 0;
  let challanNo = 0;
  let deducteeNo = 0;
  let batchChallans: (typeof typed)[number][] = [];
  let challanDeductees: (typeof typed)[number][] = [];
  let batchDepositPaise = 0;

  const closeChallan = () => {
    if (!cd) return;
    const c = cd.f;
    const count = val(c, 'CD', 'deducteeCount');
    if (count !== String(challanDeductees.length)) add(cd.n, fieldNo('CD', 'deducteeCount'), `Count of deductee records ${count} should be ${String(challanDeductees.length)}`);
    const sums: [string, string, string][] = [
      ['deducteeTax', 'tax', 'Income tax of the deductees'],
      ['deducteeTotalTds', 'totalTds', 'Total tax deducted of the deductees'],
      ['deducteeTotalDeposited', 'totalDeposited', 'Total tax deposited of the deductees'],
    ];
    for (const [cdField, ddField, label] of sums) {
      const expected = challanDeductees.reduce((s, d) => s + toPaise(val(d.f, 'DD', ddField)), 0);
      if (AMOUNT.test(val(c, 'CD', cdField)) && toPaise(val(c, 'CD', cdField)) !== expected) add(cd.n, fieldNo('CD', cdField), `${label} ${val(c, 'CD', cdField)} should be the sum of its DD records, ${fvuAmount(expected)}`);
    }
    const creditable = ['tax', 'surcharge', 'cess'].reduce((s, k) => s + (AMOUNT.test(val(c, 'CD', k)) ? toPaise(val(c, 'CD', k)) : 0), 0);
    if (AMOUNT.test(val(c, 'CD', 'deducteeTotalDeposited')) && toPaise(val(c, 'CD', 'deducteeTotalDeposited')) > creditable)
      add(cd.n, fieldNo('CD', 'deducteeTotalDeposited'), `Tax deposited for the deductees ${val(c, 'CD', 'deducteeTotalDeposited')} is more than the challan’s tax, surcharge and cess ${fvuAmount(creditable)}`);
    cd = null;
  };
  const closeBatch = () => {
    closeChallan();
    if (!bh) return;
    const count = val(bh.f, 'BH', 'challanCount');
    if (count !== String(batchChallans.length)) add(bh.n, fieldNo('BH', 'challanCount'), `Count of challan records ${count} should be ${String(batchChallans.length)}`);
    const total = val(bh.f, 'BH', 'batchTotalDeposit');
    if (AMOUNT.test(total) && toPaise(total) !== batchDepositPaise) add(bh.n, fieldNo('BH', 'batchTotalDeposit'), `Batch total of deposits ${total} should be the sum of its challans, ${fvuAmount(batchDepositPaise)}`);
    bh = null;
  };

  for (const r of rest) {
    const { n, f } = r;
    if (r.type === 'FH') {
      add(n, 2, 'A file has one FH record, the first');
      continue;
    }
    if (r.type === 'BH') {
      closeBatch();
      batchNo += 1;
      challanNo = 0;
      batchChallans = [];
      batchDepositPaise = 0;
      bh = r;
      if (val(f, 'BH', 'batchNumber') !== String(batchNo)) add(n, fieldNo('BH', 'batchNumber'), `Batch number ${val(f, 'BH', 'batchNumber')} should be ${String(batchNo)}`);
      pattern(n, f, 'BH', 'formNumber', /^24Q$/, 'Form number');
      pattern(n, f, 'BH', 'tan', TAN_PATTERN, 'TAN');
      if (val(f, 'BH', 'tan') !== val(fh.f, 'FH', 'tan')) add(n, fieldNo('BH', 'tan'), 'TAN differs from the file header’s');
      pattern(n, f, 'BH', 'deductorPan', PAN_PATTERN, 'PAN of the deductor');
      const fy = val(f, 'BH', 'financialYear');
      const ay = val(f, 'BH', 'assessmentYear');
      const fyOk = /^[0-9]{6}$/.test(fy) && (Number(fy.slice(0, 4)) + 1) % 100 === Number(fy.slice(4));
      if (!fyOk) add(n, fieldNo('BH', 'financialYear'), `Financial year ${fy || '(empty)'} is not written YYYYYY (202526)`);
      else if (ay !== `${String(Number(fy.slice(0, 4)) + 1)}${String((Number(fy.slice(0, 4)) + 2) % 100).padStart(2, '0')}`) add(n, fieldNo('BH', 'assessmentYear'), `Assessment year ${ay || '(empty)'} should follow financial year ${fy}`);
      pattern(n, f, 'BH', 'period', /^Q[1-4]$/, 'Period');
      mandatory(n, f, 'BH', 'deductorName', 'Name of the deductor');
      mandatory(n, f, 'BH', 'deductorAddress1', 'Address line 1 of the deductor');
      pattern(n, f, 'BH', 'deductorState', /^[0-9]{2}$/, 'State code of the deductor');
      pattern(n, f, 'BH', 'deductorPin', DIGITS(6), 'PIN code of the deductor');
      mandatory(n, f, 'BH', 'deductorType', 'Deductor type');
      mandatory(n, f, 'BH', 'responsibleName', 'Name of the person responsible');
      mandatory(n, f, 'BH', 'responsibleDesignation', 'Designation of the person responsible');
      mandatory(n, f, 'BH', 'responsibleAddress1', 'Address line 1 of the person responsible');
      pattern(n, f, 'BH', 'responsibleState', /^[0-9]{2}$/, 'State code of the person responsible');
      pattern(n, f, 'BH', 'responsiblePin', DIGITS(6), 'PIN code of the person responsible');
      pattern(n, f, 'BH', 'responsibleMobile', DIGITS(10), 'Mobile number of the person responsible');
      pattern(n, f, 'BH', 'responsiblePan', PAN_PATTERN, 'PAN of the person responsible');
      amount(n, f, 'BH', 'batchTotalDeposit', 'Batch total of deposits');
      pattern(n, f, 'BH', 'aoApproval', /^N$/, 'AO approval');
      pattern(n, f, 'BH', 'earlierStatementFiled', /^[YN]$/, 'Whether a regular statement was filed for the earlier period');
      continue;
    }
    if (!bh) {
      add(n, 2, `A ${r.type} record must follow a BH record`);
      continue;
    }
    if (r.type === 'CD') {
      closeChallan();
      challanNo += 1;
      deducteeNo = 0;
      challanDeductees = [];
      cd = r;
      batchChallans.push(r);
      if (val(f, 'CD', 'batchNumber') !== String(batchNo)) add(n, fieldNo('CD', 'batchNumber'), `Batch number ${val(f, 'CD', 'batchNumber')} should be ${String(batchNo)}`);
      if (val(f, 'CD', 'challanRecordNumber') !== String(challanNo)) add(n, fieldNo('CD', 'challanRecordNumber'), `Challan record number ${val(f, 'CD', 'challanRecordNumber')} should be ${String(challanNo)}`);
      pattern(n, f, 'CD', 'nilChallan', /^N$/, 'Nil challan indicator');
      pattern(n, f, 'CD', 'challanSerial', CHALLAN_SERIAL_PATTERN, 'Challan serial number');
      pattern(n, f, 'CD', 'bsrCode', BSR_CODE_PATTERN, 'BSR code');
      date(n, f, 'CD', 'depositDate', 'Date of deposit');
      const parts = ['tax', 'surcharge', 'cess', 'interest', 'others', 'fee'] as const;
      for (const k of [...parts, 'totalDeposit', 'deducteeTotalDeposited', 'deducteeTax', 'deducteeSurcharge', 'deducteeCess', 'deducteeTotalTds']) amount(n, f, 'CD', k, `Amount (${k})`);
      if (parts.every((k) => AMOUNT.test(val(f, 'CD', k))) && AMOUNT.test(val(f, 'CD', 'totalDeposit'))) {
        const sum = parts.reduce((s, k) => s + toPaise(val(f, 'CD', k)), 0);
        if (toPaise(val(f, 'CD', 'totalDeposit')) !== sum) add(n, fieldNo('CD', 'totalDeposit'), `Total of the challan ${val(f, 'CD', 'totalDeposit')} should be tax + surcharge + cess + interest + others + fee, ${fvuAmount(sum)}`);
      }
      if (AMOUNT.test(val(f, 'CD', 'totalDeposit'))) batchDepositPaise += toPaise(val(f, 'CD', 'totalDeposit'));
      pattern(n, f, 'CD', 'minorHead', /^(200|400)$/, 'Minor head');
      continue;
    }
    // DD
    if (!cd) {
      add(n, 2, 'A DD record must follow a CD record');
      continue;
    }
    deducteeNo += 1;
    challanDeductees.push(r);
    if (val(f, 'DD', 'batchNumber') !== String(batchNo)) add(n, fieldNo('DD', 'batchNumber'), `Batch number ${val(f, 'DD', 'batchNumber')} should be ${String(batchNo)}`);
    if (val(f, 'DD', 'challanRecordNumber') !== String(challanNo)) add(n, fieldNo('DD', 'challanRecordNumber'), `Challan record number ${val(f, 'DD', 'challanRecordNumber')} should be ${String(challanNo)}`);
    if (val(f, 'DD', 'deducteeRecordNumber') !== String(deducteeNo)) add(n, fieldNo('DD', 'deducteeRecordNumber'), `Deductee record number ${val(f, 'DD', 'deducteeRecordNumber')} should be ${String(deducteeNo)}`);
    pattern(n, f, 'DD', 'mode', /^O$/, 'Mode');
    const pan = val(f, 'DD', 'pan');
    if (!PAN_PATTERN.test(pan) && !PAN_PLACEHOLDERS.includes(pan)) add(n, fieldNo('DD', 'pan'), `PAN ${pan || '(empty)'} is not a PAN nor PANNOTAVBL, PANAPPLIED or PANINVALID`);
    mandatory(n, f, 'DD', 'name', 'Name of the employee');
    for (const k of ['tax', 'surcharge', 'cess', 'totalTds', 'totalDeposited', 'amountPaid']) amount(n, f, 'DD', k, `Amount (${k})`);
    if (['tax', 'surcharge', 'cess', 'totalTds'].every((k) => AMOUNT.test(val(f, 'DD', k)))) {
      const sum = toPaise(val(f, 'DD', 'tax')) + toPaise(val(f, 'DD', 'surcharge')) + toPaise(val(f, 'DD', 'cess'));
      if (toPaise(val(f, 'DD', 'totalTds')) !== sum) add(n, fieldNo('DD', 'totalTds'), `Total tax deducted ${val(f, 'DD', 'totalTds')} should be tax + surcharge + cess, ${fvuAmount(sum)}`);
    }
    date(n, f, 'DD', 'paidOn', 'Date of payment');
    date(n, f, 'DD', 'deductedOn', 'Date of deduction');
    date(n, f, 'DD', 'depositDate', 'Date of deposit');
    pattern(n, f, 'DD', 'sectionCode', /^92[ABC]$/, 'Section code');
  }
  closeBatch();
  if (batches.length === 0) add(0, 0, 'The file has no BH record');
  return problems;
}

/** A problem as one line of text ("Line 3, field 16: BSR code … is not valid"). */
export function fvuProblemText(p: FvuProblem): string {
  if (p.line === 0) return p.message;
  return p.field === 0 ? `Line ${String(p.line)}: ${p.message}` : `Line ${String(p.line)}, field ${String(p.field)}: ${p.message}`;
}
