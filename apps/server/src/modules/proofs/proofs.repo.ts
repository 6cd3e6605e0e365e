import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files, taxDeclarationDeductions, taxDeclarationHomeLoans, taxDeclarationHouseRents, taxDeclarationLetOuts, taxDeclarationProofs, taxDeclarations, users } from '../../db/schema';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';

const uploader = alias(users, 'proof_uploader');

const proofColumns = {
  id: taxDeclarationProofs.id,
  declarationId: taxDeclarationProofs.declarationId,
  itemId: taxDeclarationProofs.itemId,
  documentType: taxDeclarationProofs.documentType,
  createdAt: taxDeclarationProofs.createdAt,
  fileId: files.id,
  storageKey: files.storageKey,
  fileName: files.originalName,
  sizeBytes: files.sizeBytes,
  mimeType: files.mimeType,
  uploaderFirstName: uploader.firstName,
  uploaderLastName: uploader.lastName,
};
export type ProofRow = Awaited<ReturnType<typeof findProofs>>[number];

export async function findProofs(tdb: TenantDb, declarationId: string) {
  return tdb.tx
    .select(proofColumns)
    .from(taxDeclarationProofs)
    .innerJoin(files, eq(files.id, taxDeclarationProofs.fileId))
    .leftJoin(uploader, eq(uploader.id, taxDeclarationProofs.uploadedBy))
    .where(and(eq(taxDeclarationProofs.tenantId, tdb.tenantId), eq(taxDeclarationProofs.declarationId, declarationId)))
    .orderBy(asc(taxDeclarationProofs.createdAt), asc(taxDeclarationProofs.id));
}

export async function findProof(tdb: TenantDb, proofId: string): Promise<ProofRow | undefined> {
  const [row] = await tdb.tx
    .select(proofColumns)
    .from(taxDeclarationProofs)
    .innerJoin(files, eq(files.id, taxDeclarationProofs.fileId))
    .leftJoin(uploader, eq(uploader.id, taxDeclarationProofs.uploadedBy))
    .where(and(eq(taxDeclarationProofs.tenantId, tdb.tenantId), eq(taxDeclarationProofs.id, proofId)));
  return row;
}

export async function insertProof(
  tdb: TenantDb,
  input: { declarationId: string; itemId: string; documentType: number; uploadedBy: string; storageKey: string; mimeType: string; sizeBytes: number; sha256: string; originalName: string; at: Date },
): Promise<string> {
  const [file] = await tdb.tx
    .insert(files)
    .values({ tenantId: tdb.tenantId, storageKey: input.storageKey, kind: 'poi-proof', mimeType: input.mimeType, sizeBytes: input.sizeBytes, sha256: input.sha256, originalName: input.originalName, createdAt: input.at })
    .returning({ id: files.id });
  if (!file) throw new Error('file row not inserted');
  const [proof] = await tdb.tx
    .insert(taxDeclarationProofs)
    .values({ tenantId: tdb.tenantId, declarationId: input.declarationId, itemId: input.itemId, documentType: input.documentType, fileId: file.id, uploadedBy: input.uploadedBy, createdAt: input.at })
    .returning({ id: taxDeclarationProofs.id });
  if (!proof) throw new Error('proof row not inserted');
  return proof.id;
}

/** Removes the proof and its file row (the stored bytes go after the commit). */
export async function deleteProof(tdb: TenantDb, proofId: string, fileId: string): Promise<void> {
  await tdb.tx.delete(taxDeclarationProofs).where(and(eq(taxDeclarationProofs.tenantId, tdb.tenantId), eq(taxDeclarationProofs.id, proofId)));
  await tdb.tx.delete(files).where(and(eq(files.tenantId, tdb.tenantId), eq(files.id, fileId)));
}

/** Which of these storage keys a file row names, in any organisation (the sweeper). */
export async function findKnownStorageKeys(gdb: GlobalDb, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await gdb.tx.select({ storageKey: files.storageKey }).from(files).where(inArray(files.storageKey, [...keys]));
  return new Set(rows.map((r) => r.storageKey));
}

// ---- Actual and allowed amounts on the declaration's rows ------------------------------------------

export type RowTable = 'rent' | 'letOut' | 'loan' | 'deduction';
const TABLES = { rent: taxDeclarationHouseRents, letOut: taxDeclarationLetOuts, loan: taxDeclarationHomeLoans, deduction: taxDeclarationDeductions } as const;

export type RentSet = Partial<typeof taxDeclarationHouseRents.$inferInsert>;
export type LetOutSet = Partial<typeof taxDeclarationLetOuts.$inferInsert>;
export type LoanSet = Partial<typeof taxDeclarationHomeLoans.$inferInsert>;
export type DeductionSet = Partial<typeof taxDeclarationDeductions.$inferInsert>;
export type DeclarationSet = Partial<typeof taxDeclarations.$inferInsert>;

/** Writes proof or review columns of one row of a declaration's sections. */
export async function updateRow(tdb: TenantDb, table: RowTable, declarationId: string, id: string, values: RentSet | LetOutSet | LoanSet | DeductionSet): Promise<void> {
  const t = TABLES[table] as typeof taxDeclarationDeductions;
  if (Object.keys(values).length === 0) return;
  await tdb.tx
    .update(t)
    .set(values as DeductionSet)
    .where(and(eq(t.tenantId, tdb.tenantId), eq(t.declarationId, declarationId), eq(t.id, id)));
}

export async function insertDeduction(tdb: TenantDb, declarationId: string, values: { seq: number; categoryId: number; deductionItemId: number; actualAmountPaise: number | null; isPoiSubmitted: boolean }): Promise<void> {
  await tdb.tx.insert(taxDeclarationDeductions).values({ ...values, declaredAmountPaise: 0, tenantId: tdb.tenantId, declarationId });
}

export async function updateDeclarationRow(tdb: TenantDb, id: string, values: DeclarationSet): Promise<void> {
  await tdb.tx
    .update(taxDeclarations)
    .set(values)
    .where(and(eq(taxDeclarations.tenantId, tdb.tenantId), eq(taxDeclarations.id, id)));
}

// ---- The team list ------------------------------------------------------------------------------

const submitter = alias(users, 'submitter');

/**
 * The footer's "Total Declared" of each declaration (as declarationOut adds it up): the sections
 * answered Yes, other sources, previous employment income and the deductions.
 */
const declaredPaise = sql<number>`(
  CASE WHEN ${taxDeclarations.isRentedAccommodation} THEN COALESCE((SELECT sum(r.declared_amount_paise) FROM tax_declaration_house_rents r WHERE r.declaration_id = ${taxDeclarations.id}), 0) ELSE 0 END
  + CASE WHEN ${taxDeclarations.hasLoanOnSelfOccupiedHome} THEN COALESCE((SELECT sum(l.principal_paid_paise + l.interest_paid_paise) FROM tax_declaration_home_loans l WHERE l.declaration_id = ${taxDeclarations.id} AND l.let_out_id IS NULL), 0) ELSE 0 END
  + CASE WHEN ${taxDeclarations.isLetOutProperty} THEN COALESCE((SELECT sum(p.annual_rent_received_paise) FROM tax_declaration_let_outs p WHERE p.declaration_id = ${taxDeclarations.id}), 0) ELSE 0 END
  + ${taxDeclarations.incomeOtherSourcesPaise} + ${taxDeclarations.interestFromSavingsPaise} + ${taxDeclarations.interestFromFdPaise} + ${taxDeclarations.interestFromNscPaise}
  + COALESCE((SELECT sum(x.declared_amount_paise) FROM tax_declaration_deductions x WHERE x.declaration_id = ${taxDeclarations.id}), 0)
  + ${taxDeclarations.previousEmploymentIncomePaise}
)::bigint`.mapWith(Number);

export async function findTeamPage(tdb: TenantDb, q: { financialYearStart: number; isSubmitted: boolean; status: number | null; poiSubmitted: boolean | null; search: string | null; page: number; pageSize: number }) {
  const where = and(
    eq(taxDeclarations.tenantId, tdb.tenantId),
    eq(taxDeclarations.financialYearStart, q.financialYearStart),
    eq(taxDeclarations.isSubmitted, q.isSubmitted),
    q.status === null ? undefined : eq(taxDeclarations.status, q.status),
    q.poiSubmitted === null ? undefined : eq(taxDeclarations.isPoiFormSubmitted, q.poiSubmitted),
    q.search ? sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || coalesce(${users.employeeNumber}, '')) ILIKE ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const rows = await tdb.tx
    .select({
      id: taxDeclarations.id,
      employeeId: taxDeclarations.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      employeeNumber: users.employeeNumber,
      status: taxDeclarations.status,
      submittedAt: taxDeclarations.submittedAt,
      submitterFirstName: submitter.firstName,
      submitterLastName: submitter.lastName,
      updatedAt: taxDeclarations.updatedAt,
      declaredPaise,
      financialYearStart: taxDeclarations.financialYearStart,
      isSubmitted: taxDeclarations.isSubmitted,
      isPoiFormSubmitted: taxDeclarations.isPoiFormSubmitted,
      poiStatus: taxDeclarations.poiStatus,
    })
    .from(taxDeclarations)
    .innerJoin(users, eq(users.id, taxDeclarations.userId))
    .leftJoin(submitter, eq(submitter.id, taxDeclarations.submittedBy))
    .where(where)
    .orderBy(desc(taxDeclarations.submittedAt), asc(users.firstName), asc(taxDeclarations.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await tdb.tx.select({ n: count() }).from(taxDeclarations).innerJoin(users, eq(users.id, taxDeclarations.userId)).where(where);
  const [pending] = await tdb.tx
    .select({ n: count() })
    .from(taxDeclarations)
    .where(and(eq(taxDeclarations.tenantId, tdb.tenantId), eq(taxDeclarations.financialYearStart, q.financialYearStart), eq(taxDeclarations.isSubmitted, true), eq(taxDeclarations.status, 1)));
  return { rows, total: total?.n ?? 0, pending: pending?.n ?? 0 };
}

export async function findPerson(tdb: TenantDb, userId: string) {
  const [row] = await tdb.tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, employeeNumber: users.employeeNumber, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)));
  return row;
}
