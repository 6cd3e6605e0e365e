import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from '../testing/harness';
import { entersWithFirstQuery, isEntryRefused, queryRows, transactionEnteredByFirstQuery } from './client';
import { SESSION_REFUSED } from './sql/session-entry';

/**
 * Issue 31 point 7: a read-only request's BEGIN and session check travel in front of its first
 * query (PreparingClient.queryEntering). The entry here is a probe with the real one's contract:
 * it sets a transaction-local setting when it accepts and raises SESSION_REFUSED when it refuses.
 */
describe.each(BACKENDS)('transactionEnteredByFirstQuery (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.database.db.execute(sql`CREATE TABLE entered_probe (label text NOT NULL)`);
    await t.database.db.execute(sql.raw(`CREATE FUNCTION entered_probe_entry(accept boolean, label text) RETURNS boolean LANGUAGE plpgsql AS $fn$
BEGIN
  IF accept THEN PERFORM set_config('app.probe', label, true); RETURN true; END IF;
  RAISE EXCEPTION 'refused' USING ERRCODE = '${SESSION_REFUSED}';
END $fn$`));
  });
  afterAll(async () => {
    await t.database.db.execute(sql`DROP TABLE entered_probe`);
    await t.database.db.execute(sql`DROP FUNCTION entered_probe_entry(boolean, text)`);
    await t.close();
  });

  const entry = (accept: boolean, label = 'in') => sql`SELECT entered_probe_entry(${accept}::boolean, ${label}::text)`;
  const labels = async () => (await queryRows<{ label: string }>(t.database.db, sql`SELECT label FROM entered_probe ORDER BY label`)).map((r) => r.label);
  const insert = (label: string) => sql`INSERT INTO entered_probe (label) VALUES (${label}) RETURNING current_setting('app.probe', true) AS probe`;

  it('is PostgreSQL’s only (PGlite opens its transaction with transactionFrom)', () => {
    expect(entersWithFirstQuery(t.database.db)).toBe(backend === 'postgres');
  });

  it.runIf(backend === 'postgres')('the first query runs inside the entered transaction; the work commits', async () => { // PostgreSQL only: PGlite is one connection in one process, so the concurrency this needs cannot happen there
    const rows = await transactionEnteredByFirstQuery(t.database.db, entry(true, 'entered'), async (tx) => {
      const first = await queryRows<{ probe: string }>(tx, insert('accepted'));
      const second = await queryRows<{ probe: string }>(tx, sql`SELECT current_setting('app.probe', true) AS probe, ${7}::int AS n`);
      return [...first, ...second];
    });
    expect(rows).toEqual([{ probe: 'entered' }, { probe: 'entered', n: 7 }]);
    expect(await labels()).toEqual(['accepted']);
    // Transaction-local: nothing of the entry is left on the connection.
    for (let i = 0; i < 12; i += 1) expect(await queryRows(t.database.db, sql`SELECT coalesce(current_setting('app.probe', true), '') AS probe`)).toEqual([{ probe: '' }]);
  });

  it.runIf(backend === 'postgres')('a refused entry: the query sent with it does not run, the error is the entry’s, and every connection stays usable', async () => { // PostgreSQL only: PGlite is one connection in one process, so the concurrency this needs cannot happen there
    const after = vi.fn();
    const refusal = await transactionEnteredByFirstQuery(t.database.db, entry(false), async (tx) => {
      await tx.execute(insert('refused'));
      after();
    }).catch((error: unknown) => error);
    expect(isEntryRefused(refusal)).toBe(true);
    expect(after).not.toHaveBeenCalled();
    expect(await labels()).toEqual(['accepted']);
    // The same statement again, accepted, on every connection of the pool and more: its name was
    // not left marked as prepared where its Parse never ran, and no connection is in an aborted transaction.
    const fresh = (tx: typeof t.database.db) => queryRows(tx, sql`SELECT ${'fresh'}::text AS never_parsed_before, current_setting('app.probe', true) AS probe`);
    await expect(transactionEnteredByFirstQuery(t.database.db, entry(false), fresh)).rejects.toSatisfy(isEntryRefused);
    for (let i = 0; i < 12; i += 1) {
      expect(await transactionEnteredByFirstQuery(t.database.db, entry(true, `e${i.toString()}`), fresh)).toEqual([{ never_parsed_before: 'fresh', probe: `e${i.toString()}` }]);
    }
  });

  it.runIf(backend === 'postgres')('work that sends no query still has its entry checked before its result is handed back', async () => { // PostgreSQL only: PGlite is one connection in one process, so the concurrency this needs cannot happen there
    await expect(transactionEnteredByFirstQuery(t.database.db, entry(false), async () => 'result')).rejects.toSatisfy(isEntryRefused);
    expect(await transactionEnteredByFirstQuery(t.database.db, entry(true), async () => 'result')).toBe('result');
  });

  it.runIf(backend === 'postgres')('a failure of the work after its first query rolls the transaction back', async () => { // PostgreSQL only: PGlite is one connection in one process, so the concurrency this needs cannot happen there
    await expect(
      transactionEnteredByFirstQuery(t.database.db, entry(true), async (tx) => {
        await tx.execute(insert('rolled back'));
        throw new Error('the work fails');
      }),
    ).rejects.toThrow('the work fails');
    expect(await labels()).toEqual(['accepted']);
  });
});
