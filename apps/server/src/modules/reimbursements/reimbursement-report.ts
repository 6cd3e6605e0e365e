import ExcelJS from 'exceljs';
import { reimbursementStatusBadge, type ReimbursementRequest } from '@tankha/contracts';
import { dateInZone, formatDisplayDate } from '@tankha/domain';

/**
 * The reimbursement report (payroll spec §7 "Reports, including an xlsx export"): one sheet, row 1 the
 * headers, one row per request in the list's order. Amounts are numbers with two decimals; dates are
 * the organisation's calendar dates as text (dd MMM yyyy).
 */
export const REIMBURSEMENT_REPORT_HEADERS = ['Employee Number', 'Employee Name', 'Date', 'Type', 'Amount', 'Reason', 'Status', 'Remarks', 'Decided By', 'Paid In'] as const;

export async function buildReimbursementReportXlsx(rows: readonly ReimbursementRequest[], timeZone: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Tankha';
  const sheet = book.addWorksheet('Reimbursements', { views: [{ state: 'frozen', ySplit: 1 }] });
  [16, 28, 14, 22, 14, 40, 12, 32, 24, 12].forEach((w, i) => (sheet.getColumn(i + 1).width = w));
  const header = sheet.getRow(1);
  header.values = [...REIMBURSEMENT_REPORT_HEADERS];
  header.font = { bold: true };
  sheet.getColumn(5).numFmt = '#,##0.00';
  sheet.getColumn(1).numFmt = '@';
  rows.forEach((r, i) => {
    sheet.getRow(i + 2).values = [
      r.employeeNumber ?? '',
      r.employeeName,
      formatDisplayDate(dateInZone(new Date(r.dateCreated), timeZone)),
      r.reimbursementTypeName,
      r.amount,
      r.reason,
      reimbursementStatusBadge(r.status).label,
      r.remarks ?? '',
      r.decidedByName ?? '',
      r.paidInMonth ?? '',
    ];
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
