import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../json';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';

/**
 * The append-only audit log of an organisation: who changed what, when, from where, with the changed
 * fields before and after (secrets masked before they get here: platform/audit/record.ts).
 *
 * Append-only, enforced by the database (migration 0043): the tenant role has INSERT and SELECT only
 * (db/client.ts TENANT_APPEND_ONLY_TABLES), and a trigger refuses UPDATE and DELETE for every role unless
 * the owner says so for its transaction (`app.audit_owner_change = 'on'`, never granted to requests).
 *
 * Tamper evidence: `seq` numbers an organisation's entries 1, 2, 3, …; `hash` is SHA-256 over the entry's
 * canonical content and `prev_hash` (the previous entry's hash, '' for the first). Writers of one
 * organisation take a transaction-scoped advisory lock first, so the chain never forks.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The user who acted; null for the system (a job, named in actor_label) or a failed sign-in (the e-mail tried). */
    actorUserId: uuid('actor_user_id'),
    actorLabel: text('actor_label'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    before: jsonb<Record<string, unknown> | null>('before'),
    after: jsonb<Record<string, unknown> | null>('after'),
    reason: text('reason'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    tenantIsolation(),
    uniqueIndex('audit_log_tenant_seq_idx').on(t.tenantId, t.seq),
    index('audit_log_entity_idx').on(t.tenantId, t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.tenantId, t.actorUserId),
  ],
);
