import { Worker } from "node:worker_threads";

/** A statement or a transaction's step, posted to the database's thread (server/db/pglite-worker.ts). */
export type ThreadRequest = { id: number } & (
  | {
      op: "query";
      text: string;
      params?: unknown[];
      rowMode?: "array" | "object";
      standard?: boolean;
      tx?: number;
    }
  | { op: "exec"; text: string; standard?: boolean; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
  | { op: "close" }
);

/** A database error's own fields (message, code, column, constraint, …), rebuilt as an Error here. */
export type ThreadError = { message: string } & Record<string, string | number>;

export type ThreadReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: ThreadError }
  | { notify: string; payload: string }
  | { ready: true }
  | { ready: false; error: ThreadError };

interface Result {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

type Options = { rowMode?: "array" | "object"; parsers?: unknown } | undefined;

function rebuilt(error: ThreadError): Error {
  const { message, name, ...fields } = error;
  const err = Object.assign(new Error(message), fields);
  if (typeof name === "string") err.name = name;
  return err;
}

/**
 * The embedded database on a thread of its own (docs/decisions/041-embedded-database-thread.md): the
 * statement PGlite runs to its end without yielding no longer holds the thread that answers requests, so
 * rendering, JSON and the next request's validation go on meanwhile. The client Drizzle is given speaks
 * PGlite's interface (query, exec, transaction); PGlite itself still runs one statement at a time, and a
 * statement outside a transaction waits for an open one to end, exactly as in one thread.
 */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #calls = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #next = 1;
  #stopped: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: ThreadReply) => this.#receive(reply));
    worker.on("error", (err) => this.#stop(err));
    worker.on("exit", (code) =>
      this.#stop(new Error(`The embedded database's thread stopped (exit ${code}).`)),
    );
  }

  /** Starts the thread on a data directory that exists (created by openPglite), migrated once started. */
  static async start(dir: string): Promise<PGliteThread> {
    const worker = new Worker(new URL("./pglite-worker.ts", import.meta.url), { workerData: { dir } });
    await new Promise<void>((ready, failed) => {
      const onMessage = (reply: ThreadReply) => {
        if (!("ready" in reply)) return;
        worker.off("message", onMessage);
        worker.off("error", failed);
        if (reply.ready) ready();
        else failed(rebuilt(reply.error));
      };
      worker.on("message", onMessage);
      worker.once("error", failed);
    });
    return new PGliteThread(worker);
  }

  #receive(reply: ThreadReply) {
    if ("notify" in reply) {
      for (const listener of this.#listeners.get(reply.notify) ?? []) listener(reply.payload);
      return;
    }
    if (!("id" in reply)) return;
    const call = this.#calls.get(reply.id);
    if (!call) return;
    this.#calls.delete(reply.id);
    if (reply.ok) call.resolve(reply.result);
    else call.reject(rebuilt(reply.error));
  }

  #stop(err: Error) {
    this.#stopped ??= err;
    for (const call of this.#calls.values()) call.reject(err);
    this.#calls.clear();
  }

  #call<T>(request: DistributiveOmit<ThreadRequest, "id">): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  /**
   * Drizzle's parsers (dates and times as text) are the instance's own on the thread: a query's functions
   * cannot cross, and Drizzle passes no others. `standard` asks for the job scheduler's (dates as Date).
   */
  query<T = unknown>(text: string, params?: unknown[], options?: Options, tx?: number, standard?: boolean) {
    return this.#call<Result & { rows: T[] }>({
      op: "query",
      text,
      params,
      rowMode: options?.rowMode,
      standard,
      tx,
    });
  }

  exec(text: string, _options?: Options, tx?: number, standard?: boolean) {
    return this.#call<Result[]>({ op: "exec", text, tx, standard });
  }

  /** PGlite's transaction(): its callback's statements run inside it; it commits, or rolls back on a throw. */
  async transaction<T>(callback: (tx: TransactionClient) => Promise<T>): Promise<T> {
    const tx = await this.#call<number>({ op: "begin" });
    let closed = false;
    const client: TransactionClient = {
      query: (text, params, options) => this.query(text, params, options, tx),
      exec: (text, options) => this.exec(text, options, tx),
      rollback: async () => {
        closed = true;
        await this.#call({ op: "end", tx, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(client);
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.#call({ op: "end", tx, commit: false }).catch(() => {});
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.#call({ op: "end", tx, commit: true });
    }
    return result;
  }

  /** Runs `callback` for each notification on `channel`; answers the function that stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.#call({ op: "listen", channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.#listeners.get(channel) === set) {
        this.#listeners.delete(channel);
        await this.#call({ op: "unlisten", channel });
      }
    };
  }

  async close(): Promise<void> {
    if (!this.#stopped) await this.#call({ op: "close" });
    await this.#worker.terminate();
  }
}

/** What a transaction's callback gets: PGlite's Transaction as Drizzle uses it. */
export interface TransactionClient {
  query<T = unknown>(text: string, params?: unknown[], options?: Options): Promise<Result & { rows: T[] }>;
  exec(text: string, options?: Options): Promise<Result[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
