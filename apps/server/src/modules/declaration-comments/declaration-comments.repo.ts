import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { taxDeclarationComments, taxDeclarations, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

/** The declaration a comment belongs to: enough to decide who may read and write its comments. */
export async function findDeclarationOwner(tdb: TenantDb, declarationId: string) {
  const [row] = await tdb.tx
    .select({ id: taxDeclarations.id, userId: taxDeclarations.userId })
    .from(taxDeclarations)
    .where(and(eq(taxDeclarations.tenantId, tdb.tenantId), eq(taxDeclarations.id, declarationId)));
  return row;
}

export async function countByItem(tdb: TenantDb, declarationId: string, itemIds: readonly string[]): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await tdb.tx
    .select({ itemId: taxDeclarationComments.itemId, n: count() })
    .from(taxDeclarationComments)
    .where(and(eq(taxDeclarationComments.tenantId, tdb.tenantId), eq(taxDeclarationComments.declarationId, declarationId), inArray(taxDeclarationComments.itemId, [...itemIds])))
    .groupBy(taxDeclarationComments.itemId);
  return new Map(rows.map((r) => [r.itemId, r.n]));
}

const commentColumns = {
  id: taxDeclarationComments.id,
  itemId: taxDeclarationComments.itemId,
  parentCommentId: taxDeclarationComments.parentCommentId,
  comments: taxDeclarationComments.comments,
  createdBy: taxDeclarationComments.createdBy,
  isEdited: taxDeclarationComments.isEdited,
  createdAt: taxDeclarationComments.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
};
export type CommentRow = Awaited<ReturnType<typeof findComments>>[number];

export async function findComments(tdb: TenantDb, declarationId: string, itemId: string) {
  return tdb.tx
    .select(commentColumns)
    .from(taxDeclarationComments)
    .leftJoin(users, eq(users.id, taxDeclarationComments.createdBy))
    .where(and(eq(taxDeclarationComments.tenantId, tdb.tenantId), eq(taxDeclarationComments.declarationId, declarationId), eq(taxDeclarationComments.itemId, itemId)))
    .orderBy(asc(taxDeclarationComments.createdAt), asc(taxDeclarationComments.id));
}

export async function findComment(tdb: TenantDb, id: string): Promise<CommentRow & { declarationId: string } | undefined> {
  const [row] = await tdb.tx
    .select({ ...commentColumns, declarationId: taxDeclarationComments.declarationId })
    .from(taxDeclarationComments)
    .leftJoin(users, eq(users.id, taxDeclarationComments.createdBy))
    .where(and(eq(taxDeclarationComments.tenantId, tdb.tenantId), eq(taxDeclarationComments.id, id)));
  return row;
}

export async function insertComment(tdb: TenantDb, values: { declarationId: string; itemId: string; parentCommentId: string | null; comments: string; createdBy: string; at: Date }): Promise<string> {
  const [row] = await tdb.tx
    .insert(taxDeclarationComments)
    .values({ tenantId: tdb.tenantId, declarationId: values.declarationId, itemId: values.itemId, parentCommentId: values.parentCommentId, comments: values.comments, createdBy: values.createdBy, createdAt: values.at, updatedAt: values.at })
    .returning({ id: taxDeclarationComments.id });
  if (!row) throw new Error('comment not inserted');
  return row.id;
}
