import { createHash, randomUUID } from 'node:crypto';
import { DOCUMENT_MSG, USER_DOCUMENT_MAX_BYTES, can, canActOn, documentTypeName, type Employee, type RoleId, type UserDocument, userDocumentUploadFieldsSchema } from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { sweepStored, type FileStorage } from '../../platform/files/file-storage';
import type { StoredDownload } from '../../platform/files/download';
import type { GlobalScope, RequestContext, Scope, TenantDb } from '../../platform/tenancy';
import { attachmentDisposition, sanitiseFileName, type DocumentUpload } from './documents.content';
import * as repo from './documents.repo';
import type { UserService } from '../users/users.service';

type Access = 'view' | 'edit';

function toDocument(row: repo.DocumentRow): UserDocument {
  const uploadedByName = row.uploaderFirstName ? `${row.uploaderFirstName} ${row.uploaderLastName ?? ''}`.trim() : null;
  return {
    id: row.id,
    documentType: row.documentType,
    documentTypeName: documentTypeName(row.documentType),
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    mimeType: row.mimeType,
    uploadedAt: row.createdAt.toISOString(),
    uploadedByName,
  };
}

/**
 * An employee's documents. Administrators and moderators manage anyone's
 * (users.documents.manage), except that a moderator only views an administrator's; every user
 * manages their own (users.documents.own, the route's permission).
 */
export class DocumentService {
  constructor(private readonly deps: { clock: Clock; files: FileStorage; users: Pick<UserService, 'profile'> }) {}

  /** Loads the owner and applies the rules; a member asking for someone else is refused before any lookup. */
  private async owner(tdb: TenantDb, ctx: RequestContext, userId: string, access: Access): Promise<{ id: string; roleId: number }> {
    const own = ctx.userId === userId;
    if (!own && !can(ctx.roleId, 'users.documents.manage')) throw forbidden();
    const target = await repo.findUser(tdb, userId);
    if (!target) throw notFound(DOCUMENT_MSG.userNotFound);
    if (!own && !canActOn({ id: ctx.userId, roleId: ctx.roleId }, { id: target.id, roleId: target.roleId as RoleId }, access)) throw forbidden();
    return target;
  }

  async list({ db: tdb, ctx }: Scope, userId: string): Promise<UserDocument[]> {
    await this.owner(tdb, ctx, userId, 'view');
    return (await repo.listForUser(tdb, userId)).map(toDocument);
  }

  /**
   * Fields are the multipart text fields (documentType); checked after who may act, then the file by
   * content (read before the unit of work: documents.content.ts readDocumentUpload). The bytes are written under a pending name and promoted by the job 'files.stored' after
   * the commit, so a crash or a failure before the commit leaves no final file and no row.
   * With an Idempotency-Key, a retry answers the document the first attempt created.
   */
  async upload({ db: tdb, ctx, enqueue }: Scope, userId: string, fields: Record<string, string>, file: DocumentUpload | null, idempotencyKey: string | null = null): Promise<UserDocument> {
    await this.owner(tdb, ctx, userId, 'edit');
    if (idempotencyKey) {
      await repo.lockIdempotencyKey(tdb, idempotencyKey);
      const first = await repo.findByIdempotencyKey(tdb, idempotencyKey);
      if (first && first.userId !== userId) throw conflict(DOCUMENT_MSG.keyReused);
      if (first) return toDocument(first);
    }
    const parsed = userDocumentUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(DOCUMENT_MSG.selectType, { documentType: DOCUMENT_MSG.selectType });
    if (!file) throw badRequest(DOCUMENT_MSG.selectFile, { file: DOCUMENT_MSG.selectFile });
    if (file.truncated || file.bytes.length > USER_DOCUMENT_MAX_BYTES) throw badRequest(DOCUMENT_MSG.tooLarge, { file: DOCUMENT_MSG.tooLarge });
    if (file.bytes.length === 0) throw badRequest(DOCUMENT_MSG.empty, { file: DOCUMENT_MSG.empty });
    const sniffed = file.content;
    if (!sniffed) throw badRequest(DOCUMENT_MSG.badType, { file: DOCUMENT_MSG.badType });

    const storageKey = `documents/${ctx.tenantId}/${randomUUID()}.${sniffed.kind}`;
    await this.deps.files.putPending(storageKey, file.bytes);
    try {
      const id = await repo.insertDocument(tdb, {
        userId,
        documentType: parsed.data.documentType,
        uploadedBy: ctx.userId,
        storageKey,
        mimeType: sniffed.mimeType,
        sizeBytes: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        originalName: sanitiseFileName(file.filename, sniffed.kind),
        idempotencyKey,
        at: this.deps.clock.now(),
      });
      const row = await repo.findForUser(tdb, userId, id);
      if (!row) throw new Error('uploaded document not found');
      enqueue('files.stored', { storageKey });
      return toDocument(row);
    } catch (error) {
      // The row will not be committed; the pending bytes go now (the sweeper would, an hour later).
      await this.deps.files.remove(storageKey);
      throw error;
    }
  }

  /** The bytes with the headers a download needs. */
  async download({ db: tdb, ctx }: Scope, userId: string, documentId: string): Promise<StoredDownload> {
    await this.owner(tdb, ctx, userId, 'view');
    const row = await repo.findForUser(tdb, userId, documentId);
    if (!row) throw notFound(DOCUMENT_MSG.notFound);
    const file = await this.deps.files.open(row.storageKey);
    if (!file) throw notFound(DOCUMENT_MSG.notFound);
    return { file, mimeType: row.mimeType, disposition: attachmentDisposition(row.fileName) };
  }

  /** The stored bytes go after the commit (the job 'files.removed'), so a rolled-back deletion keeps its file. */
  async remove({ db: tdb, ctx, enqueue }: Scope, userId: string, documentId: string): Promise<void> {
    await this.owner(tdb, ctx, userId, 'edit');
    const row = await repo.findForUser(tdb, userId, documentId);
    if (!row) throw notFound(DOCUMENT_MSG.notFound);
    await repo.deleteDocument(tdb, row.id, row.fileId);
    enqueue('files.removed', { storageKey: row.storageKey });
  }

  /** The hourly sweep of document files (the job 'files.sweep'). */
  sweepStoredFiles({ global }: GlobalScope): Promise<{ removed: number; promoted: number }> {
    return sweepStored(this.deps.files, 'documents/', this.deps.clock.now(), (keys) => repo.findKnownStorageKeys(global, keys));
  }

  /** The caller's own employee record (GET /Users/me, every role). */
  async ownProfile(scope: Scope): Promise<Employee> {
    return this.deps.users.profile(scope, scope.ctx.userId);
  }
}
