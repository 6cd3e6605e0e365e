import { describe, expect, it } from 'vitest';
import { getTableConfig, pgTable } from 'drizzle-orm/pg-core';
import { fromJsonColumn, jsonb } from './json';

const table = pgTable('json_probe', { value: jsonb<{ a: number; b: string[] }>('value').notNull().default({ a: 0, b: [] }) });

describe('fromJsonColumn: one reading of a JSON value from either driver', () => {
  it('gives the object whether the driver handed over the object or its JSON text', () => {
    const object = { a: 1, b: ['x'] };
    expect(fromJsonColumn(object)).toBe(object);
    expect(fromJsonColumn('{"a":1,"b":["x"]}')).toEqual(object);
    expect(fromJsonColumn('[1,2]')).toEqual([1, 2]);
  });
  it('keeps null, numbers and a string that is not JSON text as they are', () => {
    expect(fromJsonColumn(null)).toBeNull();
    expect(fromJsonColumn(7)).toBe(7);
    expect(fromJsonColumn('not json')).toBe('not json');
  });
});

describe('jsonb: the schema’s JSON column', () => {
  it('stays a jsonb column with its default (drizzle-kit sees no change)', () => {
    const column = getTableConfig(table).columns[0];
    expect(column?.getSQLType()).toBe('jsonb');
    expect(column?.default).toEqual({ a: 0, b: [] });
  });
  it('reads a string and an object as the object, and writes JSON text', () => {
    expect(table.value.mapFromDriverValue('{"a":1,"b":[]}')).toEqual({ a: 1, b: [] });
    expect(table.value.mapFromDriverValue({ a: 2, b: ['y'] })).toEqual({ a: 2, b: ['y'] });
    expect(table.value.mapToDriverValue({ a: 3, b: [] })).toBe('{"a":3,"b":[]}');
  });
});
