import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../../money/rupees';
import { FVU_FIELD_COUNTS, buildForm24QFvu, fvuAmount, validateForm24QFvu, type Form24QFvuInput } from './form24q-fvu';
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

  it('refuses the fourth quarter (Annexure II is not written)', () => {
    expect(() => buildForm24QFvu({ ...input, quarter: 4 })).toThrow(/Annexure II/);
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
    expect(problems(withField(3, 2, 'XX'))).toContain('3:2 Record type XX is not FH, BH, CD or DD');
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
    expect(FVU_FIELD_COUNTS).toEqual({ FH: 18, BH: 72, CD: 41, DD: 54 });
  });
});
