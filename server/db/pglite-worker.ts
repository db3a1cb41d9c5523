// The embedded database's own thread (server/db/pglite-thread.ts starts it): PGlite on `workerData.dir`,
// migrated, answering the statements the server's thread posts. Postgres in WebAssembly runs each statement
// to its end without yielding; here it does so without holding the thread that answers requests.
import { parentPort, workerData } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { migrateClient, STANDARD_PARSERS, startClient } from "./pglite.ts";
import { changesWhatIsRead, PreparedStatements } from "./pglite-statements.ts";
import type { ThreadError, ThreadReply, ThreadRequest } from "./pglite-thread.ts";

const port = parentPort;
if (!port)
  throw new Error("server/db/pglite-worker.ts runs as a worker thread (server/db/pglite-thread.ts).");

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction's callback: commit (true) or roll back (false). */
  end(commit: boolean): void;
  /** PGlite's transaction() promise: settled once COMMIT or ROLLBACK has run. */
  settled: Promise<unknown>;
}

let client: PGlite;
/** Every statement the server sends is parsed and planned once (decision 057). */
let statements: PreparedStatements;
const open = new Map<number, OpenTransaction>();
const stops = new Map<string, () => Promise<void>>();
let nextTransaction = 1;

function options(request: { rowMode?: "array" | "object"; standard?: boolean }): QueryOptions | undefined {
  if (!request.rowMode && !request.standard) return undefined;
  return {
    ...(request.rowMode ? { rowMode: request.rowMode } : {}),
    ...(request.standard ? { parsers: STANDARD_PARSERS } : {}),
  };
}

/** What crosses back: the fields of a result, without PGlite's internals. */
const plain = (r: Results<unknown>) => ({
  rows: r.rows,
  fields: r.fields,
  affectedRows: r.affectedRows,
  rowCount: r.rowCount,
  command: r.command,
});

function target(tx: number | undefined): Pick<PGlite, "query" | "exec"> {
  if (tx === undefined) return client;
  const found = open.get(tx);
  if (!found) throw new Error(`Transaction ${tx} is not open.`);
  return found.tx;
}

function begin(): Promise<number> {
  return new Promise((started, failed) => {
    const id = nextTransaction++;
    let end: (commit: boolean) => void = () => {};
    const ended = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    const settled = client.transaction(async (tx) => {
      open.set(id, { tx, end, settled });
      started(id);
      if (!(await ended)) await tx.rollback();
    });
    // A failure before the callback ran (BEGIN itself) is the begin's; later ones are the end's.
    settled.catch(failed);
  });
}

async function run(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case "query": {
      const tx = request.tx === undefined ? undefined : target(request.tx);
      return plain(await statements.query(request.text, request.params, options(request), tx));
    }
    case "exec": {
      const on = target(request.tx);
      const results = (await on.exec(request.text, options(request))).map(plain);
      if (changesWhatIsRead(request.text)) await statements.forget(request.tx === undefined ? undefined : on);
      return results;
    }
    case "begin":
      return begin();
    case "end": {
      const found = open.get(request.tx);
      if (!found) throw new Error(`Transaction ${request.tx} is not open.`);
      found.end(request.commit);
      try {
        await found.settled;
      } finally {
        open.delete(request.tx);
      }
      return null;
    }
    case "listen": {
      if (!stops.has(request.channel)) {
        const channel = request.channel;
        stops.set(channel, await client.listen(channel, (payload) => post({ notify: channel, payload })));
      }
      return null;
    }
    case "unlisten": {
      await stops.get(request.channel)?.();
      stops.delete(request.channel);
      return null;
    }
    case "close":
      await client.close();
      return null;
  }
}

function post(reply: ThreadReply) {
  port?.postMessage(reply);
}

/** A database error as fields: the server's thread rebuilds an Error with the same code, column, … */
function errorOf(err: unknown): ThreadError {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: ThreadError = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err))
    if (typeof value === "string" || typeof value === "number") fields[key] = value;
  return fields;
}

try {
  client = await startClient(workerData.dir as string);
  await migrateClient(client);
  statements = new PreparedStatements(client);
} catch (err) {
  post({ ready: false, error: errorOf(err) });
  throw err;
}
port.on("message", (request: ThreadRequest) => {
  run(request).then(
    (result) => post({ id: request.id, ok: true, result }),
    (err: unknown) => post({ id: request.id, ok: false, error: errorOf(err) }),
  );
});
post({ ready: true });
