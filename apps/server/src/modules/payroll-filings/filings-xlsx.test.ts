import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildEsicReturn, buildLwfStatement, buildPayrollJournal, buildProfessionalTaxStatement, journalKey, type LedgerAccount } from '@tankha/domain';
import { buildEsicXlsx, buildJournalCsv, buildJournalXlsx, buildLwfXlsx, buildPtXlsx } from './filings-xlsx';

/**
 * The workbooks read back by their published layout: the ESIC template's header texts in row 1
 * (ESIC's monthly contribution Excel template), the statements and the journal by their column
 * headers — never by the writer's positions. Figures from worked examples (india-tax-rules §11–§13).
 */

const R = (rupees: number): number => Math.round(rupees * 100);

async function load(xlsx: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx as unknown as ExcelJS.Buffer);
  return book;
}

const text = (v: ExcelJS.CellValue): string => (v === null || v === undefined ? '' : typeof v === 'object' && 'richText' in v ? v.richText.map((r) => r.text).join('') : String(v as string | number));

/** The rows under the first row whose cells include every one of `required`, as objects keyed by header. */
function table(sheet: ExcelJS.Worksheet, required: readonly string[]): Record<string, ExcelJS.CellValue>[] {
  let headerRow = -1;
  let names: string[] = [];
  sheet.eachRow((row, n) => {
    if (headerRow !== -1) return;
    const cells = (row.values as ExcelJS.CellValue[]).map(text);
    if (required.every((h) => cells.includes(h))) {
      headerRow = n;
      names = cells;
    }
  });
  if (headerRow === -1) throw new Error(`no header row with ${required.join(', ')}`);
  const out: Record<string, ExcelJS.CellValue>[] = [];
  for (let n = headerRow + 1; n <= sheet.rowCount; n += 1) {
    const values = sheet.getRow(n).values as ExcelJS.CellValue[];
    if (values.every((v) => v === null || v === undefined || v === '')) break;
    const record: Record<string, ExcelJS.CellValue> = {};
    names.forEach((name, i) => {
      if (name) record[name] = values[i] ?? null;
    });
    out.push(record);
  }
  return out;
}

describe('ESIC monthly contribution workbook', () => {
  // The template's six header texts, as ESIC's sample MC Excel file spells them.
  const TEMPLATE = [
    'IP Number (10 Digits)',
    'IP Name (Only alphabets and space)',
    'No of Days for which wages paid/payable during the month',
    'Total Monthly Wages',
    'Reason Code for Zero workings days(numeric only; provide 0 for all other reasons- Click on the link for reference)',
    'Last Working Day (Format DD/MM/YYYY or DD-MM-YYYY)',
  ];

  it('row 1 is the template header, one row per IP, the IP number kept as text', async () => {
    const file = buildEsicReturn({
      month: '2026-11',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      members: [
        { userId: 'a', employeeNumber: 'E1', name: 'Lakshmi Devi', ipNumber: '0530001234', payslip: { payableDays: 26.5, esiWagePaise: R(15_900), esiCharged: true }, coveredLastMonth: true, dateOfLeaving: null },
        { userId: 'b', employeeNumber: 'E2', name: 'Mohan Das', ipNumber: '5300012345', payslip: { payableDays: 14, esiWagePaise: R(8_400), esiCharged: true }, coveredLastMonth: true, dateOfLeaving: '2026-11-14' },
        { userId: 'c', employeeNumber: 'E3', name: 'Sita Ram', ipNumber: '5300012346', payslip: { payableDays: 0, esiWagePaise: 0, esiCharged: false }, coveredLastMonth: true, dateOfLeaving: null },
      ],
    });
    const book = await load(await buildEsicXlsx(file.rows));
    expect(book.worksheets).toHaveLength(1);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect((sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(text)).toEqual(TEMPLATE);
    const rows = table(sheet, TEMPLATE).map((r) => TEMPLATE.map((h) => r[h]));
    expect(rows).toEqual([
      // 26.5 days rounds up to 27 (template note: fractions to the next higher integer).
      ['0530001234', 'LAKSHMI DEVI', 27, 15_900, 0, ''],
      // Left on 14 Nov: reason 2, last working day dd/MM/yyyy.
      ['5300012345', 'MOHAN DAS', 14, 8_400, 2, '14/11/2026'],
      // LOP all month: 0 days, reason 1 (on leave).
      ['5300012346', 'SITA RAM', 0, 0, 1, ''],
    ]);
    expect(sheet.rowCount).toBe(4);
  });
});

describe('professional tax statement workbook', () => {
  it('a sheet per state; employees with their slab; totals by slab', async () => {
    const states = buildProfessionalTaxStatement('2026-10', [
      { userId: 'a', employeeNumber: 'E1', name: 'Asha', gender: 'Female', stateCode: 'KA', grossPaise: R(24_000), ptPaise: 0 },
      { userId: 'b', employeeNumber: 'E2', name: 'Bala', gender: 'Male', stateCode: 'KA', grossPaise: R(42_000), ptPaise: R(200) },
      { userId: 'c', employeeNumber: 'E3', name: 'Chitra', gender: 'Female', stateCode: 'MH', grossPaise: R(30_000), ptPaise: R(200) },
    ]);
    const book = await load(await buildPtXlsx({ organisationName: 'Nilgiri Tea Co', month: '2026-10' }, states));
    expect(book.worksheets.map((s) => s.name)).toEqual(['Karnataka', 'Maharashtra']);
    const ka = book.getWorksheet('Karnataka');
    if (!ka) throw new Error('no sheet');
    expect(text(ka.getCell('A1').value)).toBe('Nilgiri Tea Co — Professional Tax, Karnataka, October 2026');
    const people = table(ka, ['Employee Number', 'Gross Salary', 'Slab', 'PT Deducted']);
    expect(people.map((r) => [r['Employee Number'], r['Gross Salary'], r.Slab, r['PT Deducted']])).toEqual([
      ['E1', 24_000, 'Below ₹25,000', 0],
      ['E2', 42_000, '₹25,000 and above', 200],
      ['', 66_000, '', 200],
    ]);
    const bySlab = table(ka, ['Slab', 'Employees', 'PT per Employee', 'PT Total']);
    expect(bySlab.map((r) => [r.Slab, r.Employees, r['PT per Employee'], r['PT Total']])).toEqual([
      ['Below ₹25,000', 1, 0, 0],
      ['₹25,000 and above', 1, 200, 200],
      ['Total', 2, '', 200],
    ]);
    const mh = book.getWorksheet('Maharashtra');
    if (!mh) throw new Error('no sheet');
    // Maharashtra's women's table: more than 25,000 → 200.
    expect(table(mh, ['Slab', 'PT Deducted'])[0]).toMatchObject({ Slab: 'Women: More than ₹25,000', 'PT Deducted': 200 });
  });
});

describe('LWF statement workbook', () => {
  it('Karnataka in December: employee 50, employer 100 each; totals', async () => {
    const states = buildLwfStatement('2026-12', [
      { userId: 'a', employeeNumber: 'E1', name: 'Asha', stateCode: 'KA', grossPaise: R(24_000), employeePaise: R(50), employerPaise: R(100) },
      { userId: 'b', employeeNumber: 'E2', name: 'Bala', stateCode: 'KA', grossPaise: R(42_000), employeePaise: R(50), employerPaise: R(100) },
    ]);
    const book = await load(await buildLwfXlsx({ organisationName: 'Nilgiri Tea Co', month: '2026-12' }, states));
    const sheet = book.getWorksheet('Karnataka');
    if (!sheet) throw new Error('no sheet');
    expect(text(sheet.getCell('A2').value)).toContain('Annual: on the 31 December roll, due 15 January');
    const rows = table(sheet, ['Employee Number', 'Employee Share', 'Employer Share', 'Total']);
    expect(rows.map((r) => [r['Employee Number'], r['Employee Share'], r['Employer Share'], r.Total])).toEqual([
      ['E1', 50, 100, 150],
      ['E2', 50, 100, 150],
      ['', 100, 200, 300],
    ]);
  });
});

describe('payroll journal workbook and CSV', () => {
  const accounts = new Map<string, LedgerAccount>([
    [journalKey('earning', 'BASIC'), { accountCode: '5001', accountName: 'Salaries, wages & bonus' }],
    [journalKey('deduction', 'EPF_EE'), { accountCode: '2101', accountName: 'PF payable' }],
    [journalKey('employer', 'EPF_ER'), { accountCode: '2101', accountName: 'PF payable' }],
    [journalKey('employer', 'EPS_ER'), { accountCode: '2101', accountName: 'PF payable' }],
    [journalKey('total', 'NET_PAY'), { accountCode: '2110', accountName: 'Salary payable' }],
    [journalKey('total', 'EMPLOYER_EXPENSE'), { accountCode: '5002', accountName: 'Employer contributions' }],
  ]);
  // Basic 20,000; EPF 1,800 → net 18,200; employer EPF 550 + EPS 1,250 = 1,800.
  const journal = buildPayrollJournal(
    [
      {
        netPaise: R(18_200),
        lines: [
          { section: 'earning', code: 'BASIC', label: 'Basic', amountPaise: R(20_000) },
          { section: 'deduction', code: 'EPF_EE', label: 'Provident Fund (EPF)', amountPaise: R(1_800) },
          { section: 'employer', code: 'EPF_ER', label: 'EPF (employer)', amountPaise: R(550) },
          { section: 'employer', code: 'EPS_ER', label: 'EPS (employer)', amountPaise: R(1_250) },
        ],
      },
    ],
    accounts,
    { netPay: 'Net pay payable', employerExpense: 'Employer contribution expense' },
  );
  const heading = { date: '31/10/2026', reference: 'PAYROLL-2026-10' };
  const EXPECTED = [
    ['5001', 'Salaries, wages & bonus', 20_000, 0],
    ['5002', 'Employer contributions', 1_800, 0],
    ['2110', 'Salary payable', 0, 18_200],
    // 1,800 employee + 550 + 1,250 employer.
    ['2101', 'PF payable', 0, 3_600],
  ];

  it('XLSX: the header in row 1, a line per account and side, debits = credits', async () => {
    const book = await load(await buildJournalXlsx(heading, journal));
    const sheet = book.getWorksheet('Journal');
    if (!sheet) throw new Error('no sheet');
    const rows = table(sheet, ['Date', 'Reference', 'Account Code', 'Account Name', 'Debit', 'Credit', 'Narration']);
    expect(rows.map((r) => [r['Account Code'], r['Account Name'], r.Debit ?? 0, r.Credit ?? 0])).toEqual(EXPECTED);
    expect(new Set(rows.map((r) => `${text(r.Date)} ${text(r.Reference)}`))).toEqual(new Set(['31/10/2026 PAYROLL-2026-10']));
    const sum = (k: string) => rows.reduce((s, r) => s + (typeof r[k] === 'number' ? r[k] : 0), 0);
    expect(sum('Debit')).toBe(sum('Credit'));
  });

  it('CSV: RFC 4180, the same lines; a name with a comma is quoted', () => {
    const csv = buildJournalCsv(heading, journal);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Reference,Account Code,Account Name,Debit,Credit,Narration');
    // A tiny RFC 4180 reader: quoted fields with doubled quotes.
    const parse = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, 7).map((m) => (m[1]?.startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : (m[1] ?? '')));
    const rows = lines.slice(1).map(parse);
    expect(rows.map((r) => [r[2], r[3], Number(r[4] || 0), Number(r[5] || 0)])).toEqual(EXPECTED);
    expect(rows[0]?.[4]).toBe('20000.00');
    expect(rows.map((r) => r[6])).toContain('Provident Fund (EPF) ₹1,800; EPF (employer) ₹550; EPS (employer) ₹1,250');
  });
});
