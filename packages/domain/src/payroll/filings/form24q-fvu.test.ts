import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../../money/rupees';
import { FVU_FIELD_COUNTS, buildForm24QFvu, c6aRows, fvuAmount, validateForm24QFvu, type Form24QFvuInput, type FvuPartBFigures, type FvuSalaryDetail } from './form24q-fvu';
import type { TdsChallan } from './tds-challans';

/**
 * Form 24Q regular, Q3 of FY 2025-26, written by hand from Protean's "File Format for Salary TDS
 * File - Form 24Q - Q1 to Q3" (v6.3): one challan of 7 Nov 2025 for October's TDS, two employees.
 * Expected values are positions of the published layout (field 1 = line number), every other
 * field empty.
 */

/** Rupees as a person writes them, in paise, through the one conversion. */
const R = (rupees: number) => rupeesToPaise(rupees);
const challan: TdsChallan = {
  id: 'c1',
  bsrCode: '0510308',
  depositedOn: '2025-11-07',
  serialNumber: '00042',
  minorHead: '200',
  taxPaise: R(10_200),
  surchargePaise: 0,
  cessPaise: R(300),
  interestPaise: 0,
  feePaise: 0,
  othersPaise: 0,
  months: ['2025-10'],
};
const input: Form24QFvuInput = {
  financialYearStart: 2025,
  quarter: 3,
  createdOn: '2026-01-15',
  deductor: { tan: 'BLRN01234C', pan: 'AABCK1234L', name: 'Kaveri Software Pvt Ltd', address: ['12 MG Road', 'Bengaluru'], stateCode: '15', pin: '560001', email: 'tax@kaveri.example', deductorType: 'K', gstin: null },
  responsible: { name: 'Meera Rao', designation: 'Director', pan: 'ABCPR1234Q', mobile: '9876543210', email: 'meera@kaveri.example' },
  earlierStatementFiled: true,
  challans: [
    {
      challan,
      deductees: [
        { pan: 'ABCPM1234K', name: 'Asha Menon', reference: 'E1', amountPaidPaise: R(100_000), tdsPaise: R(9_000), depositedPaise: R(9_000), paidOn: '2025-10-31', deductedOn: '2025-10-31' },
        { pan: 'PANNOTAVBL', name: 'Ravi Kumar', reference: 'E2', amountPaidPaise: R(40_000), tdsPaise: R(1_500), depositedPaise: R(1_500), paidOn: '2025-10-31', deductedOn: '2025-10-31' },
      ],
    },
  ],
};
const TODAY = '2026-01-15';

/** A record of `count` fields with these (1-based) positions filled. */
const record = (count: number, filled: Record<number, string>): string[] => Array.from({ length: count }, (_, i) => filled[i + 1] ?? '');

describe('the text file, field by field', () => {
  const text = buildForm24QFvu(input);
  const lines = text.split('\r\n');
  const fields = (i: number) => (lines[i] ?? '').split('^');

  it('is CR LF after every record, the last included; five records', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('');
  });

  it('FH: 18 fields, salary file type SL1, regular upload R, deductor uploader D', () => {
    expect(lines[0]).toBe('1^FH^SL1^R^15012026^1^D^BLRN01234C^1^Tankha^^^^^^^^');
    expect(fields(0)).toHaveLength(18);
  });

  it('BH: 72 fields; form 24Q, AY 202627, FY 202526, Q3; deposit total 10,500.00', () => {
    expect(fields(1)).toEqual(
      record(72, {
        1: '2', 2: 'BH', 3: '1', 4: '1', 5: '24Q', 13: 'BLRN01234C', 15: 'AABCK1234L', 16: '202627', 17: '202526', 18: 'Q3',
        19: 'Kaveri Software Pvt Ltd', 21: '12 MG Road', 22: 'Bengaluru', 26: '15', 27: '560001', 28: 'tax@kaveri.example', 31: 'N', 32: 'K',
        33: 'Meera Rao', 34: 'Director', 35: '12 MG Road', 36: 'Bengaluru', 40: '15', 41: '560001', 42: 'meera@kaveri.example', 43: '9876543210', 46: 'N',
        47: '10500.00', 51: 'N', 52: 'Y', 59: 'ABCPR1234Q',
      }),
    );
  });

  it('CD: 41 fields; serial, BSR code, date, the challan’s heads and the deductees’ totals', () => {
    expect(fields(2)).toEqual(
      record(41, {
        1: '3', 2: 'CD', 3: '1', 4: '1', 5: '2', 6: 'N', 12: '00042', 16: '0510308', 18: '07112025',
        22: '10200.00', 23: '0.00', 24: '300.00', 25: '0.00', 26: '0.00', 27: '10500.00',
        29: '10500.00', 30: '10500.00', 31: '0.00', 32: '0.00', 33: '10500.00', 34: '0.00', 35: '0.00', 37: 'N', 39: '0.00', 40: '200',
      }),
    );
  });

  it('DD: 54 fields; mode O, PAN, name, tax, deposited, paid, dates, section 92B', () => {
    expect(fields(3)).toEqual(
      record(54, {
        1: '4', 2: 'DD', 3: '1', 4: '1', 5: '1', 6: 'O', 10: 'ABCPM1234K', 12: 'E1', 13: 'Asha Menon', 14: '9000.00', 15: '0.00', 16: '0.00', 17: '9000.00', 19: '9000.00',
        22: '100000.00', 23: '31102025', 24: '31102025', 25: '07112025', 33: '92B',
      }),
    );
    expect(fields(4)[4]).toBe('2');
    expect(fields(4)[9]).toBe('PANNOTAVBL');
  });

  it('passes our validator', () => {
    expect(validateForm24QFvu(text, TODAY)).toEqual([]);
  });

  it('the fourth quarter needs its salary details; the other quarters refuse them', () => {
    expect(() => buildForm24QFvu({ ...input, quarter: 4 })).toThrow(/Annexure II/);
    expect(() => buildForm24QFvu({ ...input, salaryDetails: [] })).not.toThrow();
  });

  it('amounts in rupees with two decimals from integer paise', () => {
    expect([fvuAmount(0), fvuAmount(5), fvuAmount(123_456), fvuAmount(-250)]).toEqual(['0.00', '0.05', '1234.56', '-2.50']);
  });
});

describe('the validator catches a broken file', () => {
  const good = buildForm24QFvu(input);
  const lines = good.split('\r\n').slice(0, -1);
  /** The file with field `field` (1-based) of line `line` (1-based) set to `value`. */
  const withField = (line: number, field: number, value: string): string =>
    lines.map((l, i) => (i + 1 === line ? l.split('^').map((v, j) => (j + 1 === field ? value : v)).join('^') : l)).map((l) => `${l}\r\n`).join('');
  const problems = (text: string) => validateForm24QFvu(text, TODAY).map((p) => `${String(p.line)}:${String(p.field)} ${p.message}`);

  it('a record with a field too many or too few', () => {
    expect(problems(good.replace('^Tankha^', '^Tankha^^'))).toEqual([expect.stringMatching(/^1:0 A FH record has 18 fields \(17 delimiters\); this one has 19/)]);
    const short = lines.map((l, i) => (i === 3 ? l.slice(0, l.lastIndexOf('^')) : l)).map((l) => `${l}\r\n`).join('');
    expect(problems(short)).toEqual([expect.stringMatching(/^4:0 A DD record has 54 fields/)]);
  });

  it('a line without CR LF, an unknown record type', () => {
    expect(problems(good.slice(0, -2))).toContain('0:0 The last record does not end with CR LF');
    expect(problems(withField(3, 2, 'XX'))).toContain('3:2 Record type XX is not FH, BH, CD, DD, SD, S16 or C6A');
  });

  it('a character outside printable ASCII (General Note 1)', () => {
    expect(problems(withField(4, 13, 'Asha Menón'))).toContain('4:0 The record holds ó, which is not a printable ASCII character');
  });

  it('line numbers out of sequence', () => {
    expect(problems(withField(4, 1, '7'))).toContain('4:1 Line number 7 should be 4');
  });

  it('TAN and PAN formats', () => {
    expect(problems(withField(1, 8, 'BLR01234C'))).toContain('1:8 TAN BLR01234C is not valid');
    expect(problems(withField(2, 15, 'AABC1234L'))).toContain('2:15 PAN of the deductor AABC1234L is not valid');
    expect(problems(withField(4, 10, 'ABCPM1234'))).toContain('4:10 PAN ABCPM1234 is not a PAN nor PANNOTAVBL, PANAPPLIED or PANINVALID');
  });

  it('dates: not DDMMYYYY, not a calendar date, in the future', () => {
    expect(problems(withField(3, 18, '2025-11-07'))).toContain('3:18 Date of deposit: 2025-11-07 is not a date written DDMMYYYY');
    expect(problems(withField(4, 23, '31022025'))).toContain('4:23 Date of payment: 31022025 is not a calendar date');
    expect(problems(withField(4, 24, '16012026'))).toContain('4:24 Date of deduction: 16012026 is in the future');
  });

  it('BSR code of seven digits, challan serial of five, minor head 200 or 400', () => {
    expect(problems(withField(3, 16, '051030'))).toContain('3:16 BSR code 051030 is not valid');
    expect(problems(withField(3, 12, '42'))).toContain('3:12 Challan serial number 42 is not valid');
    expect(problems(withField(3, 40, '300'))).toContain('3:40 Minor head 300 is not valid');
  });

  it('mandatory fields of the batch header', () => {
    expect(problems(withField(2, 19, ''))).toContain('2:19 Name of the deductor is mandatory');
    expect(problems(withField(2, 33, ''))).toContain('2:33 Name of the person responsible is mandatory');
    expect(problems(withField(2, 43, '98765'))).toContain('2:43 Mobile number of the person responsible 98765 is not valid');
    expect(problems(withField(2, 27, ''))).toContain('2:27 PIN code of the deductor (empty) is not valid');
  });

  it('sequence numbers of challans and deductees, and the counts of the headers', () => {
    expect(problems(withField(5, 5, '3'))).toContain('5:5 Deductee record number 3 should be 2');
    expect(problems(withField(3, 4, '2'))).toContain('3:4 Challan record number 2 should be 1');
    expect(problems(withField(3, 5, '1'))).toContain('3:5 Count of deductee records 1 should be 2');
    expect(problems(withField(2, 4, '2'))).toContain('2:4 Count of challan records 2 should be 1');
    expect(problems(withField(1, 9, '2'))).toContain('1:9 Total of batches 2 should be 1');
  });

  it('totals: batch header = Σ challans; challan = its heads; challan’s deductee totals = Σ its DD', () => {
    expect(problems(withField(2, 47, '10000.00'))).toContain('2:47 Batch total of deposits 10000.00 should be the sum of its challans, 10500.00');
    expect(problems(withField(3, 27, '10600.00'))).toEqual(
      expect.arrayContaining(['3:27 Total of the challan 10600.00 should be tax + surcharge + cess + interest + others + fee, 10500.00', '2:47 Batch total of deposits 10500.00 should be the sum of its challans, 10600.00']),
    );
    expect(problems(withField(3, 30, '10000.00'))).toContain('3:30 Income tax of the deductees 10000.00 should be the sum of its DD records, 10500.00');
    expect(problems(withField(4, 19, '8000.00'))).toContain('3:29 Total tax deposited of the deductees 10500.00 should be the sum of its DD records, 9500.00');
    expect(problems(withField(4, 17, '9100.00'))).toContain('4:17 Total tax deducted 9100.00 should be tax + surcharge + cess, 9000.00');
  });

  it('deposited for the deductees more than the challan’s tax, surcharge and cess', () => {
    const text = withField(3, 22, '10000.00');
    expect(validateForm24QFvu(text, TODAY).map((p) => p.message)).toContain('Tax deposited for the deductees 10500.00 is more than the challan’s tax, surcharge and cess 10300.00');
  });

  it('amounts without two decimals', () => {
    expect(problems(withField(4, 22, '100000'))).toContain('4:22 Amount (amountPaid) 100000 is not an amount with two decimals');
  });

  it('the field counts are the published ones', () => {
    expect(FVU_FIELD_COUNTS).toEqual({ FH: 18, BH: 72, CD: 41, DD: 54, SD: 88, S16: 8, C6A: 10 });
  });
});

/**
 * Q4 of FY 2025-26 with Annexure II, written by hand from the SD / S16 / C6A field lists
 * (docs/decisions/incoming-h28-24q.md): one challan of 7 Apr 2026 for March's TDS, and the
 * year's salary details of two employees — Asha (new regime) and Ravi (old regime: opting out of
 * s.115BAC, HRA exemption, a previous employer, a house-property loss, 80C and 80D, a landlord).
 * The figures are Form 16 Part B's (FvuPartBFigures), written out here as rupees.
 */
const none = { perquisites17_2Paise: 0, profits17_3Paise: 0, otherEmployerSalaryPaise: 0, hraExemptPaise: 0, otherExemptPaise: 0, exemptionsPaise: 0, professionalTaxPaise: 0, otherSourcesPaise: 0, otherIncomePaise: 0, surchargePaise: 0, relief89Paise: 0, previousEmployerTdsPaise: 0 };
const asha: FvuPartBFigures = {
  ...none,
  optingOut115BAC: false,
  salary17_1Paise: R(1_000_000),
  grossSalaryPaise: R(1_000_000),
  standardDeductionPaise: R(75_000),
  section16Paise: R(75_000),
  incomeFromSalaryPaise: R(925_000),
  grossTotalIncomePaise: R(925_000),
  chapterVIA: [],
  chapterVIAPaise: 0,
  totalIncomePaise: R(925_000),
  taxOnTotalIncomePaise: R(32_500),
  rebate87APaise: R(32_500),
  cessPaise: 0,
  netTaxPayablePaise: 0,
  tdsDeductedPaise: 0,
};
const ravi: FvuPartBFigures = {
  ...none,
  optingOut115BAC: true,
  salary17_1Paise: R(900_000),
  perquisites17_2Paise: R(20_000),
  grossSalaryPaise: R(920_000),
  otherEmployerSalaryPaise: R(100_000),
  hraExemptPaise: R(60_000),
  exemptionsPaise: R(60_000),
  standardDeductionPaise: R(50_000),
  professionalTaxPaise: R(2_500),
  section16Paise: R(52_500),
  incomeFromSalaryPaise: R(907_500),
  otherSourcesPaise: R(10_000),
  otherIncomePaise: R(-40_000),
  grossTotalIncomePaise: R(867_500),
  chapterVIA: [
    { section: '80C', label: 'Section 80C, 80CCC and 80CCD(1)', amountPaise: R(150_000) },
    { section: '80D', label: 'Section 80D: health insurance', amountPaise: R(25_000) },
  ],
  chapterVIAPaise: R(175_000),
  totalIncomePaise: R(692_500),
  taxOnTotalIncomePaise: R(51_000),
  rebate87APaise: 0,
  cessPaise: R(2_040),
  netTaxPayablePaise: R(53_040),
  tdsDeductedPaise: R(45_000),
  previousEmployerTdsPaise: R(5_000),
};
const details: FvuSalaryDetail[] = [
  { pan: 'ABCPM1234K', name: 'Asha Menon', reference: 'E1', category: 'O', employedFrom: '2025-04-01', employedTo: '2026-03-31', figures: asha, landlords: [], rentOverLakh: false },
  { pan: 'PANNOTAVBL', name: 'Ravi Kumar', reference: 'E2', category: 'S', employedFrom: '2025-07-15', employedTo: '2026-03-31', figures: ravi, landlords: [{ pan: 'AAAPL1234C', name: 'Lakshmi Iyer' }], rentOverLakh: true },
];
const q4: Form24QFvuInput = {
  ...input,
  quarter: 4,
  createdOn: '2026-05-20',
  challans: [
    {
      challan: { ...challan, depositedOn: '2026-04-07', months: ['2026-03'] },
      deductees: (input.challans[0]?.deductees ?? []).map((d) => ({ ...d, paidOn: '2026-03-31', deductedOn: '2026-03-31' })),
    },
  ],
  salaryDetails: details,
};
const Q4_TODAY = '2026-05-20';

describe('the fourth quarter: Annexure II, field by field', () => {
  const text = buildForm24QFvu(q4);
  const lines = text.split('\r\n');
  const fields = (i: number) => (lines[i] ?? '').split('^');

  it('records: FH, BH, CD, DD × 2, then per employee SD and its S16 and C6A records', () => {
    expect(lines.slice(0, -1).map((l) => l.split('^')[1])).toEqual(['FH', 'BH', 'CD', 'DD', 'DD', 'SD', 'S16', 'SD', 'S16', 'S16', 'C6A', 'C6A']);
    expect(lines.at(-1)).toBe('');
  });

  it('BH: period Q4, count of salary detail records 2 (field 49), Σ gross total income 17,92,500.00 (field 50)', () => {
    expect([fields(1)[17], fields(1)[48], fields(1)[49]]).toEqual(['Q4', '2', '1792500.00']);
    expect(fields(1)).toHaveLength(72);
  });

  it('SD of a new-regime employee: 88 fields; s.10(5) and s.10(13A) empty, not opting out of s.115BAC', () => {
    expect(fields(5)).toEqual(
      record(88, {
        1: '6', 2: 'SD', 3: '1', 4: '1', 5: 'A', 7: 'ABCPM1234K', 9: 'Asha Menon', 10: 'O', 11: '01042025', 12: '31032026',
        13: '1000000.00', 15: '1', 16: '75000.00', 17: '925000.00', 18: '0.00', 19: '925000.00', 21: '0', 22: '0.00',
        23: '925000.00', 24: '32500.00', 25: '0.00', 26: '0.00', 27: '0.00', 28: '0.00', 29: '0.00', 30: '0.00', 31: '0.00',
        34: '1000000.00', 35: '0.00', 36: '0.00', 37: '0.00', 38: 'N', 39: 'N', 40: '0', 49: 'N', 50: '0', 59: 'N',
        67: '1000000.00', 68: '0.00', 69: '0.00', 71: '0.00', 72: '0.00', 73: '0.00', 75: '0.00', 76: '0.00',
        77: '0.00', 78: '32500.00', 79: 'N', 80: '0.00', 81: '0.00',
      }),
    );
    expect(fields(6)).toEqual(['7', 'S16', '1', '1', '1', '16(ia)', '75000.00', '']);
  });

  it('SD of an old-regime employee: previous employer, HRA, a house-property loss, a landlord, the shortfall', () => {
    expect(fields(7)).toEqual(
      record(88, {
        1: '8', 2: 'SD', 3: '1', 4: '2', 5: 'A', 7: 'PANNOTAVBL', 8: 'E2', 9: 'Ravi Kumar', 10: 'S', 11: '15072025', 12: '31032026',
        13: '960000.00', 15: '2', 16: '52500.00', 17: '907500.00', 18: '-40000.00', 19: '867500.00', 21: '2', 22: '175000.00',
        23: '692500.00', 24: '51000.00', 25: '0.00', 26: '2040.00', 27: '0.00', 28: '53040.00', 29: '50000.00', 30: '3040.00', 31: '150000.00',
        34: '920000.00', 35: '100000.00', 36: '45000.00', 37: '5000.00', 38: 'Y', 39: 'Y', 40: '1', 41: 'AAAPL1234C', 42: 'Lakshmi Iyer', 49: 'N', 50: '0', 59: 'N',
        67: '900000.00', 68: '20000.00', 69: '0.00', 70: '0.00', 71: '0.00', 72: '0.00', 73: '0.00', 74: '60000.00', 75: '0.00', 76: '60000.00',
        77: '10000.00', 78: '0.00', 79: 'Y', 80: '0.00', 81: '0.00',
      }),
    );
    expect(fields(8)).toEqual(['9', 'S16', '1', '2', '1', '16(ia)', '50000.00', '']);
    expect(fields(9)).toEqual(['10', 'S16', '1', '2', '2', '16(iii)', '2500.00', '']);
    expect(fields(10)).toEqual(['11', 'C6A', '1', '2', '1', '80C', '150000.00', '150000.00', '', '']);
    expect(fields(11)).toEqual(['12', 'C6A', '1', '2', '2', '80D', '25000.00', '25000.00', '', '']);
  });

  it('passes our validator', () => {
    expect(validateForm24QFvu(text, Q4_TODAY)).toEqual([]);
  });

  it('Chapter VI-A rows: a cap row is taken off the last sections; Others and s.80TTB are written OTHERS', () => {
    const rows = [
      { section: '80C', label: '', amountPaise: R(150_000) },
      { section: '80D', label: '', amountPaise: R(50_000) },
      { section: 'Others', label: '', amountPaise: R(10_000) },
      { section: '80TTB', label: '', amountPaise: R(5_000) },
      { section: 'Limit', label: '', amountPaise: R(-30_000) },
    ];
    expect(c6aRows({ chapterVIA: rows, chapterVIAPaise: R(185_000) })).toEqual([
      { sectionId: '80C', amountPaise: R(150_000) },
      { sectionId: '80D', amountPaise: R(35_000) },
    ]);
  });
});

describe('the validator catches a broken Annexure II', () => {
  const good = buildForm24QFvu(q4);
  const lines = good.split('\r\n').slice(0, -1);
  const withField = (line: number, field: number, value: string): string =>
    lines.map((l, i) => (i + 1 === line ? l.split('^').map((v, j) => (j + 1 === field ? value : v)).join('^') : l)).map((l) => `${l}\r\n`).join('');
  const without = (line: number): string => lines.filter((_, i) => i + 1 !== line).map((l, i) => `${l.replace(/^[0-9]+/, String(i + 1))}\r\n`).join('');
  const problems = (text: string) => validateForm24QFvu(text, Q4_TODAY).map((p) => `${String(p.line)}:${String(p.field)} ${p.message}`);

  it('the batch header’s count of SD records and its total of gross total income', () => {
    expect(problems(withField(2, 49, '3'))).toContain('2:49 Count of salary detail records 3 should be 2');
    expect(problems(withField(2, 50, '1.00'))).toContain('2:50 Batch total of gross total income 1.00 should be the sum of its SD records, 1792500.00');
  });

  it('counts and totals of an SD record’s children', () => {
    expect(problems(without(10))).toEqual(expect.arrayContaining(['8:15 Count of section 16 records 2 should be 1', '8:16 Total of section 16 52500.00 should be the sum of its S16 records, 50000.00']));
    expect(problems(withField(12, 7, '20000.00'))).toContain('8:22 Total of Chapter VI-A 175000.00 should be the sum of its C6A records, 170000.00');
  });

  it('sequence numbers of SD, S16 and C6A records', () => {
    expect(problems(withField(8, 4, '3'))).toContain('8:4 Salary detail record number 3 should be 2');
    expect(problems(withField(10, 5, '1'))).toContain('10:5 S16 record number 1 should be 2');
    expect(problems(withField(11, 4, '1'))).toContain('11:4 Salary detail record number 1 should be 2');
  });

  it('the record’s own sums: salary − section 16, gross total income, TDS, the balance, the s.10 exemptions', () => {
    expect(problems(withField(8, 17, '900000.00'))).toEqual(expect.arrayContaining(['8:17 incomeFromSalary 900000.00 should be total salary − section 16, 907500.00']));
    expect(problems(withField(8, 19, '867000.00'))).toContain('8:19 grossTotalIncome 867000.00 should be income from salary + other income, 867500.00');
    expect(problems(withField(8, 29, '45000.00'))).toContain('8:29 totalTds 45000.00 should be TDS of this employer + of previous employers, 50000.00');
    expect(problems(withField(8, 30, '-3040.00'))).toContain('8:30 shortfall -3040.00 should be net tax payable − total TDS, 3040.00');
    expect(problems(withField(8, 76, '0.00'))).toContain('8:76 totalExempt10 0.00 should be the s.10 exemptions, 60000.00');
  });

  it('formats: mode, category, answers, s.10(13A) in the new regime, a landlord’s PAN, dates', () => {
    expect(problems(withField(6, 5, 'O'))).toContain('6:5 Mode O is not valid');
    expect(problems(withField(6, 10, 'X'))).toContain('6:10 Category of the employee X is not valid');
    expect(problems(withField(6, 79, ''))).toContain('6:79 Answer (optingOut115BAC) (empty) is not valid');
    expect(problems(withField(6, 74, '0.00'))).toContain('6:74 Exemption (hra10_13A) is not allowed under s.115BAC: leave it empty when not opting out');
    expect(problems(withField(8, 41, 'AAAPL1234'))).toContain('8:41 PAN of landlord 1 AAAPL1234 is not valid');
    expect(problems(withField(8, 40, '0'))).toContain('8:40 Count of landlords 0 should be 1');
    expect(problems(withField(6, 11, '01042026'))).toContain('6:12 Employed to 31032026 is before employed from 01042026');
    expect(problems(withField(6, 13, '1000000'))).toContain('6:13 Amount (totalSalary) 1000000 is not an amount with two decimals');
  });

  it('order: S16 without an SD, a DD after Annexure II, SD records outside the fourth quarter', () => {
    const moved = [...lines.slice(0, 5), lines[6] ?? '', lines[5] ?? '', ...lines.slice(7)].map((l, i) => `${l.replace(/^[0-9]+/, String(i + 1))}\r\n`).join('');
    expect(problems(moved)).toContain('6:2 A S16 record must follow an SD record');
    const dd = [...lines, (lines[3] ?? '').replace(/^[0-9]+/, '13')].map((l) => `${l}\r\n`).join('');
    expect(problems(dd)).toContain("13:2 A DD record after the salary detail records: Annexure II follows the batch's challans");
    expect(problems(withField(2, 18, 'Q3'))).toContain('6:2 Salary detail records (Annexure II) belong to the fourth quarter only');
  });
});
