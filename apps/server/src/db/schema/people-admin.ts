import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';

/**
 * Users > Settings: how new employees are numbered and which role they get. One row
 * per organisation once saved; before that the contract's USER_SETTINGS_DEFAULTS apply.
 */
export const userSettings = pgTable(
  'user_settings',
  {
    tenantId: tenantIdColumn().primaryKey(),
    employeeNumberPrefix: text('employee_number_prefix').notNull(),
    nextEmployeeNumber: integer('next_employee_number').notNull(),
    employeeNumberDigits: smallint('employee_number_digits').notNull(),
    defaultRoleId: smallint('default_role_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantIsolation()],
);

/** The skills catalogue (Users > Skills management): names unique per organisation, case-insensitive. */
export const skills = pgTable(
  'skills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('skills_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** An employee's level in a skill: 1 Beginner, 2 Intermediate, 3 Advanced, 4 Expert. */
export const employeeSkills = pgTable(
  'employee_skills',
  {
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.userId, t.skillId] }), index('employee_skills_skill_idx').on(t.tenantId, t.skillId)],
);
