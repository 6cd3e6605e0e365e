import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { BACKENDS, createTestApp, type TestApp } from '../testing/harness';
import { queryRows, transactionFrom } from './client';
import { OVERLAPPING_QUERY } from './prepared-statements';

/** Issue 9 item 6: the tenant transaction's BEGIN and entry statement in one round trip, with drizzle's transaction semantics. */
describe.each(BACKENDS)('transactionFrom (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.database.db.execute(sql`CREATE TABLE tx_from_probe (label text NOT NULL)`);
  });
  afterAll(async () => {
    await t.database.db.execute(sql`DROP TABLE tx_from_probe`);
    await t.close();
  });

  const labels = async () => (await queryRows<{ label: string }>(t.database.db, sql`SELECT label FROM tx_from_probe ORDER BY label`)).map((r) => r.label);

  it('hands the first statement’s rows to the work and commits what it wrote', async () => {
    const seen = await transactionFrom(t.database.db, sql`SELECT 1 AS n UNION ALL SELECT 2`, async (tx, rows) => {
      await tx.execute(sql`INSERT INTO tx_from_probe (label) VALUES ('committed')`);
      return rows;
    });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await labels()).toEqual(['committed']);
  });

  it('the first statement and the work are one transaction: a failure of the work rolls both back', async () => {
    await expect(
      transactionFrom(t.database.db, sql`INSERT INTO tx_from_probe (label) VALUES ('first') RETURNING label`, async (tx) => {
        await tx.execute(sql`INSERT INTO tx_from_probe (label) VALUES ('work')`);
        throw new Error('the work fails');
      }),
    ).rejects.toThrow('the work fails');
    expect(await labels()).toEqual(['committed']);
  });

  it('a failing first statement rejects, runs no work, and leaves the connection usable', async () => {
    const work = vi.fn(async () => 'ran');
    await expect(transactionFrom(t.database.db, sql`SELECT 1 / 0`, work)).rejects.toThrow(/division by zero/);
    expect(work).not.toHaveBeenCalled();
    // As many transactions as the pool has connections, and more: none is left inside an aborted transaction.
    for (let i = 0; i < 6; i += 1) expect(await transactionFrom(t.database.db, sql`SELECT ${i}::int AS i`, async (_tx, rows) => rows)).toEqual([{ i }]);
  });

  // PostgreSQL inlines them as literals; PGlite sends them as parameters of a named statement.
  it('the statement’s values cannot end the statement', async () => {
    const hostile = "O'Brien'); DROP TABLE tx_from_probe; --";
    const rows = await transactionFrom(t.database.db, sql`SELECT ${hostile}::text AS v, ${42}::int AS n, ${null}::text AS z`, async (_tx, first) => first);
    expect(rows).toEqual([{ v: hostile, n: 42, z: null }]);
    expect(await labels()).toEqual(['committed']);
  });

  it('drizzle’s own transactions keep their semantics: a nested one rolls back to its savepoint, the outer one commits', async () => {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO tx_from_probe (label) VALUES ('outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO tx_from_probe (label) VALUES (${'inner'})`);
          throw new Error('the inner work fails');
        }),
      ).rejects.toThrow('the inner work fails');
    });
    expect(await labels()).toEqual(['committed', 'outer']);
    await t.database.db.execute(sql`DELETE FROM tx_from_probe WHERE label = 'outer'`);
  });

  it('refuses a statement sent while another of the same transaction is running, and the next transaction works', async () => {
    const failure = await transactionFrom(t.database.db, sql`SELECT 1`, async (tx) => Promise.all([tx.execute(sql`SELECT ${1}::int`), tx.execute(sql`SELECT ${2}::int`)])).then(
      () => undefined,
      (error: unknown) => error,
    );
    // drizzle reports the statement that failed, with the refusal as its cause.
    expect(failure).toBeInstanceOf(Error);
    expect(((failure as Error).cause as Error | undefined)?.message).toBe(OVERLAPPING_QUERY);
    expect(await transactionFrom(t.database.db, sql`SELECT ${3}::int AS n`, async (_tx, rows) => rows)).toEqual([{ n: 3 }]);
    expect(await labels()).toEqual(['committed']);
  });

  // Each database is watched where the statements leave this process: node-pg's messages on
  // PostgreSQL, calls into PGlite's WebAssembly (it has no messages) on PGlite.
  it('sends BEGIN together with the first statement, then each statement once, then COMMIT', async () => {
    if (backend === 'postgres') {
      const query = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await transactionFrom(t.database.db, sql`SELECT ${'x'}::text AS v`, async (tx) => tx.execute(sql`SELECT 1`));
        const texts = query.mock.calls.map(([first]) => (typeof first === 'string' ? first : (first as { text: string }).text));
        expect(texts).toEqual(["BEGIN; SELECT 'x'::text AS v", 'SELECT 1', 'COMMIT']);
      } finally {
        query.mockRestore();
      }
      return;
    }
    const run = () => transactionFrom(t.database.db, sql`SELECT ${'x'}::text AS v`, async (tx) => tx.execute(sql`SELECT ${1}::int AS n`));
    await run(); // parses and describes both statements once
    const calls = vi.spyOn(PGlite.prototype, 'execProtocol');
    try {
      await run();
      expect(calls).toHaveBeenCalledTimes(3);
    } finally {
      calls.mockRestore();
    }
  });
});
