import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { getDocumentProxy } from 'unpdf';
import { holdNoteText, payslipDocumentFrom, renderPayslipPdf, type PayslipDocument, type PayslipDocumentLine } from './payslip-pdf';

/** A 240×80 transparent PNG logo: a blue disc and three dark bars. */
function makeLogo(): Buffer {
  const png = new PNG({ width: 240, height: 80 });
  for (let y = 0; y < 80; y++) {
    for (let x = 0; x < 240; x++) {
      const i = (y * 240 + x) * 4;
      const disc = (x - 40) ** 2 + (y - 40) ** 2 < 32 ** 2;
      const bar = x > 88 && x < 230 && [18, 38, 58].some((top) => y >= top && y < top + 8);
      const [r, g, b] = disc ? [0x3b, 0x5b, 0xdb] : [0x1f, 0x29, 0x37];
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = disc || bar ? 255 : 0;
    }
  }
  return PNG.sync.write(png);
}
const LOGO_PNG = makeLogo();

const rupees = (r: number) => r * 100;

/**
 * November 2026, 30 days, 2 LOP: Basic ₹30,000 × 28/30 = ₹28,000, HRA ₹12,000 × 28/30 = ₹11,200,
 * special allowance ₹8,000 × 28/30 = ₹7,466.67 → ₹7,467 (to the rupee); gross ₹46,667.
 * EPF 12% of ₹15,000 (ceiling) = ₹1,800; PT (Karnataka) ₹200; TDS ₹1,250 → deductions ₹3,250.
 * Net ₹46,667 − ₹3,250 = ₹43,417.
 */
function sample(overrides: Partial<PayslipDocument> = {}): PayslipDocument {
  const lines: PayslipDocumentLine[] = [
    { section: 'earning', code: 'BASIC', label: 'Basic', amountPaise: rupees(28_000) },
    { section: 'earning', code: 'HRA', label: 'House rent allowance', amountPaise: rupees(11_200) },
    { section: 'earning', code: 'SPECIAL', label: 'Special allowance', amountPaise: rupees(7_467) },
    { section: 'deduction', code: 'EPF', label: 'Employee provident fund', amountPaise: rupees(1_800) },
    { section: 'deduction', code: 'PT', label: 'Professional tax', amountPaise: rupees(200) },
    { section: 'deduction', code: 'TDS', label: 'Income tax (TDS)', amountPaise: rupees(1_250) },
    { section: 'employer', code: 'EPF_ER', label: 'Employer PF (EPF 3.67%)', amountPaise: rupees(550) },
    { section: 'employer', code: 'EPS_ER', label: 'Employer pension (EPS 8.33%)', amountPaise: rupees(1_250) },
    { section: 'employer', code: 'EDLI_ER', label: 'EDLI and admin charges', amountPaise: rupees(150) },
  ];
  return {
    organisation: { name: 'Acme Software Private Limited', address: '4th Floor, 12 MG Road\nBengaluru, Karnataka 560001', logo: LOGO_PNG },
    month: '2026-11',
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    employee: {
      name: 'Priya Raghavan',
      employeeNumber: 'ACME-0042',
      designation: 'Senior Software Engineer',
      department: 'Engineering',
      pan: 'ABCPR1234K',
      uan: '100200300400',
      esiNumber: null,
      bankAccount: 'XXXXXX1234',
      bankName: 'HDFC Bank',
      dateOfJoining: '2023-06-12',
    },
    daysInPeriod: 30,
    payableDays: 28,
    lopDays: 2,
    lines,
    grossPaise: rupees(46_667),
    deductionsPaise: rupees(3_250),
    netPaise: rupees(43_417),
    employerCostPaise: rupees(46_667 + 1_950),
    taxRegime: 1,
    holdKind: null,
    ytd: {
      grossPaise: rupees(3_66_667),
      deductionsPaise: rupees(26_250),
      netPaise: rupees(3_40_417),
      tdsPaise: rupees(10_000),
      lines: [
        { code: 'BASIC', label: 'Basic', amountPaise: rupees(2_38_000) },
        { code: 'HRA', label: 'House rent allowance', amountPaise: rupees(95_200) },
        { code: 'SPECIAL', label: 'Special allowance', amountPaise: rupees(33_467) },
        { code: 'EPF', label: 'Employee provident fund', amountPaise: rupees(14_400) },
        { code: 'PT', label: 'Professional tax', amountPaise: rupees(1_600) },
        { code: 'TDS', label: 'Income tax (TDS)', amountPaise: rupees(10_000) },
      ],
    },
    ...overrides,
  };
}

function longSample(): PayslipDocument {
    const longName = 'Venkata Lakshmi Narasimha Subrahmanya Sai Srinivasa Chakravarthy Ramanathan Iyer Balasubramaniam';
    const many: PayslipDocumentLine[] = [];
    for (let i = 1; i <= 45; i++) many.push({ section: 'earning', code: `E${String(i)}`, label: `Allowance number ${String(i)} for a very long reason that wraps onto a second line`, amountPaise: rupees(1000 + i) });
    for (let i = 1; i <= 30; i++) many.push({ section: 'deduction', code: `D${String(i)}`, label: `Recovery ${String(i)}`, amountPaise: rupees(100 + i) });
    for (let i = 1; i <= 12; i++) many.push({ section: 'employer', code: `C${String(i)}`, label: `Employer contribution ${String(i)}`, amountPaise: rupees(10 + i) });
    return sample({
      employee: { ...sample().employee, name: longName, designation: 'Principal Staff Software Engineer, Platform Reliability and Developer Productivity' },
      organisation: { name: 'An Organisation With A Remarkably Long Registered Name Private Limited', address: 'Line one\nLine two\nLine three', logo: LOGO_PNG },
      lines: many,
    });
}

interface PlacedText {
  page: number;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function readPdf(pdf: Buffer): Promise<{ pages: { width: number; height: number }[]; items: PlacedText[]; text: string }> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const pages: { width: number; height: number }[] = [];
  const items: PlacedText[] = [];
  for (let n = 1; n <= proxy.numPages; n++) {
    const page = await proxy.getPage(n);
    const [, , width = 0, height = 0] = page.view;
    pages.push({ width, height });
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      items.push({ page: n, text: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width, height: item.height });
    }
  }
  return { pages, items, text: items.map((i) => i.text).join(' ') };
}

/** Text with all white space removed, so a phrase wrapped over lines is still found. */
const squash = (text: string) => text.replace(/\s+/g, '');

function expectInsidePages(doc: Awaited<ReturnType<typeof readPdf>>): void {
  for (const item of doc.items) {
    const page = doc.pages[item.page - 1];
    if (!page) throw new Error('text on a missing page');
    expect(item.x, item.text).toBeGreaterThanOrEqual(0);
    expect(item.x + item.width, item.text).toBeLessThanOrEqual(page.width);
    expect(item.y, item.text).toBeGreaterThanOrEqual(0);
    expect(item.y + item.height, item.text).toBeLessThanOrEqual(page.height);
  }
}

describe('payslip PDF', () => {
  it('prints who, when, every line and the net pay in figures and in Indian words', async () => {
    const pdf = await renderPayslipPdf(sample());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await readPdf(pdf);
    expect(doc.pages).toHaveLength(1);
    // A4 portrait.
    expect(doc.pages[0]?.width).toBeCloseTo(595.28, 1);
    expect(doc.pages[0]?.height).toBeCloseTo(841.89, 1);
    const text = doc.text;
    for (const expected of [
      'Acme Software Private Limited',
      'Bengaluru, Karnataka 560001',
      'Priya Raghavan',
      'ACME-0042',
      'Senior Software Engineer',
      'Engineering',
      'ABCPR1234K',
      '100200300400',
      'HDFC Bank · XXXXXX1234',
      '12 Jun 2023',
      'November 2026',
      'Pay period 01 Nov 2026 – 30 Nov 2026',
      'New regime',
      // earnings and deductions with this month and year to date
      'Basic',
      '₹28,000.00',
      '₹2,38,000.00',
      'Special allowance',
      '₹7,467.00',
      'Employee provident fund',
      '₹1,800.00',
      'Gross earnings',
      '₹46,667.00',
      'Total deductions',
      '₹3,250.00',
      // employer contributions and cost
      'Employer pension (EPS 8.33%)',
      '₹1,950.00',
      '₹48,617.00',
      // net pay: ₹46,667 − ₹3,250
      '₹43,417.00',
      // year to date
      'financial year 2026-27',
      '₹3,66,667.00',
      '₹3,40,417.00',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(squash(text)).toContain(squash('Rupees Forty Three Thousand Four Hundred Seventeen Only'));
    // Days in period, payable and LOP days, each under its label.
    expect(text).toMatch(/Days in period\s+30/);
    expect(text).toMatch(/Payable days\s+28/);
    expect(text).toMatch(/LOP days\s+2/);
    // No ESI number: a dash, not an empty hole or 'null'.
    expect(text).toMatch(/ESI number\s+—/);
    expect(text).not.toContain('null');
    expect(text).not.toContain('on hold');
    expectInsidePages(doc);
  });

  it('says when the payout is on hold', async () => {
    const doc = await readPdf(await renderPayslipPdf(sample({ holdKind: 'payout' })));
    expect(squash(doc.text)).toContain(squash('Payout on hold: this month’s net pay is held and will be paid when the hold is released.'));
    expect(doc.text).toContain('Net pay for November 2026 (on hold)');
  });

  it('says when a held payout was held, released and paid', async () => {
    const payout = { heldOn: '2026-11-25', holdReason: 'Bank proof pending', releasedOn: '2027-01-06', releasedByName: 'Anita Rao', paidOn: '2027-01-07' };
    const doc = await readPdf(await renderPayslipPdf(sample({ holdKind: 'payout', payout })));
    expect(squash(doc.text)).toContain(squash('Payout held on 25 Nov 2026 (Bank proof pending), released on 06 Jan 2027 by Anita Rao, paid on 07 Jan 2027.'));
    expect(squash(doc.text)).not.toContain(squash('will be paid when the hold is released'));
    expect(doc.text).toContain('Net pay for November 2026 (held, since paid)');
    expect(holdNoteText({ ...payout, paidOn: null })).toBe(
      'Payout held on 25 Nov 2026 (Bank proof pending), released on 06 Jan 2027 by Anita Rao, payment awaiting the bank. Provident fund, ESI, professional tax and TDS have been deducted as usual.',
    );
    expect(holdNoteText({ ...payout, releasedByName: null, paidOn: null })).toMatch(/^Payout held on 25 Nov 2026 \(Bank proof pending\), released on 06 Jan 2027, payment awaiting the bank\./);
    expect(holdNoteText({ heldOn: '2026-11-25', holdReason: null, releasedOn: null, paidOn: null })).toMatch(/^Payout on hold on 25 Nov 2026: this month’s net pay is held/);
  });

  it('prints half days and a payslip without employer contributions, logo or address', async () => {
    const data = sample({ payableDays: 29.5, lopDays: 0.5, organisation: { name: 'Tiny Co', address: null } });
    const doc = await readPdf(await renderPayslipPdf({ ...data, lines: data.lines.filter((l) => l.section !== 'employer') }));
    expect(doc.text).toMatch(/Payable days\s+29\.5/);
    expect(doc.text).toMatch(/LOP days\s+0\.5/);
    expect(doc.text).not.toContain('Employer contributions');
  });

  it('leaves out a logo it cannot decode instead of failing', async () => {
    const doc = await readPdf(await renderPayslipPdf(sample({ organisation: { name: 'Broken Logo Ltd', address: null, logo: Buffer.from('not an image') } })));
    expect(doc.text).toContain('Broken Logo Ltd');
  });

  it('wraps a very long name and runs onto more pages, with every line and nothing off the page', async () => {
    const data = longSample();
    const doc = await readPdf(await renderPayslipPdf(data));
    expect(doc.pages.length).toBeGreaterThan(1);
    expectInsidePages(doc);
    const squashed = squash(doc.text);
    expect(squashed).toContain(squash(data.employee.name));
    for (const line of data.lines) expect(squashed, line.label).toContain(squash(line.label));
    expect(doc.text).toContain('Earnings (continued)');
    expect(doc.text).toContain(`Page 1 of ${String(doc.pages.length)}`);
    expect(squashed).toContain(squash('Rupees Forty Three Thousand Four Hundred Seventeen Only'));
  });

  // Runs only with PAYSLIP_SAMPLE_DIR: it asserts nothing and writes files for a person to look at
  // (PAYSLIP_SAMPLE_DIR=/tmp npx vitest run …, then pdftoppm -png); the other tests here check the content.
  it.runIf(process.env.PAYSLIP_SAMPLE_DIR)('writes sample payslips to look at', async () => { // runs only when PAYSLIP_SAMPLE_DIR names a folder: it writes sample PDFs for a person to look at, it checks nothing
    const dir = process.env.PAYSLIP_SAMPLE_DIR ?? '';
    writeFileSync(path.join(dir, 'payslip-sample.pdf'), await renderPayslipPdf(sample()));
    writeFileSync(path.join(dir, 'payslip-hold.pdf'), await renderPayslipPdf(sample({ holdKind: 'payout' })));
    writeFileSync(path.join(dir, 'payslip-long.pdf'), await renderPayslipPdf(longSample()));
  });

  it('prints names outside ASCII (the bundled font has them)', async () => {
    const doc = await readPdf(await renderPayslipPdf(sample({ employee: { ...sample().employee, name: 'Zoë Dvořák-Ñúñez' } })));
    expect(doc.text).toContain('Zoë Dvořák-Ñúñez');
  });

  it('maps the API payslip (rupees) to the document (paise)', () => {
    const doc = payslipDocumentFrom(
      {
        id: 'p',
        runId: 'r',
        userId: 'u',
        month: '2026-11',
        status: 'finalized',
        grossEarnings: 46_667,
        totalDeductions: 3_250,
        netPay: 43_417,
        hasPdf: false,
        employee: sample().employee,
        periodStart: '2026-11-01',
        periodEnd: '2026-11-30',
        daysInPeriod: 30,
        payableDays: 28,
        lopDays: 2,
        employerCost: 48_617,
        tds: 1_250,
        taxRegime: 1,
        holdKind: 'payout',
        netPayInWords: 'Rupees Forty Three Thousand Four Hundred Seventeen Only',
        pdfPasswordProtected: false,
        lines: [{ section: 'earning', code: 'BASIC', label: 'Basic', amount: 28_000, explanation: [] }],
        ytd: { grossEarnings: 3_66_667, totalDeductions: 26_250, netPay: 3_40_417, tds: 10_000, lines: [{ code: 'BASIC', label: 'Basic', amount: 2_38_000 }] },
        tdsExplanation: [],
      },
      { name: 'Acme', address: null },
    );
    expect(doc.netPaise).toBe(4_341_700);
    expect(doc.lines).toEqual([{ section: 'earning', code: 'BASIC', label: 'Basic', amountPaise: 2_800_000 }]);
    expect(doc.ytd.grossPaise).toBe(36_666_700);
    expect(doc.holdKind).toBe('payout');
  });

  it('renders one payslip in milliseconds once warm (10,000 are rendered after each finalize)', async () => {
    const data = sample();
    for (let i = 0; i < 5; i++) await renderPayslipPdf(data);
    const n = 50;
    // CPU time, not wall time: other work on a shared 2-core machine must not fail this test.
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < n; i++) await renderPayslipPdf(data);
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000 / n;
    console.info(`payslip PDF: ${cpuMs.toFixed(2)} ms CPU, ${((performance.now() - start) / n).toFixed(2)} ms wall each (${String(n)} renders)`);
    // About 8 ms on an idle core of this machine; the bound leaves room for a loaded CI run.
    expect(cpuMs).toBeLessThan(40);
  });
});
