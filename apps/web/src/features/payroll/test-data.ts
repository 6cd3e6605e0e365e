import type { PayrollEmployeeRow, PayrollRun, Payslip } from '@tankha/contracts';

export const RUN_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
export const NEXT_RUN_ID = 'aaaaaaaa-0000-4000-8000-000000000002';
export const USER_ID = 'bbbbbbbb-0000-4000-8000-000000000001';
export const PAYSLIP_ID = 'cccccccc-0000-4000-8000-000000000001';

/** A run for tests: November 2026, processed, 3 employees, seen on 2 December 2026. */
export function makeRun(overrides: Partial<PayrollRun> = {}): PayrollRun {
  return {
    id: RUN_ID,
    month: '2026-11',
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    payDate: '2026-11-30',
    status: 'processed',
    employeeCount: 3,
    grossEarnings: 185000,
    totalDeductions: 21450,
    netPay: 163550,
    employerCost: 198600,
    progress: { done: 3, total: 3 },
    lastError: null,
    processingNotice: null,
    warningCount: 0,
    staleCount: 0,
    holds: { payout: 0, processing: 0 },
    payslips: { total: 0, rendered: 0, emailed: 0 },
    processedAt: '2026-11-28T06:00:00.000Z',
    finalizedAt: null,
    finalizedByName: null,
    paidOn: null,
    paymentReference: null,
    // After the period: no day of November is still to come.
    today: '2026-12-02',
    daysToCome: null,
    finalizedOn: null,
    ...overrides,
  };
}

export function makeEmployeeRow(overrides: Partial<PayrollEmployeeRow> = {}): PayrollEmployeeRow {
  return {
    userId: USER_ID,
    payslipId: PAYSLIP_ID,
    name: 'Aditi Agarwal',
    employeeNumber: 'E001',
    department: 'Engineering',
    designation: 'Engineer',
    daysInPeriod: 30,
    payableDays: 28,
    lopDays: 2,
    grossEarnings: 56000,
    totalDeductions: 4000,
    netPay: 52000,
    tds: 1200,
    hold: null,
    warnings: [],
    adjustmentCount: 0,
    lastMonthNetPay: 55000,
    netPayVariance: -3000,
    remark: null,
    staleReasons: [],
    ...overrides,
  };
}

/** Basic ₹30,000 a month, 28 of 30 payable days (the issue's own example line). */
export function makePayslip(overrides: Partial<Payslip> = {}): Payslip {
  return {
    id: PAYSLIP_ID,
    runId: RUN_ID,
    userId: USER_ID,
    month: '2026-11',
    status: 'finalized',
    grossEarnings: 46667,
    totalDeductions: 5560,
    netPay: 41107,
    hasPdf: true,
    pdfPasswordProtected: false,
    employee: {
      name: 'Aditi Agarwal',
      employeeNumber: 'E001',
      designation: 'Engineer',
      department: 'Engineering',
      pan: 'ABCPA1234F',
      uan: '100200300400',
      esiNumber: null,
      bankAccount: 'XXXXXX1234',
      bankName: 'State Bank of India',
      dateOfJoining: '2024-06-10',
    },
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    daysInPeriod: 30,
    payableDays: 28,
    lopDays: 2,
    employerCost: 50267,
    tds: 1560,
    taxRegime: 1,
    holdKind: null,
    netPayInWords: 'Rupees Forty-One Thousand One Hundred Seven Only',
    lines: [
      { section: 'earning', code: 'BASIC', label: 'Basic', amount: 28000, explanation: ['Basic ₹30,000 × 28 of 30 payable days = ₹28,000'] },
      { section: 'earning', code: 'HRA', label: 'House Rent Allowance', amount: 18667, explanation: ['HRA ₹20,000 × 28 of 30 payable days = ₹18,667'] },
      { section: 'deduction', code: 'EPF', label: 'EPF (employee)', amount: 1800, explanation: ['PF wages ₹28,000 capped at ₹15,000 × 12% = ₹1,800'] },
      { section: 'deduction', code: 'PT', label: 'Professional Tax', amount: 200, explanation: [] },
      { section: 'deduction', code: 'TDS', label: 'Income tax (TDS)', amount: 1560, explanation: ['See the TDS explanation'] },
      { section: 'deduction', code: 'LOAN', label: 'Loan recovery', amount: 2000, explanation: ['One-time deduction for November 2026'] },
      { section: 'employer', code: 'EPF_ER', label: 'EPF (employer)', amount: 1800, explanation: ['EPS ₹1,250 + EPF ₹550'] },
      { section: 'employer', code: 'EDLI', label: 'EDLI and admin charges', amount: 1800, explanation: [] },
    ],
    ytd: {
      grossEarnings: 373336,
      totalDeductions: 44480,
      netPay: 328856,
      tds: 12480,
      lines: [
        { code: 'BASIC', label: 'Basic', amount: 224000 },
        { code: 'HRA', label: 'House Rent Allowance', amount: 149336 },
      ],
    },
    tdsExplanation: ['Projected salary for 2026-27: ₹5,60,000', 'Standard deduction (New regime): ₹75,000', 'Tax for the year ₹18,720 − TDS so far ₹10,920 = ₹7,800 ÷ 5 remaining months = ₹1,560'],
    ...overrides,
  };
}
