import type { PayrollReport } from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import type { TenantScope } from '../../platform/tenancy';
import * as repo from './payroll-reports.repo';

/** One generated payroll output, as the Reports page lists it. */
export interface PayrollReportEntry {
  runId: string | null;
  /** 'YYYY-MM'. */
  month: string;
  /** register | bank | bank-return | ecr | esic | pt | lwf | journal | settlement */
  kind: string;
  fileName: string;
  /** The file's control figures: employees, total and what else the file states. */
  summary?: Record<string, unknown>;
}

/**
 * The log of payroll outputs: every download of a month's file is recorded in the same unit of
 * work that produced it, with who and when. Outputs are regenerated from the finalized payslips
 * (which never change), so the log records the act, not a copy of the bytes.
 */
export class PayrollReportService {
  constructor(private readonly deps: { clock: Clock }) {}

  /** In a request the signed-in user generated it; in a job (no ctx) nobody did. */
  async record({ db: tdb, ctx }: Pick<TenantScope, 'db'> & { ctx?: { userId: string } }, entry: PayrollReportEntry): Promise<string> {
    return repo.insertReport(tdb, {
      runId: entry.runId,
      month: entry.month,
      kind: entry.kind,
      fileName: entry.fileName,
      summary: entry.summary ?? {},
      generatedBy: ctx?.userId ?? null,
      generatedAt: this.deps.clock.now(),
    });
  }

  async list({ db: tdb }: Pick<TenantScope, 'db'>, month?: string): Promise<repo.ReportRow[]> {
    return repo.listReports(tdb, month);
  }

  /**
   * GET /PayrollReports: the log as the Reports page shows it. The control figures are read from
   * each output's summary: `employees`, and `total` (the register recorded its total as `netPay`).
   */
  async listEntries(scope: Pick<TenantScope, 'db'>, month?: string): Promise<PayrollReport[]> {
    const rows = await this.list(scope, month);
    return rows.map((r) => {
      const summary = summaryOf(r.summary);
      return {
        id: r.id,
        runId: r.runId,
        month: r.month,
        kind: r.kind,
        fileName: r.fileName,
        employees: numberOf(summary.employees),
        total: numberOf(summary.total) ?? numberOf(summary.netPay),
        summary,
        generatedBy: r.generatedBy,
        generatedByName: r.generatedByName,
        generatedAt: r.generatedAt.toISOString(),
      };
    });
  }
}

function summaryOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
