import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './platform';
import { tenantIsolation } from './rls';
import { users } from './people';

/**
 * Client sites (Attendance > Clients): an address and a geofence, a circle of
 * `radiusMetres` around (latitude, longitude) in degrees. Coordinates are not money: binary floats.
 */
export const clientSites = pgTable(
  'client_sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusMetres: integer('radius_metres').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), uniqueIndex('client_sites_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** Who may check in at a site (an employee may have several). */
export const clientSiteEmployees = pgTable(
  'client_site_employees',
  {
    tenantId: tenantIdColumn(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => clientSites.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(), primaryKey({ columns: [t.siteId, t.userId] }), index('client_site_employees_user_idx').on(t.tenantId, t.userId)],
);

/** 'Require location at check-in', per organisation (off until set). */
export const attendanceLocationSettings = pgTable(
  'attendance_location_settings',
  {
    tenantId: tenantIdColumn().primaryKey(),
    requireLocation: boolean('require_location').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantIsolation()],
);
