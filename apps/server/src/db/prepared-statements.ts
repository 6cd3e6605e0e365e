import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Every parameterised statement is a named prepared statement, one name per distinct text, on both
 * databases: the text is parsed and planned once per connection (PGlite: once per database, it is
 * one session) and afterwards the cached plan runs. Planning a route's query cost more than running
 * it — measured in docs/decisions.md (issue 9 item 6). Statements without parameters (the
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

/** PostgreSQL: a pg client class for the pool, naming the statements of `query(text | config, values)` (names shared by the pool). */
export function preparingClient(): typeof pg.Client {
  const nameFor = statementNames();
  class PreparingClient extends pg.Client {
    override query(...args: unknown[]): never {
      const [config, values] = args;
      if (Array.isArray(values) && values.length > 0) {
        if (typeof config === 'string') args[0] = { text: config, name: nameFor(config) };
        else if (isUnnamedQuery(config)) args[0] = { ...config, name: nameFor(config.text) };
      }
      return (pg.Client.prototype.query as (...queryArgs: unknown[]) => never).apply(this, args);
    }
  }
  return PreparingClient as unknown as typeof pg.Client;
}

function isUnnamedQuery(config: unknown): config is { text: string; name?: string } {
  return typeof config === 'object' && config !== null && typeof (config as { text?: unknown }).text === 'string' && !(config as { name?: unknown }).name;
}

const { serialize } = protocol;

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
 * PGlite as drizzle uses it (`query`, `transaction`), with named statements: a statement is parsed
 * and described once, then each execution is one call into PGlite (bind, describe, execute and sync
 * in one message) instead of six (PGlite's `query` sends parse, describe, bind, describe, execute
 * and sync one by one and plans the text every time). Measured on the completion-status query:
 * 1,405 executions/s through `query`, 10,784 this way. Everything else is PGlite's own: the same
 * locks, parsers, serializers, errors and file sync.
 */
export class PreparingPglite {
  private readonly nameFor = statementNames();
  /** Parameter types of the statements parsed so far, by name. */
  private readonly paramTypes = new Map<string, number[]>();

  constructor(readonly pglite: PGlite) {}

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const name = this.nameOf(text, params, options);
    if (name === undefined || !params) return this.pglite.query<T>(text, params, options);
    return this.pglite._runExclusiveTransaction(() => this.pglite._runExclusiveQuery(() => this.execute<T>(name, text, params, options)));
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) => fn(this.preparingTransaction(tx)));
  }

  private preparingTransaction(tx: Transaction): Transaction {
    return {
      query: async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
        const name = this.nameOf(text, params, options);
        if (name === undefined || !params) return tx.query<T>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return this.pglite._runExclusiveQuery(() => this.execute<T>(name, text, params, options));
      },
      sql: (strings, ...params) => tx.sql(strings, ...params),
      exec: (text, options) => tx.exec(text, options),
      rollback: () => tx.rollback(),
      listen: (channel, callback) => tx.listen(channel, callback),
      get closed() {
        return tx.closed;
      },
    };
  }

  /** The statement's name, or undefined when it runs unnamed (no parameters, a blob, or past the limit). */
  private nameOf(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): string | undefined {
    return params && params.length > 0 && !options?.blob ? this.nameFor(text) : undefined;
  }

  /** Runs under PGlite's query lock (and its transaction lock when outside a transaction), as its own `query` does. */
  private async execute<T>(name: string, text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let types = this.paramTypes.get(name);
    if (!types) {
      const described = await this.pglite.execProtocol(concat([serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
      types = parse.parseDescribeStatementResults(described.messages);
      this.paramTypes.set(name, types);
    }
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = types[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.pglite.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await this.pglite.execProtocol(
      concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    if (!this.pglite.isInTransaction()) await this.pglite.syncToFs();
    const [result] = parse.parseResults(messages, this.pglite.parsers, options);
    if (!result) throw new Error(`no result for a prepared statement: ${text.slice(0, 80)}`);
    return result as Results<T>;
  }
}
