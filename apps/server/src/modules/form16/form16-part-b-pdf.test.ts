import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { computeForm16PartB, EMPTY_TAX_DECLARATION, formatInr } from '@tankha/domain';
import { renderForm16PartBPdf, type Form16PartBDocument } from './form16-part-b-pdf';

const FY_MONTHS = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];

/** New regime FY 2025-26: salary 18,00,000, a loan perquisite valued 9,000 less 1,500 interest charged = 7,500. */
function sample(perquisites: Form16PartBDocument['perquisites']): Form16PartBDocument {
  const figures = computeForm16PartB({
    financialYear: '2025-26',
    regime: 1,
    salary17_1Paise: 18_00_000_00,
    perquisites17_2Paise: 7_500_00,
    profits17_3Paise: 0,
    months: FY_MONTHS.map((month) => ({ month, basicPlusDaPaise: 75_000_00, hraPaise: 30_000_00 })),
    professionalTaxPaise: 2_400_00,
    employeeEpfPaise: 21_600_00,
    declaration: EMPTY_TAX_DECLARATION,
    useAllowed: false,
    tdsDeductedPaise: 1_50_000_00,
  });
  return {
    employer: { name: 'Acme Payroll Pvt Ltd', address: '12 MG Road, Bengaluru 560001', pan: 'AAACA1234F', tan: 'BLRA12345B' },
    employee: { name: 'Aditi Rao', employeeNumber: 'E-104', designation: 'Engineer', pan: 'ABCPR1234K' },
    financialYear: '2025-2026',
    firstMonth: '2025-04',
    lastMonth: '2026-03',
    figures,
    perquisites,
    signatory: { person: { name: 'Meera Iyer', fatherName: 'Ramesh Iyer', designation: 'Finance Manager', place: 'Bengaluru' }, signedOn: '2026-06-10' },
    generatedOn: '2026-06-10',
  };
}

async function pages(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text.map((t) => t.replace(/\s+/g, ' '));
}

describe('Form 16 Part B PDF', () => {
  it('two pages without perquisites: the rows flow onto page 2, which closes with the verification, place and date', async () => {
    const pdf = await renderForm16PartBPdf(sample([]));
    if (process.env.FORM16_PDF_OUT) writeFileSync(`${process.env.FORM16_PDF_OUT}/part-b.pdf`, pdf);
    const text = await pages(pdf);
    expect(text).toHaveLength(2);
    const [first = '', second = ''] = text;
    expect(first).toContain('FORM NO. 16');
    expect(first).toContain('Period with the Employer 01/04/2025 to 31/03/2026');
    expect(first).toContain('Whether opting out of taxation u/s 115BAC(1A)? No');
    expect(first).not.toContain('2025-04 to 2026-03');
    // Page 2 is more than footnotes: rows, the tax box, the verification and its signature block.
    expect(second).toContain('19 Net tax payable (17-18)');
    expect(second).toContain('Verification');
    expect(second).toContain(
      'I, Meera Iyer, son/daughter of Ramesh Iyer working in the capacity of Finance Manager do hereby certify that a sum of Rs. 1,50,000.00 [Rs. Rupees One Lakh Fifty Thousand Only] has been deducted and deposited to the credit of the Central Government.',
    );
    expect(second).toContain('Place: Bengaluru');
    expect(second).toContain('Date: 10/06/2026');
    expect(second).toContain('Full Name: Meera Iyer');
    expect(second).toContain('Designation: Finance Manager');
    expect(second).toContain('Generated on 10/06/2026');
    expect(text.join(' ')).not.toContain('FORM NO. 12BA');
  });

  it('with a loan perquisite: Form 12BA on a third page, row 5 with value, recovered and chargeable amounts', async () => {
    const pdf = await renderForm16PartBPdf(sample([{ row: 5, valuePaise: 9_000_00, recoveredPaise: 1_500_00 }]));
    if (process.env.FORM16_PDF_OUT) writeFileSync(`${process.env.FORM16_PDF_OUT}/part-b-12ba.pdf`, pdf);
    const text = await pages(pdf);
    expect(text).toHaveLength(3);
    const third = text[2] ?? '';
    expect(third).toContain('FORM NO. 12BA');
    expect(third).toContain('[See rule 26A(2)(b)]');
    expect(third).toContain(`5 Interest free or concessional loans ${formatInr(9_000_00)} ${formatInr(1_500_00)} ${formatInr(7_500_00)}`);
    expect(third).toContain(`21 Total value of perquisites ${formatInr(9_000_00)} ${formatInr(1_500_00)} ${formatInr(7_500_00)}`);
    expect(third).toContain('DECLARATION BY EMPLOYER');
    expect(third).toContain('I, Meera Iyer, s/o Ramesh Iyer working as Finance Manager (designation) do hereby declare on behalf of Acme Payroll Pvt Ltd');
    expect(third).toContain('Place: Bengaluru');
  });
});
