import { z } from 'zod';
import { monthSchema } from './dates';
import { listEnvelope } from './envelope';

/**
 * The reports log of the payroll area: every payroll output generated for a month,
 * with its control figures and who generated it when. Paths under the API prefix:
 *
 *   GET /PayrollReports?month=YYYY-MM      payrollReportListReplySchema (newest first; every month without `month`)
 */

/** The outputs the log knows; a new output adds its kind and label here. */
export const PAYROLL_REPORT_KINDS = ['register', 'bank', 'bank-return', 'ecr', 'esic', 'pt', 'lwf', 'journal', 'settlement', 'form24q'] as const;
export type PayrollReportKind = (typeof PAYROLL_REPORT_KINDS)[number];
export const PAYROLL_REPORT_KIND_LABELS: Record<PayrollReportKind, string> = {
  register: 'Payroll register',
  bank: 'Bank transfer file',
  'bank-return': 'Bank return file',
  ecr: 'EPF ECR',
  esic: 'ESIC contribution',
  pt: 'Professional tax statement',
  lwf: 'LWF statement',
  journal: 'Payroll journal',
  settlement: 'Settlement statement',
  form24q: 'Form 24Q annexures',
};

/** The label of a kind, or the kind itself for one this code does not know yet. */
export function payrollReportKindLabel(kind: string): string {
  return (PAYROLL_REPORT_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

export const payrollReportListQuerySchema = z.object({
  month: monthSchema('month must be a month (YYYY-MM)').optional(),
});

export const payrollReportSchema = z.object({
  id: z.string(),
  runId: z.string().nullable(),
  month: z.string(),
  kind: z.string(),
  fileName: z.string(),
  /** The control figures the file states: how many employees, and its total in rupees (null when it has none). */
  employees: z.number().nullable(),
  total: z.number().nullable(),
  /** Everything else the output recorded about itself (template, value date, paid and failed counts, …). */
  summary: z.record(z.string(), z.unknown()),
  generatedBy: z.string().nullable(),
  generatedByName: z.string().nullable(),
  generatedAt: z.string(),
});
export type PayrollReport = z.infer<typeof payrollReportSchema>;
export const payrollReportListReplySchema = listEnvelope(payrollReportSchema);
