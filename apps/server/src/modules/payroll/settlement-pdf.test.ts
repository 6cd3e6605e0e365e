import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { ExitSettlement } from '@tankha/contracts';
import { computeSettlement } from '@tankha/domain';
import { renderSettlementPdf, settlementFileName } from './settlement-pdf';

/** The statement of the worked example in compute-settlement.test.ts (resignation after 7 years 7 months). */
function statement(status: ExitSettlement['status']): ExitSettlement {
  const r = computeSettlement({
    dateOfJoining: '2019-04-01',
    lastWorkingDay: '2026-10-31',
    reason: 'resignation',
    monthlyBasicPaise: 40_000_00,
    monthlyDaPaise: 0,
    monthlyGrossPaise: 80_000_00,
    notice: { requiredDays: 60, servedDays: 45 },
    leave: [{ code: 'EL', name: 'Earned Leave', balanceDays: 20 }],
    pendingReimbursementsPaise: 0,
    loanBalancePaise: 10_000_00,
    tax: { enabled: true, financialYear: '2026-27', regime: 1, ageBand: 'below60', salaryForYearPaise: 5_60_000_00 },
  });
  return {
    id: 'a',
    userId: 'u',
    employeeName: 'Asha Rao',
    employeeNumber: 'E/001',
    department: 'Finance',
    designation: 'Accountant',
    dateOfJoining: '2019-04-01',
    status,
    reason: 'resignation',
    resignationDate: '2026-09-16',
    lastWorkingDay: '2026-10-31',
    noticeRequiredDays: 60,
    noticeServedDays: 45,
    remarks: null,
    servicePeriod: '7 years 7 months 0 days',
    payable: r.payablePaise / 100,
    recoveries: r.recoveriesPaise / 100,
    netPay: r.netPaise / 100,
    taxable: r.taxablePaise / 100,
    exempt: r.exemptPaise / 100,
    tds: r.tdsPaise / 100,
    lines: r.lines.map((l) => ({ code: l.code, section: l.section, label: l.label, amount: l.amountPaise / 100, explanation: l.explanation })),
    finalSalaryNote: 'The salary for 01 Oct 2026 to 31 Oct 2026 is paid in the October 2026 payroll run.',
    computedAt: '2026-11-01T05:00:00.000Z',
    approvedAt: status === 'draft' ? null : '2026-11-01T06:00:00.000Z',
    approvedByName: status === 'draft' ? null : 'Anita Rao',
    settledOn: status === 'settled' ? '2026-11-02' : null,
    paymentReference: status === 'settled' ? 'UTR991' : null,
  };
}

const textOf = async (pdf: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, ' ');

describe('the settlement statement PDF', () => {
  it('prints every line with its explanation, the net amount in figures and words, and the payment', async () => {
    const text = await textOf(await renderSettlementPdf(statement('settled'), { name: 'Nilgiri Software Pvt Ltd', address: '12 MG Road, Bengaluru' }));
    for (const expected of [
      'FULL AND FINAL SETTLEMENT',
      'Nilgiri Software Pvt Ltd',
      'Gratuity',
      '₹1,84,615.00',
      '15/26 × last drawn wages ₹40,000 × 8 years = ₹1,84,615',
      'Leave encashment',
      '₹26,667.00',
      'Notice period shortfall recovery',
      '₹40,000.00',
      'Loan and advance balance',
      'Income Tax (TDS)',
      // 2,11,282 payable − 50,000 recovered.
      'Net amount payable to the employee',
      '₹1,61,282.00',
      'Rupees One Lakh Sixty One Thousand Two Hundred Eighty Two Only',
      'Paid on 02 Nov 2026, reference UTR991',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('DRAFT');
  });

  it('a draft says so; the file name is safe', async () => {
    expect(await textOf(await renderSettlementPdf(statement('draft'), { name: 'Nilgiri', address: null }))).toContain('DRAFT: not approved yet');
    expect(settlementFileName(statement('draft'))).toBe('Full-and-Final-Settlement-E-001-2026-10-31.pdf');
  });
});
