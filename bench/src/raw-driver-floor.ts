import Fastify, { type FastifyInstance } from 'fastify';
import { pg, preparingClient, type LeadingStatement, type PreparingPgClient } from '@tankha/server/bench';

/** One statement as the server handed it to node-pg: `query(config, values)`. */
interface SentStatement {
  config: string | { text: string; name?: string; rowMode?: string };
  values?: unknown[];
  /** BEGIN and this statement went in front of it, in the same message (PreparingClient.queryEntering). */
  before?: LeadingStatement;
}

/**
 * Records every statement the server's own node-pg clients send while `work` runs (one real
 * request), so the floor below replays exactly what the product sends, and follows it when that
 * changes.
 */
export async function recordStatements(work: () => Promise<void>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function recording(this: unknown, ...args: unknown[]) {
    // A query config, or a node-pg Query already built (queryEntering), whose row mode is `_rowMode`.
    const [config, given] = args as [SentStatement['config'] & { before?: LeadingStatement; values?: unknown; _rowMode?: string }, unknown];
    // The text, name and row mode, not drizzle's type parsers: the floor reads its rows raw.
    const rowMode = typeof config === 'object' ? (config.rowMode ?? config._rowMode) : undefined;
    const kept = typeof config === 'string' ? config : { text: config.text, ...(config.name ? { name: config.name } : {}), ...(rowMode ? { rowMode } : {}) };
    const values = Array.isArray(given) ? given : typeof config === 'object' && Array.isArray(config.values) ? config.values : undefined;
    sent.push({ config: kept, values: values ? [...(values as unknown[])] : undefined, ...(typeof config === 'object' && config.before ? { before: config.before } : {}) });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  return sent;
}

/** A timestamp literal in a statement sent as text (the session check's `now`): replayed with the time of each request. */
const TIMESTAMP_LITERAL = /'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z'::timestamptz/g;
/** The same `now` as a parameter value. */
const TIMESTAMP_VALUE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function now<T>(value: T): T | string {
  return typeof value === 'string' && TIMESTAMP_VALUE.test(value) ? new Date().toISOString() : value;
}

/**
 * The raw-driver floor of the authenticated request: a minimal Fastify server on node-pg (no
 * framework of ours, no ORM, no hooks, no token check, no serialiser) that sends, per request, the
 * statements one real request of the server sent, in the same order, on one pooled connection of a
 * pool of the same size, and answers the same JSON from the last row set that had a row. What the
 * design's statements cost in Node and PostgreSQL with nothing of ours around them.
 */
export async function startRawDriverFloor(url: string, statements: readonly SentStatement[], poolSize = 10): Promise<{ url: string; close: () => Promise<void> }> {
  if (statements.length === 0) throw new Error('no statements recorded for the raw-driver floor');
  // The server's client class: a statement with parameters is named (prepared once per connection),
  // and BEGIN with the session check can travel in front of a query, as the server sends them.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: preparingClient() });
  const app: FastifyInstance = Fastify({ logger: false });
  app.get('/floor', async () => {
    const client = (await pool.connect()) as PreparingPgClient;
    let row: unknown[] | undefined;
    try {
      for (const { config, values, before } of statements) {
        const query = typeof config === 'string' ? config.replace(TIMESTAMP_LITERAL, `'${new Date().toISOString()}'::timestamptz`) : config;
        const result = (
          before ? await client.queryEntering({ text: before.text, values: before.values.map(now) }, query, values) : await client.query(query as never, values as never)
        ) as unknown as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(result) ? result[result.length - 1] : result;
        const first = last?.rows[0] as unknown[] | undefined;
        if (Array.isArray(first)) row = first;
      }
    } finally {
      client.release();
    }
    return { statusCode: 200, message: 'Success', data: { orgDetails: row?.[0] === true, settings: row?.[1] === true } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port.toString()}/floor`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
