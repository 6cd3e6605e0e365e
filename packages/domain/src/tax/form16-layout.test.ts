import { describe, expect, it } from 'vitest';
import { computeForm16PartB } from './form16-part-b';
import { FORM_12BA_NATURES, form12BADeclaration, form12BARows, form16PartBRows, form16Period, form16Verification, formatSlashDate } from './form16-layout';
import { EMPTY_TAX_DECLARATION } from './tax-position';

const FY_MONTHS = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];

/** The old-regime year of form16-part-b.test.ts: HRA 2,04,000 exempt, 80C 1,21,600, 80D 25,000. */
const partB = computeForm16PartB({
  financialYear: '2025-26',
  regime: 0,
  salary17_1Paise: 9_60_000_00,
  perquisites17_2Paise: 0,
  profits17_3Paise: 0,
  months: FY_MONTHS.map((month) => ({ month, basicPlusDaPaise: 50_000_00, hraPaise: 20_000_00 })),
  professionalTaxPaise: 2_400_00,
  employeeEpfPaise: 21_600_00,
  declaration: {
    ...EMPTY_TAX_DECLARATION,
    rents: [{ fromMonth: '2025-04', toMonth: '2026-03', amount: { declaredPaise: 2_64_000_00 }, metro: false }],
    deductions: [
      { itemId: 101, amount: { declaredPaise: 1_00_000_00 } },
      { itemId: 201, amount: { declaredPaise: 25_000_00 } },
    ],
  },
  useAllowed: false,
  tdsDeductedPaise: 24_000_00,
});

describe('Form 16 Part B as notified (Notification 36/2019)', () => {
  const rows = form16PartBRows(partB);

  it('prints the numbered rows 1–19 in the notified order, each once', () => {
    expect(rows.filter((r) => /^\d+$/.test(r.num)).map((r) => r.num)).toEqual(Array.from({ length: 19 }, (_, i) => String(i + 1)));
  });

  it('labels as the form words them, sub-rows in order', () => {
    const labels = rows.map((r) => `${r.num} ${r.label}`);
    const at = (text: string) => labels.findIndex((l) => l.includes(text));
    // The form's own words, in its order (Part B, Annexure).
    const inOrder = [
      '1 Gross Salary',
      '(a) Salary as per provisions contained in section 17(1)',
      '(b) Value of perquisites under section 17(2) (as per Form No. 12BA, wherever applicable)',
      '(c) Profits in lieu of salary under section 17(3) (as per Form No. 12BA, wherever applicable)',
      '(e) Reported total amount of salary received from other employer(s)',
      '2 Less: Allowances to the extent exempt under section 10',
      '(a) Travel concession or assistance under section 10(5)',
      '(b) Death-cum-retirement gratuity under section 10(10)',
      '(c) Commuted value of pension under section 10(10A)',
      '(d) Cash equivalent of leave salary encashment under section 10(10AA)',
      '(e) House rent allowance under section 10(13A)',
      '(h) Total amount of exemption claimed under section 10',
      '3 Total amount of salary received from current employer [1(d)-2(h)]',
      '4 Less: Deductions under section 16',
      '(a) Standard deduction under section 16(ia)',
      '(b) Entertainment allowance under section 16(ii)',
      '(c) Tax on employment under section 16(iii)',
      '5 Total amount of deductions under section 16 [4(a)+4(b)+4(c)]',
      '6 Income chargeable under the head "Salaries"',
      '7 Add: Any other income reported by the employee',
      '8 Total amount of other income reported by the employee [7(a)+7(b)]',
      '9 Gross total income (6+8)',
      '10 Deductions under Chapter VI-A',
      '(a) Deduction in respect of life insurance premia, contributions to provident fund etc. under section 80C',
      '(d) Total deduction under section 80C, 80CCC and 80CCD(1)',
      '(e) Deductions in respect of amount paid/deposited to notified pension scheme under section 80CCD (1B)',
      '(f) Deduction in respect of contribution by Employer to pension scheme under section 80CCD (2)',
      '(g) Deduction in respect of health insurance premia under section 80D',
      '(h) Deduction in respect of interest on loan taken for higher education under section 80E',
      '(j) Deduction in respect of interest on deposits in savings account under section 80TTA',
      '11 Aggregate of deductible amount under Chapter VI-A',
      '12 Total taxable income (9-11)',
      '13 Tax on total income',
      '14 Rebate under section 87A, if applicable',
      '15 Surcharge, wherever applicable',
      '16 Health and education cess',
      '17 Tax payable (13+15+16-14)',
      '18 Less: Relief under section 89 (attach details)',
      '19 Net tax payable (17-18)',
    ];
    const positions = inOrder.map(at);
    expect(positions.every((p) => p >= 0), inOrder.filter((_, i) => (positions[i] ?? -1) < 0).join(' | ')).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("carries the year's figures in their rows: HRA 2(e), 80C pool in 10(d), 80D 10(g), totals 11 and 19", () => {
    const amount = (num: string, label: string) => rows.find((r) => r.num === num && r.label.includes(label))?.amountPaise;
    expect(amount('(e)', '10(13A)')).toBe(2_04_000_00);
    expect(amount('(d)', '80C, 80CCC and 80CCD(1)')).toBe(1_21_600_00);
    expect(amount('(g)', '80D')).toBe(25_000_00);
    expect(amount('11', 'Aggregate')).toBe(1_46_600_00);
    expect(amount('12', 'Total taxable income')).toBe(5_57_000_00);
    expect(amount('19', 'Net tax payable')).toBe(partB.netTaxPayablePaise);
    // 10(a)–(c) have no split of the s.80CCE pool: they point at 10(d) instead of printing 0.
    expect(rows.find((r) => r.label.endsWith('under section 80CCC'))).toMatchObject({ amountPaise: null, note: 'in 10(d)' });
  });

  it('the verification: name, father, designation, the sum in figures and in words', () => {
    const text = form16Verification({ name: 'Meera Iyer', fatherName: 'Ramesh Iyer', designation: 'Finance Manager' }, 1_55_380_00);
    expect(text).toBe(
      'I, Meera Iyer, son/daughter of Ramesh Iyer working in the capacity of Finance Manager do hereby certify that a sum of Rs. 1,55,380.00 ' +
        '[Rs. Rupees One Lakh Fifty Five Thousand Three Hundred Eighty Only] has been deducted and deposited to the credit of the Central Government. ' +
        'I further certify that the information given above is true, complete and correct and is based on the books of account, documents, TDS statements, and other available records.',
    );
  });
});

describe('Form No. 12BA (rule 26A(2)(b), Notification 15/2021)', () => {
  it('the natures of perquisites 1–20 in the notified order, then the totals 21 and 22', () => {
    expect(FORM_12BA_NATURES).toHaveLength(20);
    expect(FORM_12BA_NATURES[0]).toBe('Accommodation');
    expect(FORM_12BA_NATURES[4]).toBe('Interest free or concessional loans');
    expect(FORM_12BA_NATURES[14]).toBe('Value of any other benefit/amenity/service/privilege');
    expect(FORM_12BA_NATURES[19]).toBe('Other benefits or amenities');
    const rows = form12BARows([{ row: 5, valuePaise: 9_000_00, recoveredPaise: 1_500_00 }], 0);
    expect(rows.map((r) => r.num)).toEqual(Array.from({ length: 22 }, (_, i) => String(i + 1)));
    // Row 5: col (5) = col (3) − col (4) = 9,000 − 1,500 = 7,500; the other natures print nothing.
    expect(rows[4]).toMatchObject({ valuePaise: 9_000_00, recoveredPaise: 1_500_00, taxablePaise: 7_500_00 });
    expect(rows[0]).toMatchObject({ valuePaise: null, taxablePaise: null });
    expect(rows[20]).toMatchObject({ nature: 'Total value of perquisites', valuePaise: 9_000_00, recoveredPaise: 1_500_00, taxablePaise: 7_500_00 });
    expect(rows[21]).toMatchObject({ nature: 'Total value of profits in lieu of salary as per section 17(3)', taxablePaise: 0 });
  });

  it('the declaration by employer names the person and the employer', () => {
    expect(form12BADeclaration({ name: 'Meera Iyer', fatherName: 'Ramesh Iyer', designation: 'Finance Manager' }, 'Acme Pvt Ltd')).toMatch(
      /^I, Meera Iyer, s\/o Ramesh Iyer working as Finance Manager \(designation\) do hereby declare on behalf of Acme Pvt Ltd \(name of the employer\) that the information given above is based on the books of account/,
    );
  });
});

describe('dates on the form', () => {
  it('DD/MM/YYYY, and the period from the first day of the first month to the last day of the last', () => {
    expect(formatSlashDate('2026-06-15')).toBe('15/06/2026');
    expect(form16Period('2025-04', '2026-03')).toBe('01/04/2025 to 31/03/2026');
    expect(form16Period('2025-11', '2026-02')).toBe('01/11/2025 to 28/02/2026');
    expect(form16Period('2023-04', '2024-02')).toBe('01/04/2023 to 29/02/2024');
  });
});
