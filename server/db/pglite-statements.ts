import {
  messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";

/** How many statements stay prepared; past it, the one used longest ago is closed. */
export const KEPT_STATEMENTS = 200;

/** The statements prepared once: reads and writes of rows. Anything else (DDL, SET) runs as PGlite runs it. */
const PREPARABLE = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;

/**
 * A statement, in a script or alone, after which a prepared statement may read another row type or another
 * table than it was planned for: every prepared statement is deallocated after it.
 */
const CHANGES_WHAT_IS_READ =
  /(^|;)\s*(create|alter|drop|truncate|comment|reindex|cluster|discard|reset|set\s+(session\s+)?search_path)\b/i;

/** Whether `script` (one statement or several) may change what a prepared statement reads. */
export const changesWhatIsRead = (script: string) => CHANGES_WHAT_IS_READ.test(script);

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

interface Statement {
  name: string;
  /** The parameters' types as Postgres inferred them: each value is serialized for its type, as PGlite does. */
  paramTypes: number[];
  /** The rows' description, absent for a statement without rows (an INSERT without RETURNING). */
  rowDescription: BackendMessage | undefined;
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * PGlite's `query()`, with each statement parsed and planned once (decision 057). PGlite's own runs every
 * statement as an unnamed one: Parse, Describe, Bind, Describe, Execute and Sync, five calls into the
 * database and a new plan each time, about three quarters of a small statement's cost. Here a statement
 * the thread has not seen is parsed once under a name (with its parameters' types and rows' description
 * kept), and each run is one call: Bind, Execute, Sync. The answer is PGlite's own `parseResults` of the
 * same messages, so rows, fields and errors are what `query()` gives.
 *
 * Named statements outlive a rolled-back transaction, and Postgres plans them again when a table they read
 * changes. A statement that is not a read or a write (SET, CREATE) runs through PGlite's `query()`; after
 * one that may change what is read (DDL, the search path), here or in a script, every prepared statement is
 * deallocated, so none keeps a row type that no longer holds.
 */
export class PreparedStatements {
  readonly #client: PGlite;
  readonly #statements = new Map<string, Statement>();
  #next = 1;

  constructor(client: PGlite) {
    this.#client = client;
  }

  /** How many statements are prepared now. */
  get size(): number {
    return this.#statements.size;
  }

  /**
   * Runs `text` with `params`. `tx` is the open transaction it belongs to (PGlite's, whose callback holds
   * the instance), or undefined for a statement of its own, which waits for any open transaction as
   * PGlite's `query()` does.
   */
  async query<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: Pick<PGlite, "query" | "exec">,
  ): Promise<Results<T>> {
    const client = this.#client;
    if (!PREPARABLE.test(text)) {
      const result = await (tx ?? client).query<T>(text, params, options);
      if (changesWhatIsRead(text)) await this.forget(tx);
      return result;
    }
    return this.#locked(() => this.#run<T>(text, params ?? [], options, tx === undefined), tx !== undefined);
  }

  /**
   * Deallocates every prepared statement: after a statement that may change what one reads (DDL through
   * `exec`, or through `query` above). `tx` as for `query`.
   */
  async forget(tx?: Pick<PGlite, "query" | "exec">): Promise<void> {
    // Under the locks a run takes: a statement parsed by a run already waiting is dropped with the rest,
    // never named in the map after its deallocation.
    const drop = async () => {
      if (this.#statements.size === 0) return;
      this.#statements.clear();
      await this.#client.execProtocolStream(protocol.serialize.query("deallocate all"), { syncToFs: false });
    };
    return this.#locked(drop, tx !== undefined);
  }

  /** `fn` alone on the instance: inside an open transaction (its callback holds it), or after any. */
  #locked<R>(fn: () => Promise<R>, inTransaction: boolean): Promise<R> {
    const client = this.#client;
    if (inTransaction) return client._runExclusiveQuery(fn);
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(fn));
  }

  async #run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    ownTransaction: boolean,
  ): Promise<Results<T>> {
    const client = this.#client;
    const { serialize } = protocol;
    let answer: BackendMessage[];
    let statement: Statement | undefined;
    try {
      statement = this.#statements.get(text) ?? (await this.#prepare(text, options));
      // Most recently used last: the first in the map is the one to close.
      this.#statements.delete(text);
      this.#statements.set(text, statement);
      const types = statement.paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = types[i] as number;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      answer = await client.execProtocolStream(
        joined([
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (err) {
      if (err instanceof messages.DatabaseError)
        Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    }
    if (ownTransaction) await client.syncToFs();
    const messagesOfRun = statement.rowDescription ? [statement.rowDescription, ...answer] : answer;
    return parse.parseResults(messagesOfRun, client.parsers, options)[0] as Results<T>;
  }

  /** Parses `text` under a new name, closing the statement used longest ago when the map is full. */
  async #prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const { serialize } = protocol;
    const parts: Uint8Array[] = [];
    if (this.#statements.size >= KEPT_STATEMENTS) {
      const [oldest, gone] = this.#statements.entries().next().value as [string, Statement];
      this.#statements.delete(oldest);
      parts.push(serialize.close({ type: "S", name: gone.name }));
    }
    const name = `mana_${this.#next++}`;
    parts.push(
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    );
    const described = await this.#client.execProtocolStream(joined(parts), { syncToFs: false });
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((m) => m.name === "rowDescription"),
    };
  }
}
