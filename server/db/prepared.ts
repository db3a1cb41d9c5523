import type { DbOrTx } from "./client.ts";

/**
 * Statements built once per database and run as prepared statements, as the cart's are
 * (server/cart/cart-queries.ts): Drizzle writes a statement's SQL once instead of on every request (a
 * select of every column of an order is 0.2-0.3 ms of CPU under the memory flags of `npm start`, and a
 * signed-in page reads a dozen), and PostgreSQL parses and plans it once per pooled connection. `build`
 * writes each run's values as `sql.placeholder(name)` and names its statements (`.prepare(name)`, each name
 * for one text). A transaction's handle gets statements of its own, built from it, so they run inside it.
 */
export function perDatabase<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statements = built.get(db);
    if (statements === undefined) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}
