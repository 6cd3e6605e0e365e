import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { jsonb } from '../json';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { files, users } from './people';

/**
 * Form 16 documents (payroll spec §3 "Form 16 record"): one PDF per employee, financial year and
 * type (1 = Form 16A / Part A, 2 = Form 16B / Part B). `kind` says where the PDF came from:
 * 'uploaded' by a payroll administrator, or 'generated' by Tankha (Part B computed from the year's
 * payslips, a later issue), which is stored as the same record. The unique index is the spec's
 * duplicate rule: one form of each type per employee and year, whatever its kind.
 */
export const form16Documents = pgTable(
  'form16_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first calendar year of the financial year: 2024 is 2024-2025. */
    financialYearStart: smallint('financial_year_start').notNull(),
    formType: smallint('form_type').notNull(),
    kind: text('kind').notNull().default('uploaded'),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('form16_documents_one_per_type').on(t.tenantId, t.userId, t.financialYearStart, t.formType),
    index('form16_documents_year_idx').on(t.tenantId, t.financialYearStart),
    check('form16_documents_form_type', sql`${t.formType} IN (1, 2)`),
    check('form16_documents_kind', sql`${t.kind} IN ('uploaded', 'generated')`),
  ],
);

/**
 * A bulk upload between its preview and its confirmation: the files that matched an employee are
 * staged in the file store under pending names (`items[].storageKey`), nothing else is stored. The
 * confirmation turns them into form16_documents and deletes this row; an abandoned preview expires,
 * and the hourly sweeper removes its staged files (no files row names them).
 */
export const form16BulkUploads = pgTable(
  'form16_bulk_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    financialYearStart: smallint('financial_year_start').notNull(),
    /** Form16BulkStaged[] (form16.service.ts): the matched files with their staged storage keys. */
    items: jsonb('items').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [tenantIsolation(), index('form16_bulk_uploads_tenant_idx').on(t.tenantId, t.expiresAt)],
);

/**
 * Form 16 settings of an organisation, one row created on first save: the person responsible for
 * deducting tax (s.204) who signs Part B's verification and Form 12BA's declaration — name,
 * father's name, designation — and the place printed beside the date. Part B is not generated
 * until all four are set (docs/decisions/incoming-h28-form16b.md).
 */
export const form16Settings = pgTable(
  'form16_settings',
  {
    tenantId: tenantIdColumn().primaryKey(),
    responsibleName: text('responsible_name').notNull(),
    responsibleFatherName: text('responsible_father_name').notNull(),
    responsibleDesignation: text('responsible_designation').notNull(),
    place: text('place').notNull(),
    updatedBy: uuid('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantIsolation()],
);
