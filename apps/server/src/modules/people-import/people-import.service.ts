import type { ImportMode, ImportPreview, ImportSummary } from '@tankha/contracts';
import { dateInZone } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest, unwrap, type Settled } from '../../platform/errors';
import type { Scope } from '../../platform/tenancy';
import type { EmployeeService } from '../employees/employees.service';
import * as repo from './people-import.repo';
import { buildTemplate, readSheet, type SheetRow } from './people-import.sheet';
import { validateImportRows } from './people-import.validate';

/**
 * Import Users: a template, a preview that validates every row with the employee form's rules,
 * and a commit that writes nothing unless every row is valid (docs/decisions/, people).
 */
export class PeopleImportService {
  /** The employees module creates the valid rows, in the request's one transaction. */
  constructor(private readonly deps: { clock: Clock; employees: Pick<EmployeeService, 'createImported'> }) {}

  template(format: 'csv' | 'xlsx'): Promise<Buffer> {
    return buildTemplate(format);
  }

  /** The file's rows, read before the request's unit of work opens (CSV or XLSX by content, within the limits). */
  readFile(bytes: Buffer): Promise<SheetRow[]> {
    return readSheet(bytes);
  }

  private async check({ db: tdb, ctx }: Scope, sheet: Settled<SheetRow[]>) {
    const rows = unwrap(sheet);
    const lookups = await repo.findImportLookups(tdb);
    return validateImportRows(rows, lookups, dateInZone(this.deps.clock.now(), ctx.timeZone));
  }

  async preview(scope: Scope, rows: Settled<SheetRow[]>): Promise<ImportPreview> {
    const { report } = await this.check(scope, rows);
    const invalidRows = report.filter((r) => r.errors.length > 0).length;
    return { totalRows: report.length, validRows: report.length - invalidRows, invalidRows, rows: report };
  }

  /** Re-validates the same file (the preview may be stale) and writes all rows or none. */
  async commit(scope: Scope, rows: Settled<SheetRow[]>, mode: ImportMode): Promise<ImportSummary> {
    const { report, candidates } = await this.check(scope, rows);
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
    return this.deps.employees.createImported(scope, candidates, mode);
  }
}
