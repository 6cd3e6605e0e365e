import type { Form16PartB } from '../../tax/form16-part-b';
import { PAN_PATTERN, TAN_PATTERN } from './form24q';
import { BSR_CODE_PATTERN, CHALLAN_SERIAL_PATTERN, challanTotalPaise, type TdsChallan } from './tds-challans';

/**
 * Form 24Q (regular statement, all four quarters) as the text file Protean's (formerly NSDL) Return
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
 * DD deductee detail (54); in the fourth quarter Annexure II after the challans: per employee one
 * SD salary detail record (88), followed by its S16 section-16 records (8) and C6A Chapter VI-A
 * records (10). The SD/S16/C6A field lists: docs/decisions/incoming-h28-24q.md (two independent
 * public implementations of the Q4 workbook, agreeing field by field).
 */

export const FVU_FIELD_COUNTS = { FH: 18, BH: 72, CD: 41, DD: 54, SD: 88, S16: 8, C6A: 10 } as const;
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
  SD: [
    'lineNumber', 'recordType', 'batchNumber', 'salaryRecordNumber', 'mode', '', 'pan', 'panReference', 'name', 'category', 'employedFrom', 'employedTo',
    'totalSalary', '', 'section16Count', 'section16Total', 'incomeFromSalary', 'otherIncome', 'grossTotalIncome', '', 'chapterVIACount', 'chapterVIATotal',
    'totalIncome', 'taxOnTotalIncome', 'surcharge', 'cess', 'relief89', 'netTaxPayable', 'totalTds', 'shortfall', 'aggregate80C', '', '',
    'taxableCurrent', 'taxablePrevious', 'tdsCurrent', 'tdsPrevious', 'higherRate', 'rentOverLakh', 'landlordCount',
    'landlordPan1', 'landlordName1', 'landlordPan2', 'landlordName2', 'landlordPan3', 'landlordName3', 'landlordPan4', 'landlordName4',
    'lenderInterest', 'lenderCount', 'lenderPan1', 'lenderName1', 'lenderPan2', 'lenderName2', 'lenderPan3', 'lenderName3', 'lenderPan4', 'lenderName4',
    'superannuation', '', '', '', '', '', '', '',
    'salary17_1', 'perquisites17_2', 'profits17_3', 'travel10_5', 'gratuity10_10', 'pension10_10A', 'leave10_10AA', 'hra10_13A', 'otherExempt10', 'totalExempt10',
    'otherSources', 'rebate87A', 'optingOut115BAC', 'special10_14', 'otherTds192_2B', '', '', '', '', '', '', '',
  ],
  S16: ['lineNumber', 'recordType', 'batchNumber', 'salaryRecordNumber', 's16RecordNumber', 'sectionId', 'amount', ''],
  C6A: ['lineNumber', 'recordType', 'batchNumber', 'salaryRecordNumber', 'c6aRecordNumber', 'sectionId', 'deductible', 'gross', 'qualifying', ''],
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

/** The Part B figures the SD record reports (computeForm16PartB: the one calculation path). */
export type FvuPartBFigures = Pick<
  Form16PartB,
  | 'optingOut115BAC'
  | 'salary17_1Paise'
  | 'perquisites17_2Paise'
  | 'profits17_3Paise'
  | 'grossSalaryPaise'
  | 'otherEmployerSalaryPaise'
  | 'hraExemptPaise'
  | 'otherExemptPaise'
  | 'exemptionsPaise'
  | 'standardDeductionPaise'
  | 'professionalTaxPaise'
  | 'section16Paise'
  | 'incomeFromSalaryPaise'
  | 'otherSourcesPaise'
  | 'otherIncomePaise'
  | 'grossTotalIncomePaise'
  | 'chapterVIA'
  | 'chapterVIAPaise'
  | 'totalIncomePaise'
  | 'taxOnTotalIncomePaise'
  | 'rebate87APaise'
  | 'surchargePaise'
  | 'cessPaise'
  | 'relief89Paise'
  | 'netTaxPayablePaise'
  | 'tdsDeductedPaise'
  | 'previousEmployerTdsPaise'
>;

/** A PAN and name of Form 12BB (landlord when the rent exceeds ₹1 lakh, lender of a housing loan). */
export interface FvuPanName {
  pan: string;
  name: string;
}

/** One employee of Annexure II (fourth quarter): an SD record and its S16 / C6A children. */
export interface FvuSalaryDetail {
  pan: string;
  name: string;
  reference: string | null;
  /** 'S' senior citizen (60–79), 'G' super senior (80+), 'O' others. */
  category: 'S' | 'G' | 'O';
  /** 'YYYY-MM-DD': the period of employment with this employer within the year. */
  employedFrom: string;
  employedTo: string;
  figures: FvuPartBFigures;
  /** Declared landlords (at most four written), when the rent paid exceeds ₹1 lakh. */
  landlords: readonly FvuPanName[];
  rentOverLakh: boolean;
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
  /** Annexure II: required in the fourth quarter, refused in the others. */
  salaryDetails?: readonly FvuSalaryDetail[];
}

/**
 * Chapter VI-A section ids of the C6A record as the public implementations write them; what Part B
 * names otherwise ('Others', s.80TTB) is written OTHERS. Part B's '80C' row is the aggregate of
 * 80C, 80CCC and 80CCD(1) (also SD field 31).
 */
const C6A_SECTION: Record<string, string> = { '80C': '80C', '80CCD(1B)': '80CCD(1B)', '80CCD(2)': '80CCD(2)', '80D': '80D', '80E': '80E', '80TTA': '80TTA' };

/** Part B's Chapter VI-A rows as C6A rows (section, allowed amount), the cap row spread back over them. */
export function c6aRows(figures: Pick<FvuPartBFigures, 'chapterVIA' | 'chapterVIAPaise'>): { sectionId: string; amountPaise: number }[] {
  const merged = new Map<string, number>();
  for (const r of figures.chapterVIA) {
    if (r.section === 'Limit' || r.amountPaise <= 0) continue;
    const id = C6A_SECTION[r.section] ?? 'OTHERS';
    merged.set(id, (merged.get(id) ?? 0) + r.amountPaise);
  }
  const rows = [...merged].map(([sectionId, amountPaise]) => ({ sectionId, amountPaise }));
  // s.80D's overall cap / s.80A(2) allowed less than the sections' sum: the last rows give it up, so
  // the rows add up to the aggregate (SD field 22) and no amount is negative.
  let excess = rows.reduce((s, r) => s + r.amountPaise, 0) - figures.chapterVIAPaise;
  for (let i = rows.length - 1; i >= 0 && excess > 0; i -= 1) {
    const row = rows[i];
    if (!row) continue;
    const cut = Math.min(row.amountPaise, excess);
    row.amountPaise -= cut;
    excess -= cut;
  }
  return rows.filter((r) => r.amountPaise > 0);
}

/**
 * The regular statement as text, CR LF after every record. The deductee's TDS is reported as income
 * tax (surcharge and cess 0): the payslip's TDS line is the whole tax deducted, not split. In the
 * fourth quarter Annexure II follows the challans: per employee an SD record and its children.
 */
export function buildForm24QFvu(input: Form24QFvuInput): string {
  const details = input.salaryDetails ?? [];
  if (input.quarter === 4 && input.salaryDetails === undefined) throw new Error('The fourth quarter carries Annexure II: salaryDetails are required');
  if (input.quarter !== 4 && details.length > 0) throw new Error('Annexure II (SD records) belongs to the fourth quarter only');
  const lines: string[] = [];
  const emit: Emit = (type, values) => {
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
    salaryDetailCount: input.quarter === 4 ? details.length : null,
    batchTotalGrossIncome: input.quarter === 4 ? fvuAmount(details.reduce((s, x) => s + x.figures.grossTotalIncomePaise, 0)) : null,
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
  details.forEach((x, xi) => emitSalaryDetail(emit, x, xi + 1));
  return lines.map((l) => `${l}\r\n`).join('');
}

type Emit = (type: FvuRecordType, values: Record<string, string | number | null>) => void;

/** One employee's SD record, then its S16 records (16(ia), 16(iii)) and C6A records. */
function emitSalaryDetail(emit: Emit, x: FvuSalaryDetail, no: number): void {
  const f = x.figures;
  const s16 = [
    { sectionId: '16(ia)', amountPaise: f.standardDeductionPaise },
    { sectionId: '16(iii)', amountPaise: f.professionalTaxPaise },
  ].filter((r) => r.amountPaise > 0);
  const s16Total = s16.reduce((s, r) => s + r.amountPaise, 0);
  const c6a = c6aRows(f);
  const c6aTotal = c6a.reduce((s, r) => s + r.amountPaise, 0);
  const totalTds = f.tdsDeductedPaise + f.previousEmployerTdsPaise;
  const landlords = x.rentOverLakh ? x.landlords.slice(0, 4) : [];
  const newRegime = !f.optingOut115BAC;
  const landlordFields: Record<string, string> = {};
  landlords.forEach((l, i) => {
    landlordFields[`landlordPan${String(i + 1)}`] = l.pan;
    landlordFields[`landlordName${String(i + 1)}`] = l.name;
  });
  emit('SD', {
    batchNumber: 1,
    salaryRecordNumber: no,
    mode: 'A',
    pan: x.pan,
    panReference: PAN_PATTERN.test(x.pan) ? null : x.reference,
    name: x.name,
    category: x.category,
    employedFrom: fvuDate(x.employedFrom),
    employedTo: fvuDate(x.employedTo),
    // Field 17 = 13 − 16: the salary after s.10 exemptions, other employers' included (Part B rows 3 + 1(e)).
    totalSalary: fvuAmount(f.incomeFromSalaryPaise + s16Total),
    section16Count: s16.length,
    section16Total: fvuAmount(s16Total),
    incomeFromSalary: fvuAmount(f.incomeFromSalaryPaise),
    otherIncome: fvuAmount(f.otherIncomePaise),
    grossTotalIncome: fvuAmount(f.grossTotalIncomePaise),
    chapterVIACount: c6a.length,
    chapterVIATotal: fvuAmount(c6aTotal),
    totalIncome: fvuAmount(f.totalIncomePaise),
    taxOnTotalIncome: fvuAmount(f.taxOnTotalIncomePaise),
    surcharge: fvuAmount(f.surchargePaise),
    cess: fvuAmount(f.cessPaise),
    relief89: fvuAmount(f.relief89Paise),
    netTaxPayable: fvuAmount(f.netTaxPayablePaise),
    totalTds: fvuAmount(totalTds),
    shortfall: fvuAmount(f.netTaxPayablePaise - totalTds),
    aggregate80C: fvuAmount(c6a.find((r) => r.sectionId === '80C')?.amountPaise ?? 0),
    taxableCurrent: fvuAmount(f.grossSalaryPaise),
    taxablePrevious: fvuAmount(f.otherEmployerSalaryPaise),
    tdsCurrent: fvuAmount(f.tdsDeductedPaise),
    tdsPrevious: fvuAmount(f.previousEmployerTdsPaise),
    higherRate: PAN_PATTERN.test(x.pan) ? 'N' : 'Y',
    rentOverLakh: x.rentOverLakh ? 'Y' : 'N',
    landlordCount: landlords.length,
    ...landlordFields,
    lenderInterest: 'N',
    lenderCount: 0,
    superannuation: 'N',
    salary17_1: fvuAmount(f.salary17_1Paise),
    perquisites17_2: fvuAmount(f.perquisites17_2Paise),
    profits17_3: fvuAmount(f.profits17_3Paise),
    // s.10(5) and s.10(13A) are not allowed under s.115BAC: empty in the new regime.
    travel10_5: newRegime ? null : fvuAmount(0),
    gratuity10_10: fvuAmount(0),
    pension10_10A: fvuAmount(0),
    leave10_10AA: fvuAmount(0),
    hra10_13A: newRegime ? null : fvuAmount(f.hraExemptPaise),
    otherExempt10: fvuAmount(f.otherExemptPaise),
    totalExempt10: fvuAmount(f.exemptionsPaise),
    otherSources: fvuAmount(f.otherSourcesPaise),
    rebate87A: fvuAmount(f.rebate87APaise),
    optingOut115BAC: f.optingOut115BAC ? 'Y' : 'N',
    special10_14: fvuAmount(0),
    otherTds192_2B: fvuAmount(0),
  });
  s16.forEach((r, i) => emit('S16', { batchNumber: 1, salaryRecordNumber: no, s16RecordNumber: i + 1, sectionId: r.sectionId, amount: fvuAmount(r.amountPaise) }));
  // Gross and deductible both the amount allowed (Part B keeps no other): the two implementations
  // disagree on which of fields 7 and 8 is which, and equal values read the same either way.
  c6a.forEach((r, i) =>
    emit('C6A', { batchNumber: 1, salaryRecordNumber: no, c6aRecordNumber: i + 1, sectionId: r.sectionId, deductible: fvuAmount(r.amountPaise), gross: fvuAmount(r.amountPaise), qualifying: null }),
  );
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
/** Amounts the SD record allows below zero (a house-property loss, an excess deduction). */
const SIGNED_AMOUNT = /^-?[0-9]+\.[0-9]{2}$/;
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
  const negative = amount.startsWith('-');
  const [whole = '0', frac = '00'] = (negative ? amount.slice(1) : amount).split('.');
  const paise = Number(whole) * 100 + Number(frac);
  return negative ? -paise : paise;
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
      add(n, 2, `Record type ${type || '(empty)'} is not FH, BH, CD, DD, SD, S16 or C6A`);
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
  let sd: (typeof typed)[number] | null = null;
  let salaryNo = 0;
  let sdChildren: (typeof typed)[number][] = [];
  let batchSalaryDetails: (typeof typed)[number][] = [];

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
  /** An SD record against its children: counts and totals of its S16 and C6A records. */
  const closeSalary = () => {
    if (!sd) return;
    const f = sd.f;
    const children: [FvuRecordType, string, string, string, string][] = [
      ['S16', 'section16Count', 'section16Total', 'amount', 'section 16'],
      ['C6A', 'chapterVIACount', 'chapterVIATotal', 'deductible', 'Chapter VI-A'],
    ];
    for (const [type, countField, totalField, amountField, label] of children) {
      const mine = sdChildren.filter((c) => c.type === type);
      if (val(f, 'SD', countField) !== String(mine.length)) add(sd.n, fieldNo('SD', countField), `Count of ${label} records ${val(f, 'SD', countField)} should be ${String(mine.length)}`);
      const sum = mine.reduce((t, c) => t + (AMOUNT.test(val(c.f, type, amountField)) ? toPaise(val(c.f, type, amountField)) : 0), 0);
      if (AMOUNT.test(val(f, 'SD', totalField)) && toPaise(val(f, 'SD', totalField)) !== sum) add(sd.n, fieldNo('SD', totalField), `Total of ${label} ${val(f, 'SD', totalField)} should be the sum of its ${type} records, ${fvuAmount(sum)}`);
    }
    sd = null;
    sdChildren = [];
  };
  const closeBatch = () => {
    closeChallan();
    closeSalary();
    if (!bh) return;
    const q4 = val(bh.f, 'BH', 'period') === 'Q4';
    const sdCount = val(bh.f, 'BH', 'salaryDetailCount');
    if (q4 && sdCount !== String(batchSalaryDetails.length)) add(bh.n, fieldNo('BH', 'salaryDetailCount'), `Count of salary detail records ${sdCount || '(empty)'} should be ${String(batchSalaryDetails.length)}`);
    if (!q4 && batchSalaryDetails.length > 0) add(batchSalaryDetails[0]?.n ?? bh.n, 2, 'Salary detail records (Annexure II) belong to the fourth quarter only');
    if (q4) {
      const gti = batchSalaryDetails.reduce((t, r) => t + (SIGNED_AMOUNT.test(val(r.f, 'SD', 'grossTotalIncome')) ? toPaise(val(r.f, 'SD', 'grossTotalIncome')) : 0), 0);
      const total = val(bh.f, 'BH', 'batchTotalGrossIncome');
      if (!SIGNED_AMOUNT.test(total) || toPaise(total) !== gti) add(bh.n, fieldNo('BH', 'batchTotalGrossIncome'), `Batch total of gross total income ${total || '(empty)'} should be the sum of its SD records, ${fvuAmount(gti)}`);
    }
    const count = val(bh.f, 'BH', 'challanCount');
    if (count !== String(batchChallans.length)) add(bh.n, fieldNo('BH', 'challanCount'), `Count of challan records ${count} should be ${String(batchChallans.length)}`);
    const total = val(bh.f, 'BH', 'batchTotalDeposit');
    if (AMOUNT.test(total) && toPaise(total) !== batchDepositPaise) add(bh.n, fieldNo('BH', 'batchTotalDeposit'), `Batch total of deposits ${total} should be the sum of its challans, ${fvuAmount(batchDepositPaise)}`);
    bh = null;
  };

  /** An SD record on its own: sequence, formats, and the sums the record states within itself. */
  const checkSalaryDetail = (n: number, f: readonly string[], batch: number, no: number) => {
    if (val(f, 'SD', 'batchNumber') !== String(batch)) add(n, fieldNo('SD', 'batchNumber'), `Batch number ${val(f, 'SD', 'batchNumber')} should be ${String(batch)}`);
    if (val(f, 'SD', 'salaryRecordNumber') !== String(no)) add(n, fieldNo('SD', 'salaryRecordNumber'), `Salary detail record number ${val(f, 'SD', 'salaryRecordNumber')} should be ${String(no)}`);
    pattern(n, f, 'SD', 'mode', /^A$/, 'Mode');
    const pan = val(f, 'SD', 'pan');
    if (!PAN_PATTERN.test(pan) && !PAN_PLACEHOLDERS.includes(pan)) add(n, fieldNo('SD', 'pan'), `PAN ${pan || '(empty)'} is not a PAN nor PANNOTAVBL, PANAPPLIED or PANINVALID`);
    mandatory(n, f, 'SD', 'name', 'Name of the employee');
    pattern(n, f, 'SD', 'category', /^[WSGO]$/, 'Category of the employee');
    date(n, f, 'SD', 'employedFrom', 'Employed from');
    date(n, f, 'SD', 'employedTo', 'Employed to');
    const from = val(f, 'SD', 'employedFrom');
    const to = val(f, 'SD', 'employedTo');
    if (/^[0-9]{8}$/.test(from) && /^[0-9]{8}$/.test(to) && `${from.slice(4)}${from.slice(2, 4)}${from.slice(0, 2)}` > `${to.slice(4)}${to.slice(2, 4)}${to.slice(0, 2)}`) add(n, fieldNo('SD', 'employedTo'), `Employed to ${to} is before employed from ${from}`);
    const signed = ['otherIncome', 'grossTotalIncome', 'shortfall'];
    const amounts = [
      'totalSalary', 'section16Total', 'incomeFromSalary', 'otherIncome', 'grossTotalIncome', 'chapterVIATotal', 'totalIncome', 'taxOnTotalIncome', 'surcharge', 'cess', 'relief89', 'netTaxPayable',
      'totalTds', 'shortfall', 'aggregate80C', 'taxableCurrent', 'taxablePrevious', 'tdsCurrent', 'tdsPrevious', 'salary17_1', 'perquisites17_2', 'profits17_3',
      'gratuity10_10', 'pension10_10A', 'leave10_10AA', 'otherExempt10', 'totalExempt10', 'otherSources', 'rebate87A', 'special10_14', 'otherTds192_2B',
    ];
    for (const k of amounts) {
      const v = val(f, 'SD', k);
      if (!(signed.includes(k) ? SIGNED_AMOUNT : AMOUNT).test(v)) add(n, fieldNo('SD', k), `Amount (${k}) ${v || '(empty)'} is not an amount with two decimals`);
    }
    for (const k of ['higherRate', 'rentOverLakh', 'lenderInterest', 'superannuation', 'optingOut115BAC']) pattern(n, f, 'SD', k, /^[YN]$/, `Answer (${k})`);
    const newRegime = val(f, 'SD', 'optingOut115BAC') === 'N';
    for (const k of ['travel10_5', 'hra10_13A']) {
      const v = val(f, 'SD', k);
      if (newRegime && v !== '') add(n, fieldNo('SD', k), `Exemption (${k}) is not allowed under s.115BAC: leave it empty when not opting out`);
      else if (!newRegime && !AMOUNT.test(v)) add(n, fieldNo('SD', k), `Amount (${k}) ${v || '(empty)'} is not an amount with two decimals`);
    }
    const landlords = [1, 2, 3, 4].filter((i) => val(f, 'SD', `landlordPan${String(i)}`) !== '' || val(f, 'SD', `landlordName${String(i)}`) !== '');
    if (val(f, 'SD', 'landlordCount') !== String(landlords.length)) add(n, fieldNo('SD', 'landlordCount'), `Count of landlords ${val(f, 'SD', 'landlordCount')} should be ${String(landlords.length)}`);
    for (const i of landlords) pattern(n, f, 'SD', `landlordPan${String(i)}`, PAN_PATTERN, `PAN of landlord ${String(i)}`);
    if (landlords.length > 0 && val(f, 'SD', 'rentOverLakh') !== 'Y') add(n, fieldNo('SD', 'rentOverLakh'), 'Landlords are given only when the rent exceeds ₹1 lakh (answer Y)');
    if (val(f, 'SD', 'lenderCount') !== '0' && val(f, 'SD', 'lenderInterest') === 'N') add(n, fieldNo('SD', 'lenderCount'), 'Count of lenders should be 0 when no housing-loan interest is declared');
    // The record's own arithmetic (Part B: rows 6, 9; TDS of both employers; the balance).
    const p = (k: string) => (SIGNED_AMOUNT.test(val(f, 'SD', k)) ? toPaise(val(f, 'SD', k)) : null);
    const sums: [string, (string | [string, -1])[], string][] = [
      ['incomeFromSalary', ['totalSalary', ['section16Total', -1]], 'total salary − section 16'],
      ['grossTotalIncome', ['incomeFromSalary', 'otherIncome'], 'income from salary + other income'],
      ['totalTds', ['tdsCurrent', 'tdsPrevious'], 'TDS of this employer + of previous employers'],
      ['shortfall', ['netTaxPayable', ['totalTds', -1]], 'net tax payable − total TDS'],
      ['totalExempt10', ['travel10_5', 'gratuity10_10', 'pension10_10A', 'leave10_10AA', 'hra10_13A', 'otherExempt10'], 'the s.10 exemptions'],
    ];
    for (const [target, parts, label] of sums) {
      const want = p(target);
      if (want === null) continue;
      let sum = 0;
      let known = true;
      for (const part of parts) {
        const [k, sign] = typeof part === 'string' ? [part, 1] : part;
        const v = val(f, 'SD', k) === '' && (k === 'travel10_5' || k === 'hra10_13A') ? 0 : p(k);
        if (v === null) known = false;
        else sum += sign * v;
      }
      if (known && want !== sum) add(n, fieldNo('SD', target), `${target} ${val(f, 'SD', target)} should be ${label}, ${fvuAmount(sum)}`);
    }
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
      salaryNo = 0;
      batchChallans = [];
      batchSalaryDetails = [];
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
    if (r.type === 'SD') {
      closeChallan();
      closeSalary();
      salaryNo += 1;
      sd = r;
      batchSalaryDetails.push(r);
      checkSalaryDetail(n, f, batchNo, salaryNo);
      continue;
    }
    if (r.type === 'S16' || r.type === 'C6A') {
      if (!sd) {
        add(n, 2, `A ${r.type} record must follow an SD record`);
        continue;
      }
      const t = r.type;
      const seq = sdChildren.filter((c) => c.type === t).length + 1;
      sdChildren.push(r);
      if (val(f, t, 'batchNumber') !== String(batchNo)) add(n, fieldNo(t, 'batchNumber'), `Batch number ${val(f, t, 'batchNumber')} should be ${String(batchNo)}`);
      if (val(f, t, 'salaryRecordNumber') !== String(salaryNo)) add(n, fieldNo(t, 'salaryRecordNumber'), `Salary detail record number ${val(f, t, 'salaryRecordNumber')} should be ${String(salaryNo)}`);
      const seqField = t === 'S16' ? 's16RecordNumber' : 'c6aRecordNumber';
      if (val(f, t, seqField) !== String(seq)) add(n, fieldNo(t, seqField), `${t} record number ${val(f, t, seqField)} should be ${String(seq)}`);
      if (t === 'S16') {
        pattern(n, f, 'S16', 'sectionId', /^16\((ia|ii|iii)\)$/, 'Section 16 id');
        amount(n, f, 'S16', 'amount', 'Amount of the section 16 deduction');
      } else {
        mandatory(n, f, 'C6A', 'sectionId', 'Chapter VI-A section id');
        amount(n, f, 'C6A', 'deductible', 'Deductible amount');
        amount(n, f, 'C6A', 'gross', 'Gross amount');
        if (val(f, 'C6A', 'qualifying') !== '') amount(n, f, 'C6A', 'qualifying', 'Qualifying amount');
      }
      continue;
    }
    if (sd || batchSalaryDetails.length > 0) {
      add(n, 2, `A ${r.type} record after the salary detail records: Annexure II follows the batch's challans`);
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
