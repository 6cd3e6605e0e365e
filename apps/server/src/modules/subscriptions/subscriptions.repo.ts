import { and, asc, desc, eq, gt, isNotNull, isNull, like, lt, lte, ne, or, sql } from 'drizzle-orm';
import { paymentWebhookEvents, payments, planCreditNotes, planInvoices, plans, subscriptions, tenants, users } from '../../db/schema';
import { queryRows, type Db } from '../../db/client';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';
import { PLAN_CATALOGUE } from './plans.catalogue';

export type PlanRow = typeof plans.$inferSelect;

/** Reference data: the catalogue is upserted at start-up, so a price change is a code review, not a SQL script. */
export async function upsertPlanCatalogue(db: Db): Promise<void> {
  for (const plan of PLAN_CATALOGUE) {
    const { code: _code, ...rest } = plan;
    await db.insert(plans).values(plan).onConflictDoUpdate({ target: plans.code, set: rest });
  }
}

/** The plan catalogue is reference data of no organisation: read on the global transaction. */
export async function findVisiblePlans({ tx }: GlobalDb): Promise<PlanRow[]> {
  return tx.select().from(plans).where(eq(plans.isVisible, true)).orderBy(asc(plans.sortOrder));
}


export async function findTrial(tdb: TenantDb) {
  const [row] = await tdb.tx
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.tenantId, tdb.tenantId), eq(subscriptions.isTrial, true)))
    .orderBy(desc(subscriptions.startAt))
    .limit(1);
  return row;
}

/* Purchase. */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export interface SubscriptionWithPlan {
  subscription: SubscriptionRow;
  plan: PlanRow;
}

export async function findPlan(tdb: TenantDb, planId: string): Promise<PlanRow | undefined> {
  const [row] = await tdb.tx.select().from(plans).where(eq(plans.id, planId)).limit(1);
  return row;
}

/** The subscription in force at `now` (the rule of db/sql/current-plan.ts): active, started, not ended, paid before trial. */
export async function findInForce(tdb: TenantDb, now: Date): Promise<SubscriptionWithPlan | undefined> {
  const [row] = await tdb.tx
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.tenantId, tdb.tenantId), eq(subscriptions.status, 'active'), lte(subscriptions.startAt, now), or(isNull(subscriptions.endAt), gt(subscriptions.endAt, now))))
    .orderBy(asc(subscriptions.isTrial), desc(subscriptions.startAt))
    .limit(1);
  return row;
}

/** The checkout left pending (platform §4), not a scheduled downgrade's new subscription waiting for its date. */
export async function findPending(tdb: TenantDb): Promise<SubscriptionWithPlan | undefined> {
  const [row] = await tdb.tx
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.tenantId, tdb.tenantId), eq(subscriptions.status, 'pending'), eq(subscriptions.scheduledReplacement, false)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/** One subscription of this organisation, locked for the rest of the transaction (captures of one subscription queue up). */
export async function findSubscriptionForUpdate(tdb: TenantDb, id: string): Promise<SubscriptionWithPlan | undefined> {
  const [row] = await tdb.tx
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.tenantId, tdb.tenantId), eq(subscriptions.id, id)))
    .for('update', { of: subscriptions })
    .limit(1);
  return row;
}

export async function findSubscriptionByProviderId(tdb: TenantDb, providerSubscriptionId: string): Promise<SubscriptionWithPlan | undefined> {
  const [row] = await tdb.tx
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.tenantId, tdb.tenantId), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .limit(1);
  return row;
}

export async function insertSubscriptionRow(tdb: TenantDb, values: Omit<typeof subscriptions.$inferInsert, 'tenantId'>): Promise<SubscriptionRow> {
  const [row] = await tdb.tx.insert(subscriptions).values({ ...values, tenantId: tdb.tenantId }).returning();
  if (!row) throw new Error('subscription insert returned no row');
  return row;
}

export async function updateSubscription(tdb: TenantDb, id: string, set: Partial<typeof subscriptions.$inferInsert>): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await tdb.tx.update(subscriptions).set(set).where(and(eq(subscriptions.tenantId, tdb.tenantId), eq(subscriptions.id, id)));
}

/**
 * Pending checkouts are overridden by a new one (platform §4 "Pending check"). The new subscription of a scheduled
 * downgrade is no checkout: it waits for its change date (and is dropped with its change, dropScheduledReplacement).
 */
export async function cancelPendingExcept(tdb: TenantDb, keepId: string): Promise<void> {
  await tdb.tx
    .update(subscriptions)
    .set({ status: 'cancelled' })
    .where(and(eq(subscriptions.tenantId, tdb.tenantId), eq(subscriptions.status, 'pending'), ne(subscriptions.id, keepId), eq(subscriptions.scheduledReplacement, false)));
}

/**
 * The new subscription of a scheduled downgrade of `replacedId` that is still live (pending authorisation or its first
 * charge, halted at the change date unpaid, or active), locked; undefined when there is none.
 */
export async function findScheduledReplacement(tdb: TenantDb, replacedId: string): Promise<SubscriptionWithPlan | undefined> {
  const [row] = await tdb.tx
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.tenantId, tdb.tenantId), eq(subscriptions.replacesSubscriptionId, replacedId), eq(subscriptions.scheduledReplacement, true), ne(subscriptions.status, 'cancelled'), ne(subscriptions.status, 'expired')))
    .orderBy(desc(subscriptions.createdAt))
    .for('update', { of: subscriptions })
    .limit(1);
  return row;
}

/** A paid or free plan replaces the trial: it ends now. */
export async function endActiveTrials(tdb: TenantDb, at: Date): Promise<void> {
  await tdb.tx
    .update(subscriptions)
    .set({ status: 'expired', endAt: at })
    .where(and(eq(subscriptions.tenantId, tdb.tenantId), eq(subscriptions.isTrial, true), eq(subscriptions.status, 'active')));
}

export async function listSubscriptions(tdb: TenantDb): Promise<(SubscriptionWithPlan & { invoices: number })[]> {
  const rows = await tdb.tx
    .select({ subscription: subscriptions, plan: plans, invoices: sql<number>`(SELECT count(*)::int FROM plan_invoices i WHERE i.subscription_id = ${subscriptions.id})` })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.tenantId, tdb.tenantId))
    .orderBy(desc(subscriptions.createdAt));
  return rows.map((r) => ({ ...r, invoices: Number(r.invoices) }));
}

export interface Buyer {
  name: string;
  legalName: string | null;
  address: string | null;
  gstNumber: string | null;
}

export async function findBuyer(tdb: TenantDb): Promise<Buyer> {
  const [row] = await tdb.tx
    .select({ name: tenants.name, legalName: tenants.legalCompanyName, address: tenants.address, gstNumber: tenants.gstNumber })
    .from(tenants)
    .where(eq(tenants.id, tdb.tenantId))
    .limit(1);
  if (!row) throw new Error('organisation not found');
  return row;
}

export async function findPayer(tdb: TenantDb, userId: string): Promise<{ name: string; email: string; contact: string }> {
  const [row] = await tdb.tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phoneNumber })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)))
    .limit(1);
  return { name: row ? `${row.firstName} ${row.lastName}`.trim() : '', email: row?.email ?? '', contact: row?.phone ?? '' };
}

/** A captured payment, once per provider payment id; undefined when it was already recorded. */
export async function insertPayment(tdb: TenantDb, values: Omit<typeof payments.$inferInsert, 'tenantId'>): Promise<string | undefined> {
  const [row] = await tdb.tx
    .insert(payments)
    .values({ ...values, tenantId: tdb.tenantId })
    .onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId] })
    .returning({ id: payments.id });
  return row?.id;
}

/** The next plan-invoice number of the year, inside the capturing transaction. */
export async function nextInvoiceNumber(tdb: TenantDb, financialYear: string): Promise<number> {
  // raw SQL: a call of the SECURITY DEFINER counter of migration 0030 (the counter table is global, with no grant to the tenant role).
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`SELECT next_plan_invoice_number(${financialYear}) AS n`);
  if (!row) throw new Error('no invoice number');
  return Number(row.n);
}

export async function insertInvoice(tdb: TenantDb, values: Omit<typeof planInvoices.$inferInsert, 'tenantId'>): Promise<void> {
  await tdb.tx.insert(planInvoices).values({ ...values, tenantId: tdb.tenantId });
}

/** The newest invoice of a subscription dated in a month ('YYYY-MM'). */
export async function findInvoiceInMonth(tdb: TenantDb, subscriptionId: string, month: string) {
  const [row] = await tdb.tx
    .select()
    .from(planInvoices)
    .where(and(eq(planInvoices.tenantId, tdb.tenantId), eq(planInvoices.subscriptionId, subscriptionId), like(planInvoices.invoiceDate, `${month}-%`)))
    .orderBy(desc(planInvoices.invoiceDate), desc(planInvoices.sequence))
    .limit(1);
  return row;
}

/** The organisation's credit notes, oldest first (the subscriptions list shows each under its subscription). */
export async function listCreditNotes(tdb: TenantDb) {
  return tdb.tx
    .select({ id: planCreditNotes.id, subscriptionId: planCreditNotes.subscriptionId, creditNoteNumber: planCreditNotes.creditNoteNumber, creditNoteDate: planCreditNotes.creditNoteDate, totalPaise: planCreditNotes.totalPaise, data: planCreditNotes.data, refundStatus: planCreditNotes.refundStatus })
    .from(planCreditNotes)
    .where(eq(planCreditNotes.tenantId, tdb.tenantId))
    .orderBy(asc(planCreditNotes.creditNoteDate), asc(planCreditNotes.sequence));
}

export async function findCreditNote(tdb: TenantDb, id: string) {
  const [row] = await tdb.tx
    .select()
    .from(planCreditNotes)
    .where(and(eq(planCreditNotes.tenantId, tdb.tenantId), eq(planCreditNotes.id, id)))
    .limit(1);
  return row;
}

/* Across organisations (webhooks and schedules, GlobalDb: the platform's deliberately named handle). */

/** Which organisation a provider subscription belongs to: the webhook names only the provider's id. */
export async function findOwnerOfProviderSubscription({ tx }: GlobalDb, provider: 'razorpay' | 'local', providerSubscriptionId: string): Promise<{ id: string; tenantId: string } | undefined> {
  const [row] = await tx
    .select({ id: subscriptions.id, tenantId: subscriptions.tenantId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .limit(1);
  return row;
}

/**
 * Which organisation's credit note a refund webhook is about: by the refund id recorded, or (the webhook may come
 * before the refund job's commit) by the credit note number its notes carry, unique in the series.
 */
export async function findOwnerOfRefund({ tx }: GlobalDb, refund: { id: string; creditNoteNumber: string | null }): Promise<{ id: string; tenantId: string } | undefined> {
  const [row] = await tx
    .select({ id: planCreditNotes.id, tenantId: planCreditNotes.tenantId })
    .from(planCreditNotes)
    .where(refund.creditNoteNumber ? or(eq(planCreditNotes.refundId, refund.id), eq(planCreditNotes.creditNoteNumber, refund.creditNoteNumber)) : eq(planCreditNotes.refundId, refund.id))
    .limit(1);
  return row;
}

/** True when the event is new (recorded now); false for a replay. */
export async function recordWebhookEvent({ tx }: GlobalDb, provider: 'razorpay' | 'local', eventId: string, event: string): Promise<boolean> {
  const rows = await tx.insert(paymentWebhookEvents).values({ provider, eventId, event }).onConflictDoNothing().returning({ eventId: paymentWebhookEvents.eventId });
  return rows.length > 0;
}

/**
 * The schedule's bookkeeping at period ends: active subscriptions past their end become cancelled
 * (cancellation asked for, or replaced by a change at period end) or expired; checkouts left open
 * for a day are cancelled. Which plan is in force never waits for this (current-plan.ts reads the dates).
 */
export async function lapseSubscriptions({ tx }: GlobalDb, now: Date): Promise<number> {
  const ended = await tx
    .update(subscriptions)
    .set({ status: sql`CASE WHEN ${subscriptions.cancelRequestedAt} IS NOT NULL THEN 'cancelled' ELSE 'expired' END` })
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.endAt, now)))
    .returning({ id: subscriptions.id });
  const abandoned = await tx
    .update(subscriptions)
    .set({ status: 'cancelled' })
    .where(and(eq(subscriptions.status, 'pending'), eq(subscriptions.scheduledReplacement, false), lt(subscriptions.createdAt, new Date(now.getTime() - 86_400_000))))
    .returning({ id: subscriptions.id });
  return ended.length + abandoned.length;
}

/* Fair billing: credit notes and scheduled changes. */

/** The newest invoice of a subscription (the one a credit note reduces). */
export async function findLatestInvoice(tdb: TenantDb, subscriptionId: string) {
  const [row] = await tdb.tx
    .select()
    .from(planInvoices)
    .where(and(eq(planInvoices.tenantId, tdb.tenantId), eq(planInvoices.subscriptionId, subscriptionId)))
    .orderBy(desc(planInvoices.invoiceDate), desc(planInvoices.sequence))
    .limit(1);
  return row;
}

/** The next credit-note number of the year (its own series), inside the capturing transaction. */
export async function nextCreditNoteNumber(tdb: TenantDb, financialYear: string): Promise<number> {
  // raw SQL: a call of the SECURITY DEFINER counter of migration 0044 (the counter table is global).
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`SELECT next_plan_credit_note_number(${financialYear}) AS n`);
  if (!row) throw new Error('no credit note number');
  return Number(row.n);
}

export async function insertCreditNote(tdb: TenantDb, values: Omit<typeof planCreditNotes.$inferInsert, 'tenantId'>): Promise<string> {
  const [row] = await tdb.tx.insert(planCreditNotes).values({ ...values, tenantId: tdb.tenantId }).returning({ id: planCreditNotes.id });
  if (!row) throw new Error('credit note not inserted');
  return row.id;
}

/**
 * A credit note with the provider's id of the payment it refunds, locked: two runs of the refund job take turns,
 * and the second sees the refund the first recorded.
 */
export async function findCreditNoteRefundForUpdate(tdb: TenantDb, id: string) {
  const [row] = await tdb.tx
    .select({ note: planCreditNotes, providerPaymentId: payments.providerPaymentId })
    .from(planCreditNotes)
    .innerJoin(payments, eq(payments.id, planCreditNotes.paymentId))
    .where(and(eq(planCreditNotes.tenantId, tdb.tenantId), eq(planCreditNotes.id, id)))
    .for('update', { of: planCreditNotes })
    .limit(1);
  return row;
}

export async function updateCreditNoteRefund(tdb: TenantDb, id: string, set: Partial<Pick<typeof planCreditNotes.$inferInsert, 'refundStatus' | 'refundId' | 'refundPaise' | 'refundAttempts' | 'refundError' | 'refundGeneration'>>): Promise<void> {
  await tdb.tx
    .update(planCreditNotes)
    .set(set)
    .where(and(eq(planCreditNotes.tenantId, tdb.tenantId), eq(planCreditNotes.id, id)));
}

/** Active subscriptions of this organisation whose scheduled change is due at `now`. */
export async function findDueScheduledChanges(tdb: TenantDb, now: Date): Promise<string[]> {
  const rows = await tdb.tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, tdb.tenantId), eq(subscriptions.status, 'active'), isNotNull(subscriptions.scheduledPlanId), lte(subscriptions.endAt, now)));
  return rows.map((r) => r.id);
}

/** Across organisations (the period-end schedule): which organisations have a scheduled change due. */
export async function findTenantsWithDueScheduledChanges({ tx }: GlobalDb, now: Date): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ tenantId: subscriptions.tenantId })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), isNotNull(subscriptions.scheduledPlanId), lte(subscriptions.endAt, now)));
  return rows.map((r) => r.tenantId);
}
