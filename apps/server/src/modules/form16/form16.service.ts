import { createHash, randomUUID } from 'node:crypto';
import {
  FORM16_BULK_MAX_FILES,
  FORM16_BULK_MAX_UNPACKED_BYTES,
  FORM16_BULK_PREVIEW_MINUTES,
  FORM16_BULK_STATUS_TEXT,
  FORM16_MAX_BYTES,
  FORM16_MSG,
  Form16Type,
  can,
  form16BulkFieldsSchema,
  form16TypeLabel,
  form16UploadFieldsSchema,
  form16YearLabel,
  form16YearStart,
  type Form16BulkConfirm,
  type Form16BulkItem,
  type Form16BulkPreview,
  type Form16BulkStatus,
  type Form16Kind,
  type Form16Record,
  type Form16Stats,
  type Form16TypeId,
  type Form16User,
  type Form16UsersQuery,
} from '@tankha/contracts';
import { dateInZone, financialYearStartOf } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound, unwrap, type Settled } from '../../platform/errors';
import { sweepStored, type FileStorage } from '../../platform/files/file-storage';
import type { UploadedFile } from '../../platform/files/multipart';
import { inspectPdf, mergePdfs } from '../../platform/files/pdf';
import { ZIP_MAX_RATIO, looksLikeZip, readZipFiles } from '../../platform/files/zip';
import type { GlobalScope, RequestContext, Scope, TenantScope } from '../../platform/tenancy';
import { form16FileName, form16MergedFileName, readBulkFileName } from './form16.names';
import * as repo from './form16.repo';

const STORAGE_PREFIX = 'form16/';

/** A matched file of a bulk preview, staged under a pending name until the confirmation. */
interface Staged {
  storageKey: string;
  userId: string;
  formType: Form16TypeId;
  fileName: string;
  pan: string;
  sizeBytes: number;
  sha256: string;
  employeeName: string;
  employeeNumber: string | null;
}

/** Why the bytes cannot be a Form 16 (null: they can). */
type PdfRefusal = Exclude<Form16BulkStatus, 'matched' | 'noPan' | 'unknownPan' | 'sharedPan' | 'alreadyExists' | 'repeated'>;

/** An uploaded Form 16 file with its check, done before the request's unit of work (form16.routes.ts). */
export interface CheckedForm16File extends UploadedFile {
  refusal: PdfRefusal | null;
}

/** One PDF of a bulk upload (sent as a file or found in a ZIP), checked before the unit of work. */
export interface CheckedBulkFile {
  name: string;
  sizeBytes: number;
  /** Null when the file was over the size limit (inside a ZIP, its unpacking stopped there). */
  bytes: Buffer | null;
  refusal: PdfRefusal | null;
}

export interface PdfFile {
  bytes: Buffer;
  fileName: string;
}

function toRecord(row: repo.FormRow): Form16Record {
  return {
    id: row.id,
    employeeId: row.userId,
    formType: row.formType,
    formTypeName: form16TypeLabel(row.formType),
    financialYear: form16YearLabel(row.financialYearStart),
    dateCreated: row.createdAt.toISOString(),
    fileSize: row.sizeBytes,
    kind: row.kind as Form16Kind,
  };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const fullName = (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`.trim();

/**
 * Form 16 (payroll spec §2, §4, §5, §7, §8, §9): payroll admins (form16.manage) upload, list, delete
 * and bulk-upload everyone's forms; every employee (form16.own) reads and downloads their own.
 * PDFs are checked by content (pdf-lib must parse them), stored like every private file (pending
 * bytes promoted by 'files.stored' after the commit) and merged on request.
 */
export class Form16Service {
  constructor(private readonly deps: { clock: Clock; files: FileStorage }) {}

  private today(ctx: RequestContext): string {
    return dateInZone(this.deps.clock.now(), ctx.timeZone);
  }

  /** A year of the wire ('2023-2024') that is not after today's financial year. */
  private uploadYear(ctx: RequestContext, financialYear: string): number {
    const start = form16YearStart(financialYear);
    if (start > financialYearStartOf(this.today(ctx))) throw badRequest(FORM16_MSG.futureYear, { FinancialYear: FORM16_MSG.futureYear });
    return start;
  }

  /** A member reaches only their own forms; payroll admins anyone's. */
  private mayRead(ctx: RequestContext, userId: string): boolean {
    return ctx.userId === userId || can(ctx.roleId, 'form16.manage');
  }

  /** The management table: one page of the year's employees, each with the year's forms. */
  async users({ db: tdb }: Scope, q: Form16UsersQuery): Promise<{ data: Form16User[]; totalRecords: number }> {
    const financialYearStart = form16YearStart(q.financialYear);
    const search = q.searchText && q.searchText.length > 0 ? q.searchText : undefined;
    const page = await repo.findEmployeePage(tdb, { financialYearStart, search, pageNumber: q.pageNumber, pageSize: q.pageSize });
    const forms = await repo.findForms(tdb, { userIds: page.rows.map((r) => r.id), financialYearStart });
    return {
      data: page.rows.map((e) => ({
        id: e.id,
        firstName: e.firstName,
        lastName: e.lastName,
        employeeNumber: e.employeeNumber,
        email: e.email,
        forms: forms.filter((f) => f.userId === e.id).map(toRecord),
      })),
      totalRecords: page.total,
    };
  }

  /** Payroll spec §3 "Stats": pending = employees without any form for the year (docs/decisions/). */
  async stats({ db: tdb }: Scope, financialYear: string): Promise<Form16Stats> {
    const counts = await repo.countYear(tdb, form16YearStart(financialYear));
    return {
      financialYear,
      totalEmployees: counts.employees,
      totalForms: counts.forms,
      completionRate: counts.employees === 0 ? 0 : Math.round((counts.employeesWithForms * 100) / counts.employees),
      pendingForms: Math.max(counts.employees - counts.employeesWithForms, 0),
      partAEmployees: counts.partAEmployees,
      partBEmployees: counts.partBEmployees,
    };
  }

  /** One employee's forms, of one year or of all, newest year first. */
  async listForEmployee({ db: tdb, ctx }: Scope, employeeId: string, financialYear: string | undefined): Promise<Form16Record[]> {
    if (!this.mayRead(ctx, employeeId)) throw forbidden(FORM16_MSG.ownOnly);
    if (!(await repo.findEmployee(tdb, employeeId))) throw notFound(FORM16_MSG.employeeNotFound);
    const rows = await repo.findForms(tdb, { userIds: [employeeId], ...(financialYear ? { financialYearStart: form16YearStart(financialYear) } : {}) });
    return rows.map(toRecord);
  }

  /**
   * The upload (payroll spec §5): the three fields, then the file — chosen, not empty, at most 5 MB,
   * and a PDF by its content — and no form of the same type for the employee and year.
   */
  async upload(scope: Scope, fields: Record<string, string>, file: CheckedForm16File | null): Promise<Form16Record> {
    const { db: tdb, ctx } = scope;
    const parsed = form16UploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'body');
      const message = field === 'FinancialYear' && fields.FinancialYear ? FORM16_MSG.financialYear : FORM16_MSG.requiredFields;
      throw badRequest(message, { [field]: message });
    }
    const { EmployeeId: userId, FormType: formType, FinancialYear: financialYear } = parsed.data;
    if (!file) throw badRequest(FORM16_MSG.noFile, { File: FORM16_MSG.noFile });
    const financialYearStart = this.uploadYear(ctx, financialYear);
    const employee = await repo.findEmployee(tdb, userId);
    if (!employee) throw notFound(FORM16_MSG.employeeNotFound);
    const { refusal } = file;
    if (refusal) throw badRequest(FORM16_MSG_FOR[refusal], { File: FORM16_MSG_FOR[refusal] });
    if (await repo.formExists(tdb, userId, financialYearStart, formType)) throw conflict(FORM16_MSG.duplicate(formType));
    const id = await this.store(scope, { userId, formType, financialYearStart, bytes: file.bytes, kind: 'uploaded', originalName: form16FileName(formType, { ...employee, financialYear }) });
    const row = await repo.findForm(tdb, id);
    if (!row) throw new Error('uploaded form 16 not found');
    return toRecord(row);
  }

  /** Why the bytes cannot be a Form 16, or null: size, then a PDF by its content. */
  private async checkPdf(bytes: Buffer, truncated: boolean): Promise<PdfRefusal | null> {
    if (truncated || bytes.length > FORM16_MAX_BYTES) return 'tooLarge';
    if (bytes.length === 0) return 'empty';
    const pdf = await inspectPdf(bytes);
    if (!pdf.ok) return pdf.reason;
    return null;
  }

  /**
   * The upload's file checked (parsed as a PDF), before the request's unit of work opens: the
   * refusal is answered by `upload` where it checks the file, after the fields and the employee.
   */
  async checkUploadedFile(file: UploadedFile | null): Promise<CheckedForm16File | null> {
    return file ? { ...file, refusal: await this.checkPdf(file.bytes, file.truncated) } : null;
  }

  /**
   * Stores a checked PDF as a form: pending bytes, the rows, and 'files.stored' to promote the bytes
   * after the commit. Also the way a generated Part B is stored (kind 'generated').
   */
  async store(
    { db: tdb, ctx, enqueue }: TenantScope & { ctx: Pick<RequestContext, 'userId'> | null },
    input: { userId: string; formType: Form16TypeId; financialYearStart: number; bytes: Buffer; kind: Form16Kind; originalName: string },
  ): Promise<string> {
    const storageKey = `${STORAGE_PREFIX}${tdb.tenantId}/${randomUUID()}.pdf`;
    await this.deps.files.putPending(storageKey, input.bytes);
    try {
      const id = await repo.insertForm(tdb, {
        userId: input.userId,
        financialYearStart: input.financialYearStart,
        formType: input.formType,
        kind: input.kind,
        uploadedBy: ctx?.userId ?? null,
        storageKey,
        sizeBytes: input.bytes.length,
        sha256: sha256(input.bytes),
        originalName: input.originalName,
        at: this.deps.clock.now(),
      });
      enqueue('files.stored', { storageKey });
      return id;
    } catch (error) {
      await this.deps.files.remove(storageKey);
      if (isUniqueViolation(error)) throw conflict(FORM16_MSG.duplicate(input.formType));
      throw error;
    }
  }

  /** The form a caller may download (payroll spec §7: the download call answers the PDF's URL). */
  async downloadable({ db: tdb, ctx }: Scope, id: string): Promise<Form16Record> {
    const row = await repo.findForm(tdb, id);
    if (!row || !this.mayRead(ctx, row.userId)) throw notFound(FORM16_MSG.notFound);
    return toRecord(row);
  }

  /** The PDF under payroll spec §9's name. */
  async file({ db: tdb, ctx }: Scope, id: string): Promise<PdfFile> {
    const row = await repo.findForm(tdb, id);
    if (!row || !this.mayRead(ctx, row.userId)) throw notFound(FORM16_MSG.notFound);
    const employee = await repo.findEmployee(tdb, row.userId);
    const bytes = await this.deps.files.get(row.storageKey);
    if (!employee || !bytes) throw notFound(FORM16_MSG.notFound);
    return { bytes, fileName: form16FileName(row.formType, { ...employee, financialYear: form16YearLabel(row.financialYearStart) }) };
  }

  /** Payroll spec §4: Part A then Part B in one PDF, only when both exist (findForms orders 16A before 16B). */
  async merged({ db: tdb, ctx }: Scope, employeeId: string, financialYear: string): Promise<PdfFile> {
    if (!this.mayRead(ctx, employeeId)) throw forbidden(FORM16_MSG.ownOnly);
    const employee = await repo.findEmployee(tdb, employeeId);
    if (!employee) throw notFound(FORM16_MSG.employeeNotFound);
    const rows = await repo.findForms(tdb, { userIds: [employeeId], financialYearStart: form16YearStart(financialYear) });
    if (!rows.some((r) => r.formType === Form16Type.PartA) || !rows.some((r) => r.formType === Form16Type.PartB)) throw badRequest(FORM16_MSG.mergeNeedsTwo);
    const parts: Buffer[] = [];
    for (const row of rows) {
      const bytes = await this.deps.files.get(row.storageKey);
      if (!bytes) throw notFound(FORM16_MSG.notFound);
      parts.push(bytes);
    }
    const owner = { ...employee, financialYear };
    return { bytes: await mergePdfs(parts, `Form 16 ${financialYear} — ${fullName(employee)}`), fileName: form16MergedFileName(owner) };
  }

  /** The stored bytes go after the commit ('files.removed'). */
  async remove({ db: tdb, enqueue }: Scope, id: string): Promise<void> {
    const row = await repo.findForm(tdb, id);
    if (!row) throw notFound(FORM16_MSG.notFound);
    await repo.deleteForm(tdb, row.id, row.fileId);
    enqueue('files.removed', { storageKey: row.storageKey });
  }

  // --- Bulk upload -----------------------------------------------------------------------------

  /**
   * The files of a bulk upload, read before the request's unit of work opens: each ZIP unpacked by
   * what it really holds (platform/files/zip.ts: a file past 5 MB is listed as too large, the ZIPs
   * together stop at FORM16_BULK_MAX_UNPACKED_BYTES, a ZIP bomb is refused), then every PDF checked
   * by its content. No database: `bulkPreview` matches them.
   */
  async readBulkFiles(uploads: UploadedFile[]): Promise<CheckedBulkFile[]> {
    const entries: { name: string; sizeBytes: number; bytes: Buffer | null }[] = [];
    let unpackedBytes = 0;
    for (const upload of uploads) {
      if (looksLikeZip(upload.bytes)) {
        const files = await readZipFiles(upload.bytes, {
          maxEntries: FORM16_BULK_MAX_FILES - entries.length,
          maxEntryBytes: FORM16_MAX_BYTES,
          overEntry: 'list',
          maxTotalBytes: FORM16_BULK_MAX_UNPACKED_BYTES - unpackedBytes,
          maxRatio: ZIP_MAX_RATIO,
          // macOS resource forks and hidden files are not Form 16s.
          skip: (path) => path.startsWith('__MACOSX/') || (path.split('/').pop() ?? '').startsWith('.'),
          messages: {
            unreadable: FORM16_MSG.bulkUnreadableZip,
            tooLarge: FORM16_MSG.bulkUnpackedTooLarge,
            tooMany: FORM16_MSG.bulkTooManyFiles,
            ratio: (path) => FORM16_MSG.bulkZipBomb(path, ZIP_MAX_RATIO),
          },
        });
        for (const file of files) {
          unpackedBytes += file.sizeBytes;
          entries.push({ name: file.name, sizeBytes: file.sizeBytes, bytes: file.bytes });
        }
      } else {
        entries.push({ name: upload.filename.split(/[\\/]/).pop() ?? upload.filename, sizeBytes: upload.bytes.length, bytes: upload.bytes });
      }
      if (entries.length > FORM16_BULK_MAX_FILES) throw badRequest(FORM16_MSG.bulkTooManyFiles);
    }
    if (entries.length === 0) throw badRequest(FORM16_MSG.bulkNoFiles, { files: FORM16_MSG.bulkNoFiles });
    const checked: CheckedBulkFile[] = [];
    for (const entry of entries) checked.push({ ...entry, refusal: entry.bytes === null ? 'tooLarge' : await this.checkPdf(entry.bytes, false) });
    return checked;
  }

  /**
   * Step one of a bulk upload: every PDF (sent as files, or in one or more ZIPs) is checked and
   * matched to an employee by the PAN in its name. Only the matched files are staged, under pending
   * names; nothing is stored as a form until the confirmation. The answer lists every file.
   */
  async bulkPreview(scope: Scope, fields: Record<string, string>, files: Settled<CheckedBulkFile[]>): Promise<Form16BulkPreview> {
    const { db: tdb, ctx } = scope;
    const parsed = form16BulkFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'body');
      throw badRequest(issue?.message ?? FORM16_MSG.requiredFields, { [field]: issue?.message ?? FORM16_MSG.requiredFields });
    }
    const { FinancialYear: financialYear, FormType: fallbackType } = parsed.data;
    const financialYearStart = this.uploadYear(ctx, financialYear);
    await this.dropExpired(scope);

    const entries = unwrap(files);

    interface Checked {
      name: string;
      sizeBytes: number;
      bytes: Buffer | null;
      pan: string | null;
      formType: Form16TypeId;
      status: Form16BulkStatus;
      employee: repo.EmployeeRow | null;
    }
    const checked: Checked[] = entries.map(({ refusal, ...entry }) => {
      const { pan, formType } = readBulkFileName(entry.name, fallbackType);
      return { ...entry, pan, formType, status: refusal ?? (pan ? 'matched' : 'noPan'), employee: null };
    });
    const pans = [...new Set(checked.filter((c) => c.status === 'matched' && c.pan).map((c) => c.pan ?? ''))];
    const employees = await repo.findEmployeesByPan(tdb, pans);
    const byPan = new Map<string, repo.EmployeeRow[]>();
    for (const e of employees) {
      const key = (e.pan ?? '').toUpperCase();
      byPan.set(key, [...(byPan.get(key) ?? []), e]);
    }
    for (const c of checked.filter((x) => x.status === 'matched')) {
      const found = byPan.get(c.pan ?? '') ?? [];
      if (found.length === 0) c.status = 'unknownPan';
      else if (found.length > 1) c.status = 'sharedPan';
      else c.employee = found[0] ?? null;
    }
    const taken = await repo.findTakenForms(tdb, financialYearStart, [...new Set(checked.flatMap((c) => (c.employee ? [c.employee.id] : [])))]);
    const inThisUpload = new Set<string>();
    for (const c of checked.filter((x) => x.status === 'matched' && x.employee)) {
      const key = `${c.employee?.id ?? ''}:${String(c.formType)}`;
      if (taken.has(key)) c.status = 'alreadyExists';
      else if (inThisUpload.has(key)) c.status = 'repeated';
      else inThisUpload.add(key);
    }

    const staged: Staged[] = [];
    for (const c of checked) {
      if (c.status !== 'matched' || !c.employee || !c.bytes || !c.pan) continue;
      const storageKey = `${STORAGE_PREFIX}${tdb.tenantId}/${randomUUID()}.pdf`;
      await this.deps.files.putPending(storageKey, c.bytes);
      staged.push({ storageKey, userId: c.employee.id, formType: c.formType, fileName: c.name, pan: c.pan, sizeBytes: c.bytes.length, sha256: sha256(c.bytes), employeeName: fullName(c.employee), employeeNumber: c.employee.employeeNumber });
    }
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + FORM16_BULK_PREVIEW_MINUTES * 60_000);
    const token = staged.length > 0 ? await repo.insertBulk(tdb, { createdBy: ctx.userId, financialYearStart, items: staged, at: now, expiresAt }) : null;
    const items: Form16BulkItem[] = checked.map((c) => ({
      fileName: c.name,
      pan: c.pan,
      formType: c.formType,
      status: c.status,
      message: FORM16_BULK_STATUS_TEXT[c.status],
      sizeBytes: c.sizeBytes,
      employeeId: c.employee?.id ?? null,
      employeeName: c.employee ? fullName(c.employee) : null,
      employeeNumber: c.employee?.employeeNumber ?? null,
    }));
    return { token, financialYear, expiresAt: token ? expiresAt.toISOString() : null, matched: staged.length, mismatched: items.length - staged.length, items };
  }

  /** Step two: the staged files become forms, unless one was taken in between (then it is skipped and listed). */
  async bulkConfirm(scope: Scope, token: string): Promise<Form16BulkConfirm> {
    const { db: tdb, ctx, enqueue } = scope;
    const bulk = await repo.takeBulk(tdb, token, ctx.userId, this.deps.clock.now());
    if (!bulk) throw notFound(FORM16_MSG.bulkPreviewExpired);
    const staged = bulk.items as Staged[];
    const taken = await repo.findTakenForms(tdb, bulk.financialYearStart, [...new Set(staged.map((s) => s.userId))]);
    const present = new Set((await repo.findEmployeesByIds(tdb, [...new Set(staged.map((s) => s.userId))])).map((e) => e.id));
    const financialYear = form16YearLabel(bulk.financialYearStart);
    const stored: string[] = [];
    const skipped: Form16BulkItem[] = [];
    const at = this.deps.clock.now();
    for (const s of staged) {
      const employee = { employeeId: s.userId, employeeName: s.employeeName, employeeNumber: s.employeeNumber };
      if (!present.has(s.userId)) {
        skipped.push({ fileName: s.fileName, pan: s.pan, formType: s.formType, status: 'unknownPan', message: FORM16_BULK_STATUS_TEXT.unknownPan, sizeBytes: s.sizeBytes, ...employee });
        enqueue('files.removed', { storageKey: s.storageKey });
        continue;
      }
      if (taken.has(`${s.userId}:${String(s.formType)}`)) {
        skipped.push({ fileName: s.fileName, pan: s.pan, formType: s.formType, status: 'alreadyExists', message: FORM16_BULK_STATUS_TEXT.alreadyExists, sizeBytes: s.sizeBytes, ...employee });
        enqueue('files.removed', { storageKey: s.storageKey });
        continue;
      }
      const [firstName = '', ...rest] = s.employeeName.split(' ');
      try {
        await repo.insertForm(tdb, {
          userId: s.userId,
          financialYearStart: bulk.financialYearStart,
          formType: s.formType,
          kind: 'uploaded',
          uploadedBy: ctx.userId,
          storageKey: s.storageKey,
          sizeBytes: s.sizeBytes,
          sha256: s.sha256,
          originalName: form16FileName(s.formType, { firstName, lastName: rest.join(' '), employeeNumber: s.employeeNumber, financialYear }),
          at,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(FORM16_MSG.duplicate(s.formType));
        throw error;
      }
      stored.push(s.storageKey);
    }
    await repo.deleteBulk(tdb, bulk.id);
    if (stored.length > 0) enqueue('files.stored.batch', { storageKeys: stored });
    return { stored: stored.length, skipped };
  }

  /** Drops a preview and its staged files. */
  async bulkCancel({ db: tdb, ctx, enqueue }: Scope, token: string): Promise<void> {
    const bulk = await repo.takeBulk(tdb, token, ctx.userId, this.deps.clock.now());
    if (!bulk) throw notFound(FORM16_MSG.bulkPreviewExpired);
    for (const s of bulk.items as Staged[]) enqueue('files.removed', { storageKey: s.storageKey });
    await repo.deleteBulk(tdb, bulk.id);
  }

  private async dropExpired({ db: tdb, enqueue }: Scope): Promise<void> {
    for (const items of await repo.deleteExpiredBulk(tdb, this.deps.clock.now())) {
      for (const s of items as Staged[]) enqueue('files.removed', { storageKey: s.storageKey });
    }
  }

  /** The hourly sweep of Form 16 files (the job 'files.sweep'): also the staged files of abandoned previews. */
  sweepStoredFiles({ global }: GlobalScope): Promise<{ removed: number; promoted: number }> {
    return sweepStored(this.deps.files, STORAGE_PREFIX, this.deps.clock.now(), (keys) => repo.findKnownStorageKeys(global, keys));
  }
}

const FORM16_MSG_FOR: Record<'tooLarge' | 'empty' | 'notPdf' | 'encrypted', string> = {
  tooLarge: FORM16_MSG.tooLarge,
  empty: FORM16_MSG.empty,
  notPdf: FORM16_MSG.onlyPdf,
  encrypted: FORM16_MSG.encrypted,
};

