import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../json';
import { subscriptions, tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';

/**
 * Payments for plans (DESIGN §11). A payment is captured once per provider payment id:
 * the checkout callback and the webhook may both report it, in any order.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['razorpay', 'local'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: text('status', { enum: ['captured', 'failed'] }).notNull(),
    /** The charge including GST, in paise. */
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** The service period this payment pays for. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('payments_provider_payment_key').on(t.provider, t.providerPaymentId), index('payments_subscription_idx').on(t.tenantId, t.subscriptionId)],
);

/**
 * The GST tax invoice of a captured payment: numbered in the capture's transaction (no gaps per
 * financial year), its figures stored; the PDF is rendered from them on download.
 */
export const planInvoices = pgTable(
  'plan_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** e.g. '2026-27' */
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    /** The invoice date as a calendar date in India (YYYY-MM-DD). */
    invoiceDate: text('invoice_date').notNull(),
    /** Everything printed: seller, buyer, line, tax split, words (PlanInvoiceData). */
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('plan_invoices_number_key').on(t.financialYear, t.sequence),
    uniqueIndex('plan_invoices_payment_key').on(t.paymentId),
    index('plan_invoices_subscription_idx').on(t.tenantId, t.subscriptionId, t.invoiceDate),
  ],
);

/** Where the refund of an upgrade's credit stands (planCreditNotes.refundStatus). */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;

/**
 * A GST credit note (CGST Act s.34, CGST Rules r.53) for the unused days of a plan replaced by an upgrade: its own
 * series 'TK/CN/26-27/0001' numbered without gaps per financial year, against the replaced plan's invoice; its
 * figures stored (PlanCreditNoteData). Invoices less credit notes add up to what was paid.
 */
export const planCreditNotes = pgTable(
  'plan_credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    /** The subscription credited (the replaced plan). */
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** The invoice it reduces. */
    invoiceId: uuid('invoice_id').references(() => planInvoices.id, { onDelete: 'cascade' }),
    /** The payment of the upgrade that used the credit (one credit note per such payment). */
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    creditNoteNumber: text('credit_note_number').notNull(),
    creditNoteDate: text('credit_note_date').notNull(),
    /** Credit including GST, in paise. */
    totalPaise: integer('total_paise').notNull(),
    data: jsonb('data').notNull(),
    /**
     * The credit paid back as a refund of the upgrade's payment (Razorpay charges its plan's full amount): null when
     * the credit was taken off the charge instead (the local provider); pending until the provider answers with a
     * processed refund; failed when the provider refused it on every attempt of the refund job.
     */
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }),
    /** The provider's refund id (Razorpay rfnd_…): recorded once, so the job never refunds twice. */
    refundId: text('refund_id'),
    /** The amount the provider refunded (paise), as it answered. */
    refundPaise: integer('refund_paise'),
    /** Attempts of the refund job that reached the provider, and its last refusal (for support). */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundError: text('refund_error'),
    /**
     * Which refund request of this note the job makes (decision 0303 and its update): 0 for the first; Retry refund
     * of a refund the provider accepted and then failed takes the next, so the request carries a new idempotency key.
     */
    refundGeneration: integer('refund_generation').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('plan_credit_notes_number_key').on(t.financialYear, t.sequence), uniqueIndex('plan_credit_notes_payment_key').on(t.paymentId), index('plan_credit_notes_subscription_idx').on(t.tenantId, t.subscriptionId)],
);

/**
 * Global (no tenant): the last plan-invoice number per financial year. The tenant role has no grant;
 * next_plan_invoice_number() (SECURITY DEFINER, hand-written in the migration) takes the next one
 * inside the capturing transaction, so a rollback gives the number back and numbers have no gaps.
 */
export const planInvoiceCounters = pgTable('plan_invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
}).enableRLS();

/** Global: provider webhook events already applied, by the provider's event id (replays are ignored). */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider', { enum: ['razorpay', 'local'] }).notNull(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();
