import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files, userDocuments, users } from '../../db/schema';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';

const uploader = alias(users, 'uploader');

/** The owner of documents: enough to decide who may act on them. */
export async function findUser(tdb: TenantDb, id: string) {
  const [row] = await tdb.tx
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)))
    .limit(1);
  return row;
}

const documentColumns = {
  id: userDocuments.id,
  userId: userDocuments.userId,
  documentType: userDocuments.documentType,
  createdAt: userDocuments.createdAt,
  fileId: files.id,
  storageKey: files.storageKey,
  fileName: files.originalName,
  sizeBytes: files.sizeBytes,
  mimeType: files.mimeType,
  uploaderFirstName: uploader.firstName,
  uploaderLastName: uploader.lastName,
};

export type DocumentRow = Awaited<ReturnType<typeof listForUser>>[number];

export async function listForUser(tdb: TenantDb, userId: string) {
  return tdb.tx
    .select(documentColumns)
    .from(userDocuments)
    .innerJoin(files, eq(files.id, userDocuments.fileId))
    .leftJoin(uploader, eq(uploader.id, userDocuments.uploadedBy))
    .where(and(eq(userDocuments.tenantId, tdb.tenantId), eq(userDocuments.userId, userId)))
    .orderBy(desc(userDocuments.createdAt), desc(userDocuments.id));
}

export async function findForUser(tdb: TenantDb, userId: string, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await tdb.tx
    .select(documentColumns)
    .from(userDocuments)
    .innerJoin(files, eq(files.id, userDocuments.fileId))
    .leftJoin(uploader, eq(uploader.id, userDocuments.uploadedBy))
    .where(and(eq(userDocuments.tenantId, tdb.tenantId), eq(userDocuments.userId, userId), eq(userDocuments.id, documentId)))
    .limit(1);
  return row;
}

/**
 * Serialises uploads that carry the same Idempotency-Key until the transaction ends, so a retry
 * sent while the first attempt is still running waits for it and then finds its document.
 */
export async function lockIdempotencyKey(tdb: TenantDb, key: string): Promise<void> {
  // raw SQL: an advisory lock is a function call on no table
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`user-document:${tdb.tenantId}:${key}`}, 0))`);
}

export async function findByIdempotencyKey(tdb: TenantDb, key: string): Promise<DocumentRow | undefined> {
  const [row] = await tdb.tx
    .select(documentColumns)
    .from(userDocuments)
    .innerJoin(files, eq(files.id, userDocuments.fileId))
    .leftJoin(uploader, eq(uploader.id, userDocuments.uploadedBy))
    .where(and(eq(userDocuments.tenantId, tdb.tenantId), eq(userDocuments.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** Which of these storage keys a file row names, in any organisation (the sweeper). */
export async function findKnownStorageKeys(gdb: GlobalDb, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await gdb.tx.select({ storageKey: files.storageKey }).from(files).where(inArray(files.storageKey, [...keys]));
  return new Set(rows.map((r) => r.storageKey));
}

export async function insertDocument(
  tdb: TenantDb,
  input: {
    userId: string;
    documentType: number;
    uploadedBy: string;
    storageKey: string;
    mimeType: string;
    sizeBytes: number;
    sha256: string;
    originalName: string;
    idempotencyKey: string | null;
    at: Date;
  },
): Promise<string> {
  const [file] = await tdb.tx
    .insert(files)
    .values({ tenantId: tdb.tenantId, storageKey: input.storageKey, kind: 'user-document', mimeType: input.mimeType, sizeBytes: input.sizeBytes, sha256: input.sha256, originalName: input.originalName, createdAt: input.at })
    .returning({ id: files.id });
  if (!file) throw new Error('file row not inserted');
  const [doc] = await tdb.tx
    .insert(userDocuments)
    .values({ tenantId: tdb.tenantId, userId: input.userId, documentType: input.documentType, fileId: file.id, uploadedBy: input.uploadedBy, idempotencyKey: input.idempotencyKey, createdAt: input.at })
    .returning({ id: userDocuments.id });
  if (!doc) throw new Error('document row not inserted');
  return doc.id;
}

/** Removes the document and its file row (the stored bytes are removed by the caller after commit). */
export async function deleteDocument(tdb: TenantDb, documentId: string, fileId: string): Promise<void> {
  await tdb.tx.delete(userDocuments).where(and(eq(userDocuments.tenantId, tdb.tenantId), eq(userDocuments.id, documentId)));
  await tdb.tx.delete(files).where(and(eq(files.tenantId, tdb.tenantId), eq(files.id, fileId)));
}
