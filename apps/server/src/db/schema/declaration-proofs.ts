import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { files, users } from './people';
import { taxDeclarations } from './declarations';

/**
 * Proof of investment documents (payroll spec §3 "Proof document types", §7 "Upload proof documents").
 * One row per uploaded file, attached to one item of a declaration:
 *
 *   item_id  the row's id for a rented house, a let-out property, a home loan or a catalogue deduction;
 *            the field's name ('incomeOtherSources', 'previousEmploymentIncome', …) for the amounts that
 *            live on the declaration itself (other sources, previous employment).
 *
 * The bytes are stored like every private upload: a `files` row (kind 'poi-proof') whose storage key
 * is promoted after the commit (platform/files/file-storage.ts). `document_type` is the spec's number
 * (0 none, for a deduction, … 16 NSC interest).
 */
export const taxDeclarationProofs = pgTable(
  'tax_declaration_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    declarationId: uuid('declaration_id')
      .notNull()
      .references(() => taxDeclarations.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    documentType: smallint('document_type').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    index('tax_declaration_proofs_declaration_idx').on(t.declarationId, t.itemId),
    check('tax_declaration_proofs_document_type_check', sql`${t.documentType} BETWEEN 0 AND 16`),
  ],
);

/**
 * Comments on one item of a declaration (payroll spec §3 "Item comments", §8 "Comments"): employees and
 * reviewers talk about an amount or its proof. A reply names its thread's first comment
 * (`parent_comment_id`); threads are one level deep (a reply to a reply joins the same thread).
 */
export const taxDeclarationComments = pgTable(
  'tax_declaration_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    declarationId: uuid('declaration_id')
      .notNull()
      .references(() => taxDeclarations.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    parentCommentId: uuid('parent_comment_id'),
    comments: text('comments').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    isEdited: boolean('is_edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantIsolation(),
    foreignKey({ columns: [t.parentCommentId], foreignColumns: [t.id], name: 'tax_declaration_comments_parent_fk' }).onDelete('cascade'),
    index('tax_declaration_comments_item_idx').on(t.declarationId, t.itemId, t.createdAt),
    check('tax_declaration_comments_text_check', sql`length(btrim(${t.comments})) > 0`),
  ],
);
