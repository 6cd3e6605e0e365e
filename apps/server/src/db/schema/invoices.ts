import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../json';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';

/**
 * Sales invoices an organisation issues to its own clients (platform spec §2.1, §2.7,
 * §3). Not the plan invoices Tankha issues to organisations (subscriptions).
 */

/** Billed-by (kind 'business') and billed-to (kind 'client') parties. Deleting one on an invoice is refused. */
export const invoiceParties = pgTable(
  'invoice_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    kind: text('kind', { enum: ['business', 'client'] }).notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    /** GST state code ('29' Karnataka). */
    stateCode: text('state_code').notNull(),
    gstin: text('gstin'),
    pan: text('pan'),
    email: text('email'),
    bankName: text('bank_name'),
    accountNumber: text('account_number'),
    ifscCode: text('ifsc_code'),
    upiId: text('upi_id'),
    /** Aggregate turnover of the preceding financial year above ₹5 crore: 6-digit HSN/SAC (notification 78/2020-CT). */
    turnoverAboveFiveCrore: boolean('turnover_above_five_crore').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [tenantIsolation(), index('invoice_parties_kind_idx').on(t.tenantId, t.kind, t.name)],
);

/**
 * An invoice. Status 'draft' | 'sent' | 'paid' is stored; overdue is a sent one past its due date, worked
 * out when read. Money in paise, computed by the domain's computeInvoiceTotals when the items change and
 * stored, so lists and the analytics add stored numbers. The number is unique per organisation and financial
 * year, ignoring case (r.46(b)).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceHeader: text('invoice_header').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    /** The invoice date's financial year ('2026-27'): the number is unique within it (CGST Rules r.46(b)). */
    financialYear: text('financial_year').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['draft', 'sent', 'paid'] }).notNull().default('draft'),
    billedById: uuid('billed_by_id')
      .notNull()
      .references(() => invoiceParties.id, { onDelete: 'restrict' }),
    billedToId: uuid('billed_to_id')
      .notNull()
      .references(() => invoiceParties.id, { onDelete: 'restrict' }),
    placeOfSupply: text('place_of_supply').notNull(),
    isIntegratedTax: smallint('is_integrated_tax').notNull(),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    shippingDetails: jsonb('shipping_details'),
    terms: text('terms'),
    notes: text('notes'),
    templateType: smallint('template_type').notNull().default(1),
    templateBaseColor: text('template_base_color').notNull().default('#2563eb'),
    templateBaseBackgroundColor: text('template_base_background_color').notNull().default('#ffffff'),
    headingFontFamily: text('heading_font_family').notNull().default('Segoe UI'),
    bodyFontFamily: text('body_font_family').notNull().default('Segoe UI'),
    customizedAt: timestamp('customized_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('invoices_tenant_year_number_key').on(t.tenantId, t.financialYear, sql`lower(${t.invoiceNumber})`),
    index('invoices_list_idx').on(t.tenantId, t.invoiceDate, t.createdAt),
    index('invoices_status_idx').on(t.tenantId, t.status, t.dueDate),
  ],
);

/** An item: quantity in thousandths, rate in paise, GST in basis points; the computed amounts are stored. */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    /** HSN (goods) or SAC (services), r.46(g); null where notification 78/2020-CT lets it be left out. */
    hsnSac: text('hsn_sac'),
    /** Unique Quantity Code, r.46(i). */
    unit: text('unit'),
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    ratePaise: bigint('rate_paise', { mode: 'number' }).notNull(),
    gstRateBp: integer('gst_rate_bp').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
  },
  (t) => [tenantIsolation(), index('invoice_items_invoice_idx').on(t.tenantId, t.invoiceId, t.seq)],
);

/** The organisation's custom fields (platform spec §3): group 1 header fields, 2 terms, 3 notes. */
export const invoiceCustomFields = pgTable(
  'invoice_custom_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    groupId: smallint('group_id').notNull(),
    fieldName: text('field_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('invoice_custom_fields_name_key').on(t.tenantId, t.groupId, sql`lower(${t.fieldName})`)],
);

/** A custom field's value on one invoice (the spec's "custom field association"). */
export const invoiceCustomFieldValues = pgTable(
  'invoice_custom_field_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => invoiceCustomFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [tenantIsolation(), uniqueIndex('invoice_custom_field_values_key').on(t.tenantId, t.invoiceId, t.fieldId)],
);
