import { ErrorCode, monthLabel, type PayrollReportKind } from '@tankha/contracts';
import type { EcrFile, EsicFile, FilingIssue, LwfStateStatement, PayrollJournal, PtStateStatement } from '@tankha/domain';
import { AppError } from '../../../platform/errors';

/**
 * What a month's files are made from: the finalized run and each statement the service gathers from
 * its payslips (payroll-filings.service.ts), each worked out once and only when a format asks for it.
 */
export interface MonthFilings {
  runId: string;
  month: string;
  periodEnd: string;
  ecr(): EcrFile;
  esic(): Promise<EsicFile>;
  pt(): PtStateStatement[];
  lwf(): LwfStateStatement[];
  journal(): Promise<PayrollJournal>;
  organisationName(): Promise<string>;
}

/** Whether a month has the file, and its counts as the card shows them. */
export interface FilingStatus {
  available: boolean;
  /** Why not (nothing to file, not due, components without a ledger account). */
  reason: string | null;
  rows: number;
  errors: number;
  warnings: number;
}

/** A file made: its bytes and the control figures the payroll reports log keeps with it. */
export interface BuiltFiling {
  bytes: Buffer;
  summary: Record<string, unknown>;
}

/** One downloadable file of a format (the journal has two: XLSX and CSV). */
export interface FilingFile {
  /** The button's text: TXT, XLSX, CSV. */
  format: string;
  /** Under /PayrollRuns/:id/filings/. */
  path: string;
  contentType: string;
  fileName: (month: string) => string;
  /** Takes ?validOnly=true: leaves out the lines the portal would reject instead of refusing the file. */
  validOnly?: boolean;
  /** Refuses (409, with the reason) what cannot be filed; the service records what it returns. */
  build: (month: MonthFilings, options: { validOnly: boolean }) => Promise<BuiltFiling>;
}

/** A statutory file (or the journal) of a finalized month: one entry of the registry (formats/index.ts). */
export interface FilingFormat {
  id: string;
  /** The payroll reports log's kind for its downloads. */
  reportKind: PayrollReportKind;
  label: string;
  /** The card's second line. */
  description: string;
  /** What a row is, one and many: 'member', 'members'. */
  units: { one: string; many: string };
  /** The card opens a check of every line (GET /PayrollRuns/:id/filings/<id>) before the download. */
  check: boolean;
  status: (month: MonthFilings) => Promise<FilingStatus>;
  files: readonly [FilingFile, ...FilingFile[]];
}

export const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  text: 'text/plain; charset=us-ascii',
  csv: 'text/csv; charset=utf-8',
} as const;

/** 'ECR-Jan-2026.txt': the month as its label with a hyphen. */
export const fileMonth = (month: string): string => monthLabel(month).replace(' ', '-');

/** The 409 of a file the portal would partly reject: its message, and each line's reasons keyed by who. */
export function rejected(message: string, errors: readonly FilingIssue[]): AppError {
  const byWho: Record<string, string> = {};
  for (const e of errors) {
    const who = e.employeeNumber ? `${e.employeeNumber} ${e.name}` : e.name;
    byWho[who] = byWho[who] ? `${byWho[who]}; ${e.message}` : e.message;
  }
  return new AppError(409, ErrorCode.Conflict, message, byWho);
}
