import ExcelJS from 'exceljs';
import { AUDIT_EXPORT_MAX_ROWS, AUDIT_MSG, type AuditEntryView, type AuditExportQuery, type AuditListQuery, type AuditMineQuery, type AuditVerify } from '@tankha/contracts';
import { verifyAuditChain } from '../../platform/audit/record';
import { badRequest } from '../../platform/errors';
import type { Scope } from '../../platform/tenancy';
import * as repo from './audit-log.repo';

const AUDIT_EXPORT_HEADERS = ['No.', 'Time (UTC)', 'Actor', 'IP address', 'User agent', 'Entity', 'Entity id', 'Action', 'Before', 'After', 'Reason'] as const;
const AUDIT_CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

function actorName(row: repo.AuditRow): string | null {
  if (row.actorFirstName !== null) return `${row.actorFirstName} ${row.actorLastName ?? ''}`.trim();
  return row.actorLabel;
}

function toView(row: repo.AuditRow): AuditEntryView {
  return {
    id: row.id,
    seq: row.seq,
    at: row.at.toISOString(),
    actorId: row.actorUserId,
    actorName: actorName(row),
    ip: row.ip,
    userAgent: row.userAgent,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}

/** A spreadsheet cell that a spreadsheet program will not run as a formula (=, +, -, @ at the start). */
function inert(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string): string {
  const safe = inert(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function exportCells(e: AuditEntryView): string[] {
  return [String(e.seq), e.at, e.actorName ?? '', e.ip ?? '', e.userAgent ?? '', e.entity, e.entityId ?? '', e.action, e.before ? JSON.stringify(e.before) : '', e.after ? JSON.stringify(e.after) : '', e.reason ?? ''];
}

/** The audit log's readers: the administrators' list and export, one's own history, the chain check. */
export class AuditLogService {
  async list({ db, ctx }: Scope, query: AuditListQuery): Promise<{ rows: AuditEntryView[]; totalRecords: number }> {
    const filters = { ...query, timeZone: ctx.timeZone };
    const totalRecords = await repo.countEntries(db, filters);
    const rows = await repo.findEntries(db, filters, query.pageSize, (query.page - 1) * query.pageSize);
    return { rows: rows.map(toView), totalRecords };
  }

  /**
   * The history of the signed-in user's own record: entries about them (entity id = their user id),
   * whoever made them. Where someone else acted, their IP address and browser are not shown.
   */
  async mine({ db, ctx }: Scope, query: AuditMineQuery): Promise<{ rows: AuditEntryView[]; totalRecords: number }> {
    const filters = { entityId: ctx.userId, timeZone: ctx.timeZone };
    const totalRecords = await repo.countEntries(db, filters);
    const rows = await repo.findEntries(db, filters, query.pageSize, (query.page - 1) * query.pageSize);
    return { rows: rows.map(toView).map((e) => (e.actorId === ctx.userId ? e : { ...e, ip: null, userAgent: null })), totalRecords };
  }

  async verify({ db }: Scope): Promise<AuditVerify> {
    return verifyAuditChain(db.tx, db.tenantId);
  }

  async export(scope: Scope, query: AuditExportQuery): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
    const filters = { ...query, timeZone: scope.ctx.timeZone };
    const total = await repo.countEntries(scope.db, filters);
    if (total > AUDIT_EXPORT_MAX_ROWS) throw badRequest(AUDIT_MSG.exportTooLarge(AUDIT_EXPORT_MAX_ROWS));
    const entries = (await repo.findEntries(scope.db, filters, AUDIT_EXPORT_MAX_ROWS, 0)).map(toView);
    const fileName = `audit-log.${query.format}`;
    if (query.format === 'csv') {
      const lines = [AUDIT_EXPORT_HEADERS.join(','), ...entries.map((e) => exportCells(e).map(csvField).join(','))];
      return { bytes: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'), contentType: AUDIT_CONTENT_TYPES.csv, fileName };
    }
    const book = new ExcelJS.Workbook();
    book.creator = 'Tankha';
    const sheet = book.addWorksheet('Audit log', { views: [{ state: 'frozen', ySplit: 1 }] });
    [8, 24, 24, 16, 30, 18, 38, 18, 50, 50, 30].forEach((w, i) => (sheet.getColumn(i + 1).width = w));
    const header = sheet.getRow(1);
    header.values = [...AUDIT_EXPORT_HEADERS];
    header.font = { bold: true };
    entries.forEach((e, i) => {
      sheet.getRow(i + 2).values = exportCells(e).map(inert);
    });
    return { bytes: Buffer.from(await book.xlsx.writeBuffer()), contentType: AUDIT_CONTENT_TYPES.xlsx, fileName };
  }
}
