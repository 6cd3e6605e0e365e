import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';

/**
 * Settings > Preferences > Sender Email Preferences (payroll spec §1): the primary contact that the
 * organisation's reminder e-mails are sent from. No row, or a contact who is no longer eligible,
 * means the default: the longest-standing active Administrator.
 */
export const senderEmailPreferences = pgTable(
  'sender_email_preferences',
  {
    tenantId: tenantIdColumn().primaryKey(),
    primaryContactUserId: uuid('primary_contact_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantIsolation()],
);
