import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Every parameterised statement is a named prepared statement, one name per distinct text, on both
 * databases: the text is parsed and planned once per connection (PGlite: once per database, it is
 * one session) and afterwards the cached plan runs. Planning a route's query cost more than running
 * it — measured in docs/decisions/. Statements without parameters (the
 * `BEGIN; …` entry, COMMIT, migrations, DO blocks) stay on the simple protocol, where several
 * statements may share a message. PostgreSQL revalidates cached plans on schema changes and plans
 * again for another role, so a plan never carries one tenant's rows or rights into the next use
 * (db/prepared-statements.int.test.ts).
 */

/** Distinct texts named per pool or PGlite database; later texts run unnamed (bounded memory in each backend). */
const MAX_NAMED_STATEMENTS = 1_000;

/** Names texts in the order first seen; undefined once the limit is reached for a text not yet named. */
function statementNames(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_NAMED_STATEMENTS) return known;
    const name = `tankha_${names.size.toString(36)}`;
    names.set(text, name);
    return name;
  };
}

/**
 * A connection runs one statement at a time. node-pg queues a query sent while another is running
 * (and warns that pg@9 will refuse it); PGlite queues it behind a lock. Both refuse it here, so
 * that code which overlaps queries on one transaction fails in tests on either database instead of
 * depending on a queue.
 */
export const OVERLAPPING_QUERY = 'one statement at a time on a connection: await each query before sending the next';

/** What node-pg keeps of the queries in flight (pg 8.x internals; db/transaction-from.int.test.ts fails if they move). */
interface PgClientQueue {
  _activeQuery: unknown;
  _queryQueue: unknown[];
}

/** A statement sent in front of another in the same message (PreparingClient.queryEntering): its text and literal values. */
export interface LeadingStatement {
  text: string;
  values: readonly (string | number | null)[];
}

/** What node-pg's connection offers a submitted query (pg 8.x; db/transaction-from.int.test.ts fails if it moves). */
interface PgConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  parse(query: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal?: string; statement?: string; values?: readonly unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
}

/** node-pg's Query as a subclass sees it (pg 8.x). */
interface PgQueryInternals {
  name?: string;
  text?: string;
  values?: unknown;
  submit(connection: PgConnection): Error | null;
  handleDataRow(message: unknown): void;
  handleRowDescription(message: unknown): void;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
  handleError(error: unknown, connection: PgConnection): void;
}
type QueryCallback = (error: Error | null, result: pg.QueryResult) => void;
type PgQueryClass = new (config: unknown, values: unknown, callback: QueryCallback) => PgQueryInternals;
type EnteringQueryClass = new (before: LeadingStatement, config: unknown, values: unknown, callback: QueryCallback) => PgQueryInternals;

/**
 * A query with BEGIN and a leading statement in front of it, in one message and one round trip:
 * Parse/Bind/Execute of BEGIN, of the leading statement, then the query as node-pg sends it (its
 * Parse only the first time on a connection, Bind, Describe, Execute, Sync). The responses of the
 * two leading statements are taken here; the query sees only its own. When the leading statement
 * raises, PostgreSQL skips everything up to the Sync: the query never runs, and its error is the
 * leading statement's. While the leading responses arrive the query shows no name, so that node-pg
 * does not count their ParseComplete as its statement's.
 */
function enteringQueryClass(): EnteringQueryClass {
  const Query = pg.Query as unknown as PgQueryClass;
  return class EnteringQuery extends Query {
    private leading = 2;
    private ownName: string | undefined;
    private parsedHere = false;
    private readonly before: LeadingStatement;

    constructor(before: LeadingStatement, config: unknown, values: unknown, callback: QueryCallback) {
      super(config, values, callback);
      this.before = before;
    }

    override submit(connection: PgConnection): Error | null {
      const { name, text } = this;
      const previous = name === undefined ? undefined : (connection.parsedStatements[name] ?? connection.submittedNamedStatements[name]);
      // What node-pg's submit refuses, refused before anything is written (then BEGIN is not sent either).
      if (typeof text !== 'string' || (previous !== undefined && previous !== text) || (this.values !== undefined && !Array.isArray(this.values))) return super.submit(connection);
      this.ownName = name;
      this.parsedHere = name !== undefined && previous === undefined;
      connection.stream.cork?.();
      try {
        connection.parse({ text: 'BEGIN', types: [] });
        connection.bind({});
        connection.execute({});
        connection.parse({ text: this.before.text, types: [] });
        connection.bind({ values: this.before.values.map((value) => (value === null ? null : String(value))) });
        connection.execute({});
        super.submit(connection);
      } finally {
        connection.stream.uncork?.();
      }
      this.name = undefined;
      return null;
    }

    override handleDataRow(message: unknown): void {
      if (this.leading === 0) super.handleDataRow(message);
    }

    override handleRowDescription(message: unknown): void {
      if (this.leading === 0) super.handleRowDescription(message);
    }

    override handleCommandComplete(message: unknown, connection: PgConnection): void {
      if (this.leading === 0) return super.handleCommandComplete(message, connection);
      this.leading -= 1;
      if (this.leading === 0) this.name = this.ownName;
    }

    override handleError(error: unknown, connection: PgConnection): void {
      // node-pg forgets a statement whose Parse failed by the query's name, hidden until here.
      if (this.leading > 0 && this.parsedHere && this.ownName !== undefined) delete connection.submittedNamedStatements[this.ownName];
      super.handleError(error, connection);
    }
  };
}

/** A pool client of preparingClient(). */
export interface PreparingPgClient extends pg.PoolClient {
  /**
   * `query(config, values)` with BEGIN and `before` in front of it, one round trip: the first query
   * of a transaction whose entry travels with it.
   */
  queryEntering(before: LeadingStatement, config: string | { text: string; name?: string; rowMode?: string; types?: unknown }, values?: unknown[]): Promise<pg.QueryResult>;
}

/**
 * PostgreSQL: a pg client class for the pool, naming the statements of `query(text | config, values)`
 * (names shared by the pool), and refusing a query while another is in flight (OVERLAPPING_QUERY).
 */
export function preparingClient(): typeof pg.Client {
  const nameFor = statementNames();
  const EnteringQuery = enteringQueryClass();
  const named = (config: unknown, values: unknown): unknown => {
    if (!Array.isArray(values) || values.length === 0) return config;
    if (typeof config === 'string') return { text: config, name: nameFor(config) };
    if (isUnnamedQuery(config)) return { ...config, name: nameFor(config.text) };
    return config;
  };
  class PreparingClient extends pg.Client {
    private busy(): boolean {
      const queue = this as unknown as PgClientQueue;
      return Boolean(queue._activeQuery) || queue._queryQueue.length > 0;
    }

    override query(...args: unknown[]): never {
      if (this.busy()) return Promise.reject(new Error(OVERLAPPING_QUERY)) as never;
      args[0] = named(args[0], args[1]);
      return (pg.Client.prototype.query as (...queryArgs: unknown[]) => never).apply(this, args);
    }

    queryEntering(before: LeadingStatement, config: unknown, values?: unknown[]): Promise<pg.QueryResult> {
      if (this.busy()) return Promise.reject(new Error(OVERLAPPING_QUERY));
      const text = typeof config === 'string' ? { text: config } : config;
      return new Promise((resolve, reject) => {
        const query = new EnteringQuery(before, named(text, values), values, (error: Error | null, result: pg.QueryResult) => (error ? reject(error) : resolve(result)));
        (pg.Client.prototype.query as (submittable: unknown) => unknown).call(this, query);
      });
    }
  }
  return PreparingClient as unknown as typeof pg.Client;
}

function isUnnamedQuery(config: unknown): config is { text: string; name?: string } {
  return typeof config === 'object' && config !== null && typeof (config as { text?: unknown }).text === 'string' && !(config as { name?: unknown }).name;
}

const { serialize } = protocol;

/** A simple-protocol BEGIN, sent in front of a transaction's first statement. */
const BEGIN = serialize.query('BEGIN');

function concat(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}

/**
 * PGlite as drizzle uses it (`query`, `transaction`), with named statements and fewer calls into
 * PGlite. A parameterised statement is parsed and described once, then each execution is one call
 * (bind, describe, execute and sync in one message) instead of PGlite's six, which also plan the
 * text every time: on the completion-status query, 1,405 executions/s through PGlite's `query`,
 * 10,784 this way. A transaction is this class's own: BEGIN travels with its first statement
 * (`transactionFrom`), and BEGIN, COMMIT and ROLLBACK are one call each instead of PGlite's two
 * (query, then sync). Everything else is PGlite's own: its locks, protocol serializer and result
 * parsers, its errors, its file sync after the transaction ends.
 */
export class PreparingPglite {
  private readonly nameFor = statementNames();
  /** Parameter types of the statements parsed so far, by name. */
  private readonly paramTypes = new Map<string, number[]>();

  constructor(readonly pglite: PGlite) {}

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const name = this.nameOf(text, params, options);
    if (name === undefined || !params) return this.pglite.query<T>(text, params, options);
    return this.pglite._runExclusiveTransaction(() => this.pglite._runExclusiveQuery(() => this.extended<T>(name, text, params, options)));
  }

  /** What drizzle's `transaction()` calls. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.transactionFrom(undefined, (tx) => fn(tx));
  }

  /**
   * A transaction whose BEGIN carries `first` in the same call (a named statement like any other,
   * so it is planned once), and `fn` given the transaction and the rows of `first`. COMMIT when `fn`
   * returns (unless it rolled back), ROLLBACK when it throws; the data folder is synced once, after
   * either.
   */
  async transactionFrom<T>(first: { text: string; params: unknown[] } | undefined, fn: (tx: Transaction, firstRows: readonly unknown[]) => Promise<T>): Promise<T> {
    await this.pglite._checkReady();
    return this.pglite._runExclusiveTransaction(async () => {
      let closed = false;
      let running = false;
      const exclusive = <R>(work: () => Promise<R>): Promise<R> => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.pglite._runExclusiveQuery(work);
      };
      // The work's statements: one at a time, as on PostgreSQL (OVERLAPPING_QUERY).
      const statement = async <R>(work: () => Promise<R>): Promise<R> => {
        if (running) throw new Error(OVERLAPPING_QUERY);
        running = true;
        try {
          return await exclusive(work);
        } finally {
          running = false;
        }
      };
      const end = (command: 'COMMIT' | 'ROLLBACK'): Promise<void> =>
        exclusive(async () => {
          closed = true;
          await this.simple(command);
        });
      const tx: Transaction = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
          statement(() => this.extended<R>(this.nameOf(text, params, options), text, params ?? [], options)),
        sql: <R>(strings: TemplateStringsArray, ...params: unknown[]) =>
          tx.query<R>(
            strings.reduce((text, part, index) => `${text}$${index.toString()}${part}`),
            params,
          ),
        exec: (text: string, options?: QueryOptions) => statement(() => this.simple(text, options)),
        rollback: () => end('ROLLBACK'),
        listen: (channel: string, callback: (payload: string) => void) => this.pglite.listen(channel, callback, tx),
        get closed() {
          return closed;
        },
      };
      try {
        const name = first && this.nameOf(first.text, first.params, undefined);
        let firstRows: readonly unknown[] = [];
        if (first && name !== undefined) firstRows = (await exclusive(() => this.extended(name, first.text, first.params, undefined, BEGIN))).rows;
        else {
          // A simple-protocol BEGIN would drop an unnamed statement parsed before it: BEGIN goes alone.
          await exclusive(() => this.simple('BEGIN'));
          if (first) firstRows = (await tx.query(first.text, first.params)).rows;
        }
        const result = await fn(tx, firstRows);
        if (!closed) await end('COMMIT');
        return result;
      } catch (error) {
        if (!closed) await end('ROLLBACK');
        throw error;
      } finally {
        await this.pglite.syncToFs();
      }
    });
  }

  /** The statement's name, or undefined when it runs unnamed (no parameters, a blob, or past the limit). */
  private nameOf(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): string | undefined {
    return params && params.length > 0 && !options?.blob ? this.nameFor(text) : undefined;
  }

  /** One simple-protocol message and its sync, in one call: statements without parameters, several allowed. */
  private async simple(text: string, options?: QueryOptions): Promise<Results[]> {
    const { messages } = await this.pglite.execProtocol(concat([serialize.query(text), serialize.sync()]), { syncToFs: false });
    return this.results(messages, options);
  }

  /**
   * One statement on the extended protocol, under the caller's locks: parse and describe (once for
   * a name; every time unnamed), then bind, describe, execute and sync in one call, after `before`
   * when given (BEGIN). Outside a transaction the data folder is synced afterwards, as PGlite's own
   * `query` does.
   */
  private async extended<T>(name: string | undefined, text: string, params: unknown[], options: QueryOptions | undefined, before?: Uint8Array): Promise<Results<T>> {
    if (before && name === undefined) throw new Error('only a named statement can follow another message');
    if (options?.blob) throw new Error('PGlite blob queries are not supported inside a transaction');
    let types = name === undefined ? undefined : this.paramTypes.get(name);
    if (!types) {
      const described = await this.pglite.execProtocol(concat([serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
      types = parse.parseDescribeStatementResults(described.messages);
      if (name !== undefined) this.paramTypes.set(name, types);
    }
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = types[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.pglite.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await this.pglite.execProtocol(
      concat([...(before ? [before] : []), serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    if (!this.pglite.isInTransaction()) await this.pglite.syncToFs();
    const results = this.results(messages, options);
    // The statement's result is the last one (BEGIN's comes first when it went along).
    const result = results[results.length - 1];
    if (!result) throw new Error(`no result for a statement: ${text.slice(0, 80)}`);
    return result as Results<T>;
  }

  /**
   * PGlite's result parser. Given per-query parsers (drizzle gives nine with every query), it copies
   * all of PGlite's parsers into a new object on each call, a tenth of a request's time in the
   * profile; a small object whose prototype holds PGlite's parsers gives the same lookups.
   */
  private results(messages: Parameters<typeof parse.parseResults>[0], options: QueryOptions | undefined): Results[] {
    if (!options?.parsers) return parse.parseResults(messages, this.pglite.parsers, options);
    const parsers = Object.assign(Object.create(this.pglite.parsers) as PGlite['parsers'], options.parsers);
    return parse.parseResults(messages, parsers, { ...options, parsers: undefined });
  }
}
