import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from './rls';

/*
 * Global tables (accounts, sessions, auth_tokens, outbox_emails) hold credentials and tokens: the
 * tenant role has no grant on them (grantTenantRole in db/client.ts) and, as a second lock, row-level
 * security is enabled with no policy for it, so it would see no row even if granted. Platform code
 * reads them as the owning connecting role (docs/decisions/0037-row-level-security-in-the-schema.md).
 */

/** Global identities: one per e-mail address, across tenants (a person may belong to several). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    lastTenantId: uuid('last_tenant_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_email_key').on(t.email)],
).enableRLS();

export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    address: text('address'),
    pan: text('pan'),
    tan: text('tan'),
    gstNumber: text('gst_number'),
    cinNumber: text('cin_number'),
    llpinNumber: text('llpin_number'),
    businessType: text('business_type'),
    legalCompanyName: text('legal_company_name'),
    industry: text('industry'),
    teamSize: text('team_size'),
    logoKey: text('logo_key'),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    isEmailEnabled: boolean('is_email_enabled').notNull().default(true),
    orgDetailsCompletedAt: timestamp('org_details_completed_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantIsolation('id')],
);

/** The tenant_id column of a tenant-owned table; pair it with tenantIsolation() in the table's extras. */
export function tenantIdColumn() {
  return uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
}

/** Organisation working-time settings set by the wizard (platform §7.3, §7.4). */
export const tenantSettings = pgTable(
  'tenant_settings',
  {
    tenantId: tenantIdColumn().primaryKey(),
    workingHours: smallint('working_hours').notNull(),
    weekDaysOff: text('week_days_off')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantIsolation()],
);

/**
 * A signed-in session. The JWT carries its id; every request checks it here, so logout,
 * deactivation and deletion take effect at once (DESIGN §3).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_account_idx').on(t.accountId)],
).enableRLS();

/** One-time links: e-mail verification, password reset, invitation. Only a hash is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password', 'invite'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_account_idx').on(t.accountId, t.purpose)],
).enableRLS();

/** Reference data, not secret: the tenant role may read it (SELECT only, grantTenantRole in db/client.ts). */
export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  isFree: boolean('is_free').notNull(),
  isVisible: boolean('is_visible').notNull().default(true),
  isTrial: boolean('is_trial').notNull().default(false),
  monthlyPricePerUser: integer('monthly_price_per_user').notNull(),
  yearlyPricePerUser: integer('yearly_price_per_user').notNull(),
  maxUsers: integer('max_users'),
  features: text('features').array().notNull(),
  featureKeys: text('feature_keys').array().notNull(),
  sortOrder: smallint('sort_order').notNull(),
  isMostPopular: boolean('is_most_popular').notNull().default(false),
  offerDiscountPercent: integer('offer_discount_percent'),
  razorpayOfferId: text('razorpay_offer_id'),
  razorpayPlanId: text('razorpay_plan_id'),
  razorpayYearlyPlanId: text('razorpay_yearly_plan_id'),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: ['active', 'pending', 'cancelled', 'expired', 'halted'] }).notNull(),
    isTrial: boolean('is_trial').notNull().default(false),
    billingType: text('billing_type', { enum: ['monthly', 'yearly'] }),
    quantity: integer('quantity').notNull().default(1),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Purchase: the payment provider that bills it ('razorpay' or 'local'); null for trials, free plans and seeds. */
    provider: text('provider', { enum: ['razorpay', 'local'] }),
    /** The provider's subscription id (razorPaySubscriptionId), stored when created: verification uses this, never the callback's. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** Billing cycles the provider charges (platform §9: 100 monthly, 10 yearly). */
    totalCount: integer('total_count'),
    /** Per user per cycle after the offer, and the whole charge of a cycle, in paise (taxable value, before GST). */
    unitPricePaise: integer('unit_price_paise'),
    /** The subscription this one replaces (upgrade/downgrade), and when: 'now' or at the end of its period. */
    replacesSubscriptionId: uuid('replaces_subscription_id'),
    changeAt: text('change_at', { enum: ['now', 'cycle_end'] }),
    /** Cancellation asked for: access continues to end_at, then the schedule marks it cancelled. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    /** The provider event last applied to the status (webhooks may arrive out of order). */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    /**
     * An upgrade: the credit (before GST) for the unused days of the plan this one replaces, taken off this
     * subscription's first charge; a credit note against the replaced plan's invoice records it at capture.
     */
    creditTaxablePaise: integer('credit_taxable_paise'),
    /**
     * A downgrade waiting for the end of the paid period (end_at): the plan, cycle, users and price (before GST,
     * per user per cycle) this subscription changes to then. Applied by the period-end schedule, the renewal's
     * capture or the next read, whichever comes first; cleared by undo.
     */
    scheduledPlanId: uuid('scheduled_plan_id').references(() => plans.id),
    scheduledBillingType: text('scheduled_billing_type', { enum: ['monthly', 'yearly'] }),
    scheduledQuantity: integer('scheduled_quantity'),
    scheduledUnitPricePaise: integer('scheduled_unit_price_paise'),
    /**
     * How the customer's mandate pays, from the provider's payments: 'upi', 'card_domestic', 'card_international' or
     * the provider's method name. Razorpay updates neither a UPI nor a domestic-card subscription's plan (decision 0298),
     * so a downgrade of one is a new subscription from the change date.
     */
    mandateMethod: text('mandate_method'),
    /**
     * A subscription created at the provider for a scheduled downgrade that the provider would not apply to the current
     * one: it starts at the change date (start_at) once the customer completes its authorisation at authorisation_url.
     */
    scheduledReplacement: boolean('scheduled_replacement').notNull().default(false),
    authorisationUrl: text('authorisation_url'),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
  },
  (t) => [
    tenantIsolation(),
    index('subscriptions_tenant_idx').on(t.tenantId, t.status),
    uniqueIndex('subscriptions_provider_key').on(t.provider, t.providerSubscriptionId),
  ],
);

/** Every e-mail the product sends; in embedded mode this table is the mailbox (/dev/mailbox). */
export const outboxEmails = pgTable('outbox_emails', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id'),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  /** The sender's display name and reply address when the mail goes out for a person (a reminder from the primary contact). */
  fromName: text('from_name'),
  replyTo: text('reply_to'),
  transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();

/**
 * Secrets of this installation that every server process must share and that the environment may
 * leave unset (the local payment provider's signing secret): generated once by the first process
 * that needs one, kept here, read by the others. Global, closed to the tenant role like accounts.
 */
export const installationSecrets = pgTable('installation_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();
