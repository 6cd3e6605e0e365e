import { and, asc, count, desc, eq, inArray, lt, ne, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PartyKind, ShippingDetails, StoredInvoiceStatus } from '@tankha/contracts';
import { invoiceCustomFields, invoiceCustomFieldValues, invoiceItems, invoiceParties, invoices } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

// ------------------------------------------------------------------------------------------ parties

export type PartyRow = typeof invoiceParties.$inferSelect;
export interface PartyWrite {
  name: string;
  address: string;
  stateCode: string;
  gstin: string | null;
  pan: string | null;
  email: string | null;
  bankName: string | null;
  accountNumber: string | null;
  ifscCode: string | null;
  upiId: string | null;
  turnoverAboveFiveCrore: boolean;
}

export async function listParties(tdb: TenantDb, kind: PartyKind, q: { search: string | null; limit: number; offset: number }): Promise<{ rows: PartyRow[]; total: number }> {
  const where = and(
    eq(invoiceParties.tenantId, tdb.tenantId),
    eq(invoiceParties.kind, kind),
    q.search ? sql`(${invoiceParties.name} ILIKE ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} OR ${invoiceParties.gstin} ILIKE ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})` : undefined,
  );
  const rows = await tdb.tx.select().from(invoiceParties).where(where).orderBy(asc(sql`lower(${invoiceParties.name})`), asc(invoiceParties.id)).limit(q.limit).offset(q.offset);
  const [total] = await tdb.tx.select({ n: count() }).from(invoiceParties).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findParty(tdb: TenantDb, kind: PartyKind, id: string): Promise<PartyRow | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(invoiceParties)
    .where(and(eq(invoiceParties.tenantId, tdb.tenantId), eq(invoiceParties.kind, kind), eq(invoiceParties.id, id)))
    .limit(1);
  return row;
}

export async function insertParty(tdb: TenantDb, kind: PartyKind, write: PartyWrite, createdBy: string): Promise<string> {
  const [row] = await tdb.tx
    .insert(invoiceParties)
    .values({ tenantId: tdb.tenantId, kind, ...write, createdBy })
    .returning({ id: invoiceParties.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateParty(tdb: TenantDb, id: string, write: PartyWrite, at: Date): Promise<void> {
  await tdb.tx
    .update(invoiceParties)
    .set({ ...write, updatedAt: at })
    .where(and(eq(invoiceParties.tenantId, tdb.tenantId), eq(invoiceParties.id, id)));
}

export async function isPartyOnInvoices(tdb: TenantDb, id: string): Promise<boolean> {
  const [row] = await tdb.tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tdb.tenantId), sql`(${invoices.billedById} = ${id} OR ${invoices.billedToId} = ${id})`))
    .limit(1);
  return row !== undefined;
}

export async function deleteParty(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(invoiceParties).where(and(eq(invoiceParties.tenantId, tdb.tenantId), eq(invoiceParties.id, id)));
}

// ------------------------------------------------------------------------------------------ invoices

export type InvoiceRow = typeof invoices.$inferSelect;
export type ItemRow = typeof invoiceItems.$inferSelect;

export interface InvoiceWrite {
  invoiceNumber: string;
  invoiceHeader: string;
  invoiceDate: string;
  financialYear: string;
  dueDate: string;
  billedById: string;
  billedToId: string;
  placeOfSupply: string;
  isIntegratedTax: number;
  subtotalPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  shippingDetails: ShippingDetails | null;
  terms: string | null;
  notes: string | null;
}
export interface ItemWrite {
  id?: string | undefined;
  seq: number;
  name: string;
  hsnSac: string | null;
  unit: string | null;
  quantityMilli: number;
  ratePaise: number;
  gstRateBp: number;
  amountPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}
export interface Customization {
  templateType: number;
  templateBaseColor: string;
  templateBaseBackgroundColor: string;
  headingFontFamily: string;
  bodyFontFamily: string;
}

/** Overdue: sent and past its due date (`today` in the organisation's zone). */
function statusCondition(status: string, today: string): SQL | undefined {
  switch (status) {
    case 'overdue':
      return and(eq(invoices.status, 'sent'), lt(invoices.dueDate, today));
    case 'sent':
      return and(eq(invoices.status, 'sent'), sql`${invoices.dueDate} >= ${today}`);
    case 'draft':
    case 'paid':
      return eq(invoices.status, status);
    default:
      return undefined;
  }
}

const business = alias(invoiceParties, 'business');
const client = alias(invoiceParties, 'client');

export async function listInvoices(tdb: TenantDb, q: { status: string | undefined; today: string; limit: number; offset: number }) {
  const where = and(eq(invoices.tenantId, tdb.tenantId), q.status ? statusCondition(q.status, q.today) : undefined);
  const rows = await tdb.tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceDate: invoices.invoiceDate,
      dueDate: invoices.dueDate,
      status: invoices.status,
      totalPaise: invoices.totalPaise,
      taxPaise: sql<number>`(${invoices.cgstPaise} + ${invoices.sgstPaise} + ${invoices.igstPaise})`.mapWith(Number),
      placeOfSupply: invoices.placeOfSupply,
      businessName: business.name,
      clientName: client.name,
      clientGstin: client.gstin,
    })
    .from(invoices)
    .innerJoin(business, eq(business.id, invoices.billedById))
    .innerJoin(client, eq(client.id, invoices.billedToId))
    .where(where)
    .orderBy(desc(invoices.invoiceDate), desc(invoices.createdAt), asc(invoices.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await tdb.tx.select({ n: count() }).from(invoices).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function analytics(tdb: TenantDb, today: string) {
  const card = async (condition: SQL | undefined) => {
    const [row] = await tdb.tx
      .select({ n: count(), amount: sum(invoices.totalPaise) })
      .from(invoices)
      .where(and(eq(invoices.tenantId, tdb.tenantId), condition));
    return { count: row?.n ?? 0, amountPaise: Number(row?.amount ?? 0) };
  };
  return {
    total: await card(ne(invoices.status, 'draft')),
    paid: await card(eq(invoices.status, 'paid')),
    due: await card(statusCondition('sent', today)),
    overdue: await card(statusCondition('overdue', today)),
  };
}

export async function findInvoice(tdb: TenantDb, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tdb.tenantId), eq(invoices.id, id)))
    .limit(1);
  return row;
}

export async function findItems(tdb: TenantDb, invoiceId: string): Promise<ItemRow[]> {
  return tdb.tx
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.tenantId, tdb.tenantId), eq(invoiceItems.invoiceId, invoiceId)))
    .orderBy(asc(invoiceItems.seq));
}

export async function findItem(tdb: TenantDb, id: string): Promise<ItemRow | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.tenantId, tdb.tenantId), eq(invoiceItems.id, id)))
    .limit(1);
  return row;
}

/** The invoice with this number (ignoring case) in the financial year, other than `exceptId` (r.46(b)). */
export async function findByNumber(tdb: TenantDb, invoiceNumber: string, financialYear: string, exceptId?: string): Promise<{ id: string } | undefined> {
  const [row] = await tdb.tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tdb.tenantId),
        eq(invoices.financialYear, financialYear),
        eq(sql`lower(${invoices.invoiceNumber})`, invoiceNumber.toLowerCase()),
        exceptId ? ne(invoices.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** The style of the organisation's most recently customized invoice: the default for a new one. */
export async function latestCustomization(tdb: TenantDb): Promise<Customization | undefined> {
  const [row] = await tdb.tx
    .select({
      templateType: invoices.templateType,
      templateBaseColor: invoices.templateBaseColor,
      templateBaseBackgroundColor: invoices.templateBaseBackgroundColor,
      headingFontFamily: invoices.headingFontFamily,
      bodyFontFamily: invoices.bodyFontFamily,
    })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tdb.tenantId), sql`${invoices.customizedAt} IS NOT NULL`))
    .orderBy(desc(invoices.customizedAt))
    .limit(1);
  return row;
}

/** Null when the number is taken (the unique index, ignoring case). */
export async function insertInvoice(tdb: TenantDb, write: InvoiceWrite, customization: Customization, createdBy: string): Promise<string | null> {
  const [row] = await tdb.tx
    .insert(invoices)
    .values({ tenantId: tdb.tenantId, ...write, ...customization, createdBy })
    .onConflictDoNothing()
    .returning({ id: invoices.id });
  return row?.id ?? null;
}

export async function updateInvoice(tdb: TenantDb, id: string, write: InvoiceWrite, at: Date): Promise<void> {
  await tdb.tx
    .update(invoices)
    .set({ ...write, updatedAt: at })
    .where(and(eq(invoices.tenantId, tdb.tenantId), eq(invoices.id, id)));
}

export async function setTotals(tdb: TenantDb, id: string, totals: Pick<InvoiceWrite, 'subtotalPaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise'>, at: Date): Promise<void> {
  await tdb.tx
    .update(invoices)
    .set({ ...totals, updatedAt: at })
    .where(and(eq(invoices.tenantId, tdb.tenantId), eq(invoices.id, id)));
}

export async function setStatus(tdb: TenantDb, id: string, status: StoredInvoiceStatus, stamps: { sentAt: Date | null; paidAt: Date | null }, at: Date): Promise<void> {
  await tdb.tx
    .update(invoices)
    .set({ status, ...stamps, updatedAt: at })
    .where(and(eq(invoices.tenantId, tdb.tenantId), eq(invoices.id, id)));
}

export async function setCustomization(tdb: TenantDb, id: string, c: Customization & { terms: string | null; notes: string | null }, at: Date): Promise<void> {
  await tdb.tx
    .update(invoices)
    .set({ ...c, customizedAt: at, updatedAt: at })
    .where(and(eq(invoices.tenantId, tdb.tenantId), eq(invoices.id, id)));
}

export async function deleteInvoice(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(invoices).where(and(eq(invoices.tenantId, tdb.tenantId), eq(invoices.id, id)));
}

/** Replaces the items: kept ones (by id) are updated, the rest deleted, new ones inserted. */
export async function replaceItems(tdb: TenantDb, invoiceId: string, items: readonly ItemWrite[]): Promise<void> {
  const keep = items.flatMap((i) => (i.id ? [i.id] : []));
  await tdb.tx
    .delete(invoiceItems)
    .where(and(eq(invoiceItems.tenantId, tdb.tenantId), eq(invoiceItems.invoiceId, invoiceId), keep.length ? sql`${invoiceItems.id} NOT IN (${sql.join(keep.map((k) => sql`${k}`), sql`, `)})` : undefined));
  for (const item of items.filter((i) => i.id)) {
    const { id, ...rest } = item;
    await tdb.tx
      .update(invoiceItems)
      .set(rest)
      .where(and(eq(invoiceItems.tenantId, tdb.tenantId), eq(invoiceItems.invoiceId, invoiceId), eq(invoiceItems.id, id ?? '')));
  }
  const fresh = items.filter((i) => !i.id).map(({ id: _id, ...rest }) => ({ tenantId: tdb.tenantId, invoiceId, ...rest }));
  if (fresh.length) await tdb.tx.insert(invoiceItems).values(fresh);
}

export async function deleteItem(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(invoiceItems).where(and(eq(invoiceItems.tenantId, tdb.tenantId), eq(invoiceItems.id, id)));
}

// ------------------------------------------------------------------------------------------ custom fields

export type FieldRow = typeof invoiceCustomFields.$inferSelect;

export async function listFields(tdb: TenantDb, groupId: number, invoiceId: string | undefined) {
  return tdb.tx
    .select({
      id: invoiceCustomFields.id,
      fieldName: invoiceCustomFields.fieldName,
      groupId: invoiceCustomFields.groupId,
      associationId: invoiceCustomFieldValues.id,
      value: invoiceCustomFieldValues.value,
    })
    .from(invoiceCustomFields)
    .leftJoin(
      invoiceCustomFieldValues,
      and(eq(invoiceCustomFieldValues.fieldId, invoiceCustomFields.id), eq(invoiceCustomFieldValues.tenantId, tdb.tenantId), invoiceId ? eq(invoiceCustomFieldValues.invoiceId, invoiceId) : sql`false`),
    )
    .where(and(eq(invoiceCustomFields.tenantId, tdb.tenantId), eq(invoiceCustomFields.groupId, groupId)))
    .orderBy(asc(invoiceCustomFields.createdAt), asc(invoiceCustomFields.id));
}

export async function findField(tdb: TenantDb, id: string): Promise<FieldRow | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(invoiceCustomFields)
    .where(and(eq(invoiceCustomFields.tenantId, tdb.tenantId), eq(invoiceCustomFields.id, id)))
    .limit(1);
  return row;
}

export async function findFieldByName(tdb: TenantDb, groupId: number, fieldName: string): Promise<{ id: string } | undefined> {
  const [row] = await tdb.tx
    .select({ id: invoiceCustomFields.id })
    .from(invoiceCustomFields)
    .where(and(eq(invoiceCustomFields.tenantId, tdb.tenantId), eq(invoiceCustomFields.groupId, groupId), eq(sql`lower(${invoiceCustomFields.fieldName})`, fieldName.toLowerCase())))
    .limit(1);
  return row;
}

export async function insertField(tdb: TenantDb, groupId: number, fieldName: string): Promise<string | null> {
  const [row] = await tdb.tx.insert(invoiceCustomFields).values({ tenantId: tdb.tenantId, groupId, fieldName }).onConflictDoNothing().returning({ id: invoiceCustomFields.id });
  return row?.id ?? null;
}

export async function renameField(tdb: TenantDb, id: string, fieldName: string): Promise<void> {
  await tdb.tx
    .update(invoiceCustomFields)
    .set({ fieldName })
    .where(and(eq(invoiceCustomFields.tenantId, tdb.tenantId), eq(invoiceCustomFields.id, id)));
}

export async function deleteField(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(invoiceCustomFields).where(and(eq(invoiceCustomFields.tenantId, tdb.tenantId), eq(invoiceCustomFields.id, id)));
}

export async function invoiceFieldValues(tdb: TenantDb, invoiceIds: readonly string[]) {
  if (!invoiceIds.length) return [];
  return tdb.tx
    .select({
      associationId: invoiceCustomFieldValues.id,
      invoiceId: invoiceCustomFieldValues.invoiceId,
      fieldId: invoiceCustomFields.id,
      fieldName: invoiceCustomFields.fieldName,
      groupId: invoiceCustomFields.groupId,
      value: invoiceCustomFieldValues.value,
    })
    .from(invoiceCustomFieldValues)
    .innerJoin(invoiceCustomFields, eq(invoiceCustomFields.id, invoiceCustomFieldValues.fieldId))
    .where(and(eq(invoiceCustomFieldValues.tenantId, tdb.tenantId), inArray(invoiceCustomFieldValues.invoiceId, [...invoiceIds])))
    .orderBy(asc(invoiceCustomFields.groupId), asc(invoiceCustomFields.createdAt));
}

export async function upsertFieldValue(tdb: TenantDb, invoiceId: string, fieldId: string, value: string): Promise<string> {
  const [row] = await tdb.tx
    .insert(invoiceCustomFieldValues)
    .values({ tenantId: tdb.tenantId, invoiceId, fieldId, value })
    .onConflictDoUpdate({ target: [invoiceCustomFieldValues.tenantId, invoiceCustomFieldValues.invoiceId, invoiceCustomFieldValues.fieldId], set: { value } })
    .returning({ id: invoiceCustomFieldValues.id });
  if (!row) throw new Error('upsert returned no row');
  return row.id;
}

/** False when no such value exists on that invoice. */
export async function deleteFieldValue(tdb: TenantDb, associationId: string, invoiceId: string): Promise<boolean> {
  const rows = await tdb.tx
    .delete(invoiceCustomFieldValues)
    .where(and(eq(invoiceCustomFieldValues.tenantId, tdb.tenantId), eq(invoiceCustomFieldValues.id, associationId), eq(invoiceCustomFieldValues.invoiceId, invoiceId)))
    .returning({ id: invoiceCustomFieldValues.id });
  return rows.length > 0;
}
