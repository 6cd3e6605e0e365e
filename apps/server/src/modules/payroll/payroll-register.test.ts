import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPayrollRegisterXlsx, leftOutStatusOf, type PayrollRegisterRow, type PayrollRegisterRun } from './payroll-register';
import type { PayslipDocumentLine } from './payslip-pdf';

const RUN: PayrollRegisterRun = { organisationName: 'Acme Software Private Limited', month: '2026-11', periodStart: '2026-11-01', periodEnd: '2026-11-30', status: 'finalized' };
const HEADER_ROW = 5;
const FIRST_DATA_ROW = 6;

const rupees = (r: number) => r * 100;
const line = (section: PayslipDocumentLine['section'], code: string, label: string, amountRupees: number): PayslipDocumentLine => ({
  section,
  code,
  label,
  amountPaise: rupees(amountRupees),
});

/** A row whose totals follow from its lines: net = gross − deductions, employer cost = gross + contributions. */
function row(partial: Pick<PayrollRegisterRow, 'name' | 'lines'> & Partial<PayrollRegisterRow>): PayrollRegisterRow {
  const total = (section: PayslipDocumentLine['section']) => partial.lines.filter((l) => l.section === section).reduce((a, l) => a + l.amountPaise, 0);
  const gross = total('earning');
  const deductions = total('deduction');
  return {
    employeeNumber: null,
    department: null,
    daysInPeriod: 30,
    payableDays: 30,
    lopDays: 0,
    grossPaise: gross,
    deductionsPaise: deductions,
    netPaise: gross - deductions,
    employerCostPaise: gross + total('employer'),
    holdKind: null,
    ...partial,
  };
}

async function readBack(xlsx: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

function headers(sheet: ExcelJS.Worksheet): string[] {
  const values = sheet.getRow(HEADER_ROW).values as unknown[];
  return values.slice(1).map(String);
}

function amount(cell: ExcelJS.Cell): number {
  const v = cell.value;
  if (typeof v === 'number') return v;
  throw new Error(`cell ${cell.address} holds no number: ${JSON.stringify(v)}`);
}

describe('payroll register', () => {
  // Rows in an order that differs from the structure order, and a component only one employee has.
  const rows: PayrollRegisterRow[] = [
    row({
      employeeNumber: 'ACME-0002',
      name: 'Arjun Mehta',
      department: 'Sales',
      payableDays: 28.5,
      lopDays: 1.5,
      lines: [
        line('earning', 'BASIC', 'Basic', 19_000),
        line('earning', 'HRA', 'House Rent Allowance', 7_600),
        line('earning', 'BONUS', 'Bonus', 5_000),
        line('deduction', 'EPF', 'EPF', 1_800),
        line('deduction', 'PT', 'Professional Tax', 200),
        line('employer', 'EPF_ER', 'Employer EPF', 1_800),
      ],
      holdKind: 'payout',
    }),
    row({
      employeeNumber: 'ACME-0001',
      name: 'Priya Raghavan',
      department: 'Engineering',
      lines: [
        line('earning', 'BASIC', 'Basic', 30_000),
        line('earning', 'HRA', 'House Rent Allowance', 12_000),
        line('earning', 'SPECIAL', 'Special Allowance', 8_000),
        line('deduction', 'EPF', 'EPF', 1_800),
        line('deduction', 'PT', 'Professional Tax', 200),
        line('deduction', 'TDS', 'Income Tax (TDS)', 2_350),
        line('employer', 'EPF_ER', 'Employer EPF', 1_800),
        line('employer', 'ESI_ER', 'Employer ESI', 0),
      ],
    }),
  ];

  it('has a title, the fixed columns, one column per component (earnings, deductions, employer) and the totals', async () => {
    const sheet = await readBack(await buildPayrollRegisterXlsx(RUN, rows));
    expect(sheet.getCell('A1').value).toBe('Acme Software Private Limited — Payroll register, November 2026');
    expect(sheet.getCell('A2').value).toBe('Pay period 01 Nov 2026 – 30 Nov 2026 · Finalized · 2 employees');
    expect(headers(sheet)).toEqual([
      'Employee Number',
      'Employee Name',
      'Department',
      'Days in Period',
      'Payable Days',
      'LOP Days',
      // earnings by their place on the payslips: Basic 0, HRA 1, Bonus and Special both 2 (by code)
      'Basic',
      'House Rent Allowance',
      'Bonus',
      'Special Allowance',
      'EPF',
      'Professional Tax',
      'Income Tax (TDS)',
      'Employer EPF',
      'Employer ESI',
      'Gross Earnings',
      'Total Deductions',
      'Net Pay',
      'Employer Cost',
      'Status / Reason',
    ]);
    expect(sheet.getCell(4, 7).value).toBe('Earnings');
    expect(sheet.getCell(4, 11).value).toBe('Deductions');
    expect(sheet.getCell(4, 14).value).toBe('Employer contributions');
    expect(sheet.getCell(4, 16).value).toBe('Totals');
    // The header stays in view: frozen below row 5 and right of the name.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: HEADER_ROW });
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(24);
  });

  it('writes each employee in rupees with a missing component as zero, and a totals row that adds up', async () => {
    const sheet = await readBack(await buildPayrollRegisterXlsx(RUN, rows));
    const arjun = sheet.getRow(FIRST_DATA_ROW);
    expect(arjun.getCell(1).value).toBe('ACME-0002');
    expect(arjun.getCell(2).value).toBe('Arjun Mehta');
    expect(arjun.getCell(3).value).toBe('Sales');
    expect([arjun.getCell(4).value, arjun.getCell(5).value, arjun.getCell(6).value]).toEqual([30, 28.5, 1.5]);
    // Basic, HRA, Bonus, Special (none), EPF, PT, TDS (none), Employer EPF, Employer ESI (none)
    expect([7, 8, 9, 10, 11, 12, 13, 14, 15].map((c) => arjun.getCell(c).value)).toEqual([19_000, 7_600, 5_000, 0, 1_800, 200, 0, 1_800, 0]);
    // gross 31,600; deductions 2,000; net 29,600; employer cost 33,400
    expect([16, 17, 18, 19].map((c) => arjun.getCell(c).value)).toEqual([31_600, 2_000, 29_600, 33_400]);
    expect(arjun.getCell(20).value).toBe('Payout on hold');
    expect(sheet.getRow(FIRST_DATA_ROW + 1).getCell(20).value).toBe('Paid in this run');

    const totals = sheet.getRow(FIRST_DATA_ROW + 2);
    expect(totals.getCell(2).value).toBe('Total');
    // Priya: gross 50,000, deductions 4,350, net 45,650, employer cost 51,800.
    expect([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((c) => amount(totals.getCell(c)))).toEqual([
      49_000, 19_600, 5_000, 8_000, 3_600, 400, 2_350, 3_600, 0, 81_600, 6_350, 75_250, 85_200,
    ]);
    for (let c = 7; c <= 19; c++) {
      const sumOfRows = amount(sheet.getRow(FIRST_DATA_ROW).getCell(c)) + amount(sheet.getRow(FIRST_DATA_ROW + 1).getCell(c));
      expect(amount(totals.getCell(c))).toBe(sumOfRows);
    }
    expect(totals.getCell(20).value).toBe('1 on hold');
    // Rupees with Indian grouping (exceljs reads the format back without its escapes).
    for (let c = 7; c <= 19; c++) expect(totals.getCell(c).numFmt).toMatch(/^\[>=10000000\]"₹"##.*;\[>=100000\]"₹"##.*;"₹"#,##0\.00$/);
  });

  it('puts components in the same order whatever the order of the rows', async () => {
    const a = headers(await readBack(await buildPayrollRegisterXlsx(RUN, rows)));
    const b = headers(await readBack(await buildPayrollRegisterXlsx(RUN, [...rows].reverse())));
    expect(b).toEqual(a);
  });

  it('adds up a component that appears twice on one payslip', async () => {
    const twice = row({ name: 'Two Bonuses', lines: [line('earning', 'BASIC', 'Basic', 10_000), line('earning', 'ADJ', 'Bonus', 500), line('earning', 'ADJ', 'Bonus', 700)] });
    const sheet = await readBack(await buildPayrollRegisterXlsx(RUN, [twice]));
    expect(headers(sheet)).toContain('Bonus');
    expect(sheet.getRow(FIRST_DATA_ROW).getCell(8).value).toBe(1_200);
  });

  /*
   * Issue 26 point 7: loan EMIs and salary advance recoveries are both LOAN_RECOVERY lines on the
   * payslip; the register gives each kind its column (before, both were added up under the label of
   * whichever came first). Ravi: vehicle EMI 6,646 + advance 10,000; Meena: medical EMI 5,000.
   * Loan EMI column 6,646 + 5,000 = 11,646; advance column 10,000; one-time recovery its own column.
   */
  /*
   * Issue 26 item 2: a loss-of-pay correction's label names its dates per employee. Asha: 26 Nov recovered
   * (−1,000); Bala: 12 Nov reversed (+1,000); Chitra: 3 and 4 Nov recovered (−2,000). Before, the column was
   * headed by the first employee's label ("Loss of Pay 26 Nov 2026, 1 day, recovered") over Chitra's days.
   * Recovered column −1,000 − 2,000 = −3,000; reversed column +1,000; each cell notes the employee's own line.
   */
  it('gives loss-of-pay corrections a fixed header per direction, each cell noting the employee’s own dates', async () => {
    const asha = row({ name: 'Asha', lines: [line('earning', 'BASIC', 'Basic', 30_000), line('earning', 'LOP_RECOVERY', 'Loss of Pay 26 Nov 2026, 1 day, recovered', -1_000)] });
    const bala = row({ name: 'Bala', lines: [line('earning', 'BASIC', 'Basic', 30_000), line('earning', 'LOP_REVERSAL', 'Loss of Pay 12 Nov 2026, 1 day, reversed', 1_000)] });
    const chitra = row({ name: 'Chitra', lines: [line('earning', 'BASIC', 'Basic', 30_000), line('earning', 'LOP_RECOVERY', 'Loss of Pay 03 Nov 2026, 04 Nov 2026, 2 days, recovered', -2_000)] });
    const sheet = await readBack(await buildPayrollRegisterXlsx(RUN, [asha, bala, chitra]));
    const h = headers(sheet);
    expect(h.slice(6, 9)).toEqual(['Basic', 'Loss of Pay recovered (earlier months)', 'Loss of Pay reversed (earlier months)']);
    expect(h.some((x) => x.includes('26 Nov'))).toBe(false);
    const cell = (r: number, c: number) => sheet.getRow(FIRST_DATA_ROW + r).getCell(c);
    expect([amount(cell(0, 8)), amount(cell(1, 8)), amount(cell(2, 8))]).toEqual([-1_000, 0, -2_000]);
    expect(amount(cell(3, 8))).toBe(-3_000);
    expect(amount(cell(3, 9))).toBe(1_000);
    const note = (c: ExcelJS.Cell) => (typeof c.note === 'string' ? c.note : (c.note?.texts ?? []).map((t) => t.text).join(''));
    expect(note(cell(0, 8))).toBe('Loss of Pay 26 Nov 2026, 1 day, recovered');
    expect(note(cell(1, 9))).toBe('Loss of Pay 12 Nov 2026, 1 day, reversed');
    expect(note(cell(2, 8))).toBe('Loss of Pay 03 Nov 2026, 04 Nov 2026, 2 days, recovered');
    expect(cell(1, 8).note).toBeUndefined();
  });

  it('gives loan EMIs, salary advance recoveries and one-time recoveries a column each', async () => {
    const ravi = row({
      name: 'Ravi',
      lines: [
        line('earning', 'BASIC', 'Basic', 40_000),
        line('deduction', 'LOAN_RECOVERY', 'Loan recovery', 6_646),
        line('deduction', 'LOAN_RECOVERY', 'Salary advance recovery', 10_000),
        line('deduction', 'ADJ_LOAN_RECOVERY', 'Salary advance recovery', 5_000),
      ],
    });
    const meena = row({ name: 'Meena', lines: [line('earning', 'BASIC', 'Basic', 30_000), line('deduction', 'LOAN_RECOVERY', 'Loan recovery', 5_000)] });
    const sheet = await readBack(await buildPayrollRegisterXlsx(RUN, [meena, ravi]));
    const h = headers(sheet);
    expect(h.slice(6, 10)).toEqual(['Basic', 'Loan EMI', 'Salary advance recovery', 'Loan or advance recovery (one-time)']);
    const cell = (r: number, header: string) => sheet.getRow(r).getCell(h.indexOf(header) + 1).value;
    expect([cell(FIRST_DATA_ROW, 'Loan EMI'), cell(FIRST_DATA_ROW, 'Salary advance recovery')]).toEqual([5_000, 0]);
    expect([cell(FIRST_DATA_ROW + 1, 'Loan EMI'), cell(FIRST_DATA_ROW + 1, 'Salary advance recovery'), cell(FIRST_DATA_ROW + 1, 'Loan or advance recovery (one-time)')]).toEqual([6_646, 10_000, 5_000]);
    expect([cell(FIRST_DATA_ROW + 2, 'Loan EMI'), cell(FIRST_DATA_ROW + 2, 'Salary advance recovery'), cell(FIRST_DATA_ROW + 2, 'Total Deductions')]).toEqual([11_646, 10_000, 26_646]);
  });

  it('lists excluded employees with their reason after the payslips, outside the totals, and says released holds', async () => {
    const released = row({ name: 'Held Then Released', lines: [line('earning', 'BASIC', 'Basic', 20_000)], holdKind: 'payout', holdReason: 'Bank proof pending', releasedOn: '2027-01-06' });
    const sheet = await readBack(
      await buildPayrollRegisterXlsx(RUN, [released], [{ employeeNumber: 'ACME-0009', name: 'On Sabbatical', department: 'Sales', reason: 'Unpaid sabbatical' }]),
    );
    expect(sheet.getCell('A2').value).toBe('Pay period 01 Nov 2026 – 30 Nov 2026 · Finalized · 1 employee, 1 not paid in this run (see Status / Reason)');
    const h = headers(sheet);
    const status = h.indexOf('Status / Reason') + 1;
    expect(sheet.getRow(FIRST_DATA_ROW).getCell(status).value).toBe('Payout released on 06 Jan 2027 (held: Bank proof pending)');
    const excluded = sheet.getRow(FIRST_DATA_ROW + 1);
    expect([excluded.getCell(1).value, excluded.getCell(2).value, excluded.getCell(status).value]).toEqual(['ACME-0009', 'On Sabbatical', 'Excluded from processing: Unpaid sabbatical']);
    expect(excluded.getCell(h.indexOf('Net Pay') + 1).value).toBeNull();
    const totals = sheet.getRow(FIRST_DATA_ROW + 2);
    expect(totals.getCell(2).value).toBe('Total');
    expect(amount(totals.getCell(h.indexOf('Net Pay') + 1))).toBe(20_000);
    expect(totals.getCell(status).value).toBe('1 released, 1 excluded');
  });

  it('says why each left-out employee has no payslip: a processing hold (and where its pay went), no salary structure, not processed', () => {
    const who = { employeeNumber: null, name: 'X', department: null };
    expect(leftOutStatusOf({ ...who, kind: 'processing', reason: 'Unpaid sabbatical', broughtIntoMonth: '2026-12' })).toBe('Excluded from processing: Unpaid sabbatical; pay brought into December 2026');
    expect(leftOutStatusOf({ ...who, kind: 'processing', reason: null })).toBe('Excluded from processing');
    expect(leftOutStatusOf({ ...who, kind: 'noStructure', reason: null })).toBe('Not processed: no salary structure (annual CTC not set)');
    expect(leftOutStatusOf({ ...who, kind: 'notProcessed', reason: null })).toBe('Not processed: no payslip in this run');
  });

  it('is a valid register with no employees', async () => {
    const sheet = await readBack(await buildPayrollRegisterXlsx(RUN, []));
    expect(sheet.getCell('A2').value).toBe('Pay period 01 Nov 2026 – 30 Nov 2026 · Finalized · 0 employees');
    expect(headers(sheet)).toEqual(['Employee Number', 'Employee Name', 'Department', 'Days in Period', 'Payable Days', 'LOP Days', 'Gross Earnings', 'Total Deductions', 'Net Pay', 'Employer Cost', 'Status / Reason']);
    expect(amount(sheet.getRow(FIRST_DATA_ROW).getCell(9))).toBe(0);
  });

  it('property: Σ rows’ net = the totals row’s net, every column adds up, and every amount is a whole rupee', async () => {
    const CODES: { section: PayslipDocumentLine['section']; code: string }[] = [
      { section: 'earning', code: 'BASIC' },
      { section: 'earning', code: 'HRA' },
      { section: 'earning', code: 'BONUS' },
      { section: 'deduction', code: 'EPF' },
      { section: 'deduction', code: 'PT' },
      { section: 'deduction', code: 'TDS' },
      { section: 'employer', code: 'EPF_ER' },
    ];
    // Payslip amounts are whole rupees (components are rounded to the rupee): up to ₹50 lakh a line.
    const lineArb = fc.record({ which: fc.integer({ min: 0, max: CODES.length - 1 }), rupees: fc.integer({ min: 0, max: 50_00_000 }) });
    const rowArb = fc.record({ name: fc.string({ minLength: 1, maxLength: 20 }), lines: fc.array(lineArb, { maxLength: 8 }), hold: fc.boolean() }).map((r) => {
      const lines = r.lines.map((l) => {
        const c = CODES[l.which] ?? { section: 'earning' as const, code: 'BASIC' };
        return line(c.section, c.code, c.code, l.rupees);
      });
      return row({ name: r.name, lines, holdKind: r.hold ? 'payout' : null });
    });
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 30 }), async (generated) => {
        const sheet = await readBack(await buildPayrollRegisterXlsx(RUN, generated));
        const names = headers(sheet);
        const netCol = names.indexOf('Net Pay') + 1;
        const firstAmountCol = 7;
        const lastAmountCol = names.indexOf('Employer Cost') + 1;
        const totals = sheet.getRow(FIRST_DATA_ROW + generated.length);
        for (let c = firstAmountCol; c <= lastAmountCol; c++) {
          let sumPaise = 0;
          for (let r = 0; r < generated.length; r++) {
            const value = amount(sheet.getRow(FIRST_DATA_ROW + r).getCell(c));
            expect(Number.isInteger(value), `row ${String(r)} column ${String(c)}: ${String(value)}`).toBe(true);
            sumPaise += Math.round(value * 100);
          }
          const total = amount(totals.getCell(c));
          expect(Number.isInteger(total)).toBe(true);
          expect(Math.round(total * 100)).toBe(sumPaise);
        }
        const netSum = generated.reduce((a, r) => a + r.netPaise, 0);
        expect(Math.round(amount(totals.getCell(netCol)) * 100)).toBe(netSum);
      }),
      { numRuns: 40 },
    );
  });
});
