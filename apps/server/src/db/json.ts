import { customType } from 'drizzle-orm/pg-core';

/**
 * The one reading of a JSON column's value. Both drivers (node-postgres and PGlite, in every path:
 * builder, raw `sql`, a transaction's first statement) already hand json and jsonb over parsed; a
 * string arrives only when the stored JSON value is itself a string, which is then JSON text written
 * twice (a value stringified before drizzle's jsonb stringified it again). That text is read as the
 * JSON it holds, as drizzle's own jsonb does; a plain string that is not JSON text stays a string.
 * Raw selects read their json/jsonb columns (json_agg, jsonb fields) through this; builder selects
 * get it from `jsonb` below.
 */
export function fromJsonColumn<T = unknown>(value: unknown): T {
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return value as T;
  }
}

/**
 * A jsonb column (the column type and the migrations stay jsonb): written with JSON.stringify and
 * read through `fromJsonColumn`, so every JSON value comes out of the schema the same way. `T` is
 * the stored shape (as `$type<T>()`), unknown by default.
 */
export function jsonb<T = unknown>(name: string) {
  return customType<{ data: T; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => fromJsonColumn<T>(value),
  })(name);
}
