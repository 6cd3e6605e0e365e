import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';

/**
 * The income-tax declaration window and the proof-of-investment window of one organisation and
 * financial year (payroll spec §3 "IT Declaration config", "POI config"): one row per kind, created
 * by the first release and re-released after a lock. The switches that belong to one kind only are
 * false (or null) on the other. `status`: 1 Released, 0 Locked; a released window whose lock date
 * has passed is locked by the 06:00 job (and reads as locked from the day after the lock date).
 */
export const taxWindows = pgTable(
  'tax_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    /** 'declaration' (IT declaration) or 'poi' (proof of investment). */
    kind: text('kind', { enum: ['declaration', 'poi'] }).notNull(),
    /** 2025 for the financial year 2025-26. */
    financialYearStart: smallint('financial_year_start').notNull(),
    status: smallint('status').notNull(),
    /** The day of the latest release (the spec's startDate). */
    releasedOn: date('released_on', { mode: 'string' }),
    /** The last day employees may submit (the spec's endDate). */
    lockDate: date('lock_date', { mode: 'string' }).notNull(),
    allowRegimeSwitch: boolean('allow_regime_switch').notNull().default(false),
    /** IT: TDS may be modified above the calculated amount. */
    allowTdsModificationExceedCalculatedAmount: boolean('allow_tds_modification_exceed_calculated_amount').notNull().default(false),
    /** POI switches. */
    allowTdsModificationDuringPayroll: boolean('allow_tds_modification_during_payroll').notNull().default(false),
    canTdsExceedAnnualLimit: boolean('can_tds_exceed_annual_limit').notNull().default(false),
    mandateInvestmentProofAttachments: boolean('mandate_investment_proof_attachments').notNull().default(false),
    mandateReviewerComments: boolean('mandate_reviewer_comments').notNull().default(false),
    /** POI: the payroll month (1–12) from which approved proofs change TDS. */
    processPayrollFromMonth: smallint('process_payroll_from_month'),
    notifyOnRelease: boolean('notify_on_release').notNull().default(false),
    enableReminderEmails: boolean('enable_reminder_emails').notNull().default(false),
    notifyOnLock: boolean('notify_on_lock').notNull().default(false),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: uuid('released_by').references(() => users.id, { onDelete: 'set null' }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** Null with lockedAt set: locked by the schedule after the lock date. */
    lockedBy: uuid('locked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('tax_windows_tenant_kind_year_key').on(t.tenantId, t.kind, t.financialYearStart),
    // The 06:00 schedule looks for released windows across organisations.
    index('tax_windows_released_idx').on(t.status, t.lockDate),
    check('tax_windows_status_check', sql`${t.status} IN (0, 1)`),
    check('tax_windows_month_check', sql`${t.processPayrollFromMonth} IS NULL OR ${t.processPayrollFromMonth} BETWEEN 1 AND 12`),
  ],
);

/** A reminder e-mail of a window (payroll spec §3 "Reminder"): at most 4 a window, one per number of days. */
export const taxWindowReminders = pgTable(
  'tax_window_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    windowId: uuid('window_id')
      .notNull()
      .references(() => taxWindows.id, { onDelete: 'cascade' }),
    daysBeforeLockDate: smallint('days_before_lock_date').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    subject: text('subject').notNull(),
    /** Sanitised HTML (allow-list) with %Placeholders%: never stored as typed. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('tax_window_reminders_window_days_key').on(t.windowId, t.daysBeforeLockDate),
    check('tax_window_reminders_days_check', sql`${t.daysBeforeLockDate} BETWEEN 0 AND 10`),
  ],
);

/**
 * One reminder e-mail to one employee on the day it was due. The row is inserted in the transaction
 * that enqueues the e-mail, and the unique key makes a second insert (another process, a retried
 * job, the next 15-minute tick) find it and send nothing: once per reminder, employee and day.
 */
export const taxReminderDeliveries = pgTable(
  'tax_reminder_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    reminderId: uuid('reminder_id')
      .notNull()
      .references(() => taxWindowReminders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('tax_reminder_deliveries_key').on(t.reminderId, t.userId, t.dueDate)],
);

/**
 * The release and lock notices of a window (notifyOnRelease, notifyOnLock): once per event and
 * employee, the event being 'released:<instant>' or 'locked:<instant>', so a retried job sends nothing twice.
 */
export const taxWindowNotices = pgTable(
  'tax_window_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    windowId: uuid('window_id')
      .notNull()
      .references(() => taxWindows.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('tax_window_notices_key').on(t.windowId, t.userId, t.event)],
);
