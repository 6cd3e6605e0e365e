import type { ImportMode, ImportPreview, ImportSummary } from '@tankha/contracts';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../platform/errors';
import { withTenant, type RequestContext } from '../../platform/tenancy';
import * as repo from './people-import.repo';
import { buildTemplate, readSheet } from './people-import.sheet';
import { validateImportRows, type ImportCandidate } from './people-import.validate';

/** Creates the valid rows of a file in one transaction; provided by the employees module. */
export type ImportCreator = (ctx: RequestContext, candidates: readonly ImportCandidate[], mode: ImportMode) => Promise<ImportSummary>;

/**
 * Import Users: a template, a preview that validates every row with the employee form's rules,
 * and a commit that writes nothing unless every row is valid (docs/decisions.md, people).
 */
export class PeopleImportService {
  constructor(private readonly deps: { db: Db; create: ImportCreator }) {}

  template(format: 'csv' | 'xlsx'): Promise<Buffer> {
    return buildTemplate(format);
  }

  private async check(ctx: RequestContext, bytes: Buffer) {
    const rows = await readSheet(bytes);
    const lookups = await withTenant(this.deps.db, ctx.tenantId, (tdb) => repo.findImportLookups(tdb));
    return validateImportRows(rows, lookups);
  }

  async preview(ctx: RequestContext, bytes: Buffer): Promise<ImportPreview> {
    const { report } = await this.check(ctx, bytes);
    const invalidRows = report.filter((r) => r.errors.length > 0).length;
    return { totalRows: report.length, validRows: report.length - invalidRows, invalidRows, rows: report };
  }

  /** Re-validates the same file (the preview may be stale) and writes all rows or none. */
  async commit(ctx: RequestContext, bytes: Buffer, mode: ImportMode): Promise<ImportSummary> {
    const { report, candidates } = await this.check(ctx, bytes);
    const invalid = report.filter((r) => r.errors.length > 0);
    if (invalid.length > 0) {
      const first = invalid[0];
      throw new AppError(
        400,
        'IMPORT_INVALID',
        `Nothing was imported: ${String(invalid.length)} of ${String(report.length)} rows have errors${first ? ` (first: row ${String(first.rowNumber)})` : ''}. Fix them and upload again.`,
      );
    }
    if (candidates.length === 0) throw badRequest('The file has no employees in it.');
    return this.deps.create(ctx, candidates, mode);
  }
}
