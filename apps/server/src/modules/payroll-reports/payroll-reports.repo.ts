import { and, desc, eq } from 'drizzle-orm';
import { payrollReports, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export interface ReportRow {
  id: string;
  runId: string | null;
  month: string;
  kind: string;
  fileName: string;
  summary: unknown;
  generatedBy: string | null;
  generatedByName: string | null;
  generatedAt: Date;
}

export interface ReportInsert {
  runId: string | null;
  month: string;
  kind: string;
  fileName: string;
  summary: Record<string, unknown>;
  generatedBy: string | null;
  generatedAt: Date;
}

export async function insertReport(tdb: TenantDb, row: ReportInsert): Promise<string> {
  const [inserted] = await tdb.tx
    .insert(payrollReports)
    .values({ tenantId: tdb.tenantId, ...row })
    .returning({ id: payrollReports.id });
  if (!inserted) throw new Error('payroll report not inserted');
  return inserted.id;
}

/** Newest first; one month or every month. */
export async function listReports(tdb: TenantDb, month: string | undefined): Promise<ReportRow[]> {
  const where = month === undefined ? eq(payrollReports.tenantId, tdb.tenantId) : and(eq(payrollReports.tenantId, tdb.tenantId), eq(payrollReports.month, month));
  const rows = await tdb.tx
    .select({
      id: payrollReports.id,
      runId: payrollReports.runId,
      month: payrollReports.month,
      kind: payrollReports.kind,
      fileName: payrollReports.fileName,
      summary: payrollReports.summary,
      generatedBy: payrollReports.generatedBy,
      firstName: users.firstName,
      lastName: users.lastName,
      generatedAt: payrollReports.generatedAt,
    })
    .from(payrollReports)
    .leftJoin(users, eq(users.id, payrollReports.generatedBy))
    .where(where)
    .orderBy(desc(payrollReports.generatedAt));
  return rows.map(({ firstName, lastName, ...r }) => ({ ...r, generatedByName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim() }));
}
