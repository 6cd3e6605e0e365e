import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts, tenants } from './platform';

export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code'),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    headUserId: uuid('head_user_id'),
    parentDepartmentId: uuid('parent_department_id').references((): AnyPgColumn => departments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('departments_tenant_idx').on(t.tenantId), uniqueIndex('departments_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/**
 * A person's membership of one organisation, which is also their employee record (people spec §3).
 * Restricted-login users have no account. isManager is derived from reportees, never stored.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    employeeNumber: text('employee_number'),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    roleId: smallint('role_id').notNull().default(3),
    status: smallint('status').notNull(),
    phoneNumber: text('phone_number'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: smallint('gender').notNull().default(0),
    dateOfJoining: date('date_of_joining', { mode: 'string' }),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    designation: text('designation'),
    workLocation: text('work_location'),
    reportingManagerId: uuid('reporting_manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    pan: text('pan'),
    regimeType: smallint('regime_type').notNull().default(1),
    imageKey: text('image_key'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_tenant_email_key').on(t.tenantId, t.email),
    uniqueIndex('users_tenant_employee_number_key').on(t.tenantId, t.employeeNumber),
    index('users_account_idx').on(t.accountId),
    index('users_tenant_status_idx').on(t.tenantId, t.status),
    index('users_manager_idx').on(t.tenantId, t.reportingManagerId),
    index('users_department_idx').on(t.tenantId, t.departmentId),
  ],
);

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    kind: text('kind').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_storage_key').on(t.storageKey)],
);
