import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";

/**
 * The shop's reads and writes from the browser: the part of TanStack Query's API the app used (the same
 * names and options), in a module of its own so every page ships under 2 KB (brotli) instead of ~10 KB
 * (docs/decisions/048-own-query-module.md). Reads are cached by key, shared by every component that
 * reads the key, fetched once however many ask at the same time, fresh for their `staleTime`, and
 * fetched again when invalidated or when the window comes back; writes of one `scope` run one after
 * another. Nothing is fetched and no timer is set during a server render (app/lib/query-client.ts).
 */

export type QueryKey = readonly unknown[];

/** A read's state; replaced, never changed in place, so React sees every change. */
export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  status: "pending" | "success" | "error";
  fetching: boolean;
  /** How many answers (data or error) the read has had, to tell one that came after a component mounted. */
  answers: number;
  /** When the data was set (epoch ms). */
  updatedAt: number;
}

/** What a mounted reader asks of its read. */
interface Reader {
  enabled: boolean;
  staleTime: number;
  refetchOnWindowFocus: boolean;
}

interface Query<T = unknown> {
  key: QueryKey;
  state: QueryState<T>;
  /** The latest `queryFn` a reader gave. */
  fn?: () => Promise<T>;
  listeners: Set<() => void>;
  readers: Set<Reader>;
  invalidated: boolean;
  /** The fetch whose answer the read takes; replaced or cleared to drop an answer still on its way. */
  fetch?: Promise<void>;
  gc?: ReturnType<typeof setTimeout>;
}

export interface QueryClientOptions {
  /** How long read data stays fresh (ms) unless a read says otherwise. */
  staleTime: number;
  /** How long a read nobody uses is kept (ms); `Infinity` sets no timer at all. */
  gcTime: number;
}

const hashKey = (key: QueryKey) => JSON.stringify(key);

/** `key` starts with `prefix` (TanStack's partial match, for the plain keys this app uses). */
const startsWith = (key: QueryKey, prefix: QueryKey) =>
  hashKey(key.slice(0, prefix.length)) === hashKey(prefix);

type DataListener = (key: QueryKey, data: unknown) => void;

export class QueryClient {
  readonly #queries = new Map<string, Query>();
  readonly #dataListeners = new Set<DataListener>();
  /** The last write of each scope, which the next one waits for. */
  readonly #scopes = new Map<string, Promise<unknown>>();

  readonly options: QueryClientOptions;

  constructor(options: QueryClientOptions) {
    this.options = options;
  }

  /** The read of a key, made on first use (with `initialData` as its data, if given). */
  query<T>(key: QueryKey, initialData?: T): Query<T> {
    const hash = hashKey(key);
    let query = this.#queries.get(hash) as Query<T> | undefined;
    if (!query) {
      const has = initialData !== undefined;
      query = {
        key,
        state: {
          data: initialData,
          error: null,
          status: has ? "success" : "pending",
          fetching: false,
          answers: 0,
          updatedAt: has ? Date.now() : 0,
        },
        listeners: new Set(),
        readers: new Set(),
        invalidated: false,
      };
      this.#queries.set(hash, query as Query);
      this.#scheduleGc(query as Query);
    }
    return query;
  }

  getQueryData<T>(key: QueryKey): T | undefined {
    return this.#queries.get(hashKey(key))?.state.data as T | undefined;
  }

  /** Sets a read's data as if it had just been fetched (fresh, an answer). */
  setQueryData<T>(key: QueryKey, data: T) {
    const query = this.query<T>(key);
    query.invalidated = false;
    this.#answer(query, { data, error: null, status: "success", updatedAt: Date.now() });
  }

  /** Drops the answers still on their way for the matching reads, so they cannot overwrite newer data. */
  async cancelQueries({ queryKey }: { queryKey: QueryKey }) {
    for (const query of this.#matching(queryKey)) {
      if (!query.fetch) continue;
      query.fetch = undefined;
      this.#set(query, { ...query.state, fetching: false });
    }
  }

  /** Marks the matching reads stale and fetches again those a mounted component reads. */
  async invalidateQueries({ queryKey }: { queryKey: QueryKey }) {
    const fetches: Promise<void>[] = [];
    for (const query of this.#matching(queryKey)) {
      query.invalidated = true;
      if ([...query.readers].some((r) => r.enabled)) fetches.push(this.fetch(query, true));
    }
    await Promise.all(fetches);
  }

  /** Calls `listener` whenever a read gets new data (fetched or set); answers how to stop. */
  subscribeToData(listener: DataListener) {
    this.#dataListeners.add(listener);
    return () => {
      this.#dataListeners.delete(listener);
    };
  }

  /**
   * Fetches a read: joins the fetch on its way, or with `restart` starts a new one whose answer replaces
   * it. A failed fetch keeps the data the read had.
   */
  fetch<T>(query: Query<T>, restart = false): Promise<void> {
    const fn = query.fn;
    if ((query.fetch && !restart) || !fn) return query.fetch ?? Promise.resolve();
    const fetch: Promise<void> = Promise.resolve()
      .then(fn)
      .then(
        (data) => {
          if (query.fetch !== fetch) return;
          query.fetch = undefined;
          query.invalidated = false;
          this.#answer(query, { data, error: null, status: "success", updatedAt: Date.now() });
        },
        (error: unknown) => {
          if (query.fetch !== fetch) return;
          query.fetch = undefined;
          this.#answer(query, { data: query.state.data, error, status: "error" });
        },
      );
    query.fetch = fetch;
    this.#set(query, { ...query.state, fetching: true });
    return fetch;
  }

  /** A mounted reader of a read: fetches it if it is stale for this reader; answers how to let go. */
  read<T>(query: Query<T>, reader: Reader) {
    clearTimeout(query.gc);
    query.readers.add(reader);
    if (reader.enabled && this.#stale(query, reader.staleTime)) void this.fetch(query);
    return () => {
      query.readers.delete(reader);
      this.#scheduleGc(query);
    };
  }

  /**
   * Fetches again the stale reads mounted components read when the page is shown again (another tab, the
   * phone unlocked; `refetchOnWindowFocus`) or the browser is back online. Answers how to stop.
   */
  mount() {
    const refetch = (focus: boolean) => {
      for (const query of this.#queries.values()) {
        const due = [...query.readers].some(
          (r) => r.enabled && (!focus || r.refetchOnWindowFocus) && this.#stale(query, r.staleTime),
        );
        if (due) void this.fetch(query);
      }
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") refetch(true);
    };
    const onOnline = () => refetch(false);
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", onOnline);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", onOnline);
    };
  }

  /**
   * Runs a write: `onMutate` at once, then `mutationFn` once the previous write of its scope has
   * settled, then `onSuccess` or `onError`, then `onSettled`; the next write of the scope starts after.
   */
  async mutate<TData, TVariables, TContext>(
    options: MutationOptions<TData, TVariables, TContext>,
    variables: TVariables,
  ): Promise<TData> {
    let context: TContext | undefined;
    let done = () => {};
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    const id = options.scope?.id;
    const before = id ? this.#scopes.get(id) : undefined;
    const tail = Promise.all([before, mine]);
    if (id) this.#scopes.set(id, tail);
    try {
      context = await options.onMutate?.(variables);
      await before;
      const data = await options.mutationFn(variables);
      await options.onSuccess?.(data, variables, context);
      await options.onSettled?.(data, null, variables, context);
      return data;
    } catch (error) {
      await reported(() => options.onError?.(error, variables, context));
      await reported(() => options.onSettled?.(undefined, error, variables, context));
      throw error;
    } finally {
      done();
      if (id && this.#scopes.get(id) === tail) this.#scopes.delete(id);
    }
  }

  #matching(prefix: QueryKey) {
    return [...this.#queries.values()].filter((q) => startsWith(q.key, prefix));
  }

  #stale(query: Query, staleTime: number) {
    return (
      query.invalidated || query.state.data === undefined || Date.now() - query.state.updatedAt >= staleTime
    );
  }

  /** A read's new data or error: one answer more. */
  #answer<T>(
    query: Query<T>,
    next: Pick<QueryState<T>, "data" | "error" | "status"> & { updatedAt?: number },
  ) {
    this.#set(query, {
      ...query.state,
      ...next,
      fetching: query.fetch !== undefined,
      answers: query.state.answers + 1,
    });
    if (next.status === "success") for (const listener of this.#dataListeners) listener(query.key, next.data);
  }

  #set<T>(query: Query<T>, state: QueryState<T>) {
    query.state = state;
    for (const listener of query.listeners) listener();
  }

  #scheduleGc(query: Query) {
    const { gcTime } = this.options;
    if (gcTime === Number.POSITIVE_INFINITY || query.readers.size > 0) return;
    clearTimeout(query.gc);
    query.gc = setTimeout(() => {
      if (query.readers.size === 0) this.#queries.delete(hashKey(query.key));
    }, gcTime);
  }
}

/** Runs a failure callback; an error of its own is logged, so the write's own error is the one thrown. */
async function reported(callback: () => unknown) {
  try {
    await callback();
  } catch (err) {
    console.error(err);
  }
}

const QueryClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children?: ReactNode }) {
  useEffect(() => client.mount(), [client]);
  return createElement(QueryClientContext.Provider, { value: client }, children);
}

export function useQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (!client) throw new Error("No QueryClient: wrap the app in QueryClientProvider (app/root.tsx).");
  return client;
}

/** `placeholderData: keepPreviousData`: a read shows its previous key's data while the new key loads. */
export const keepPreviousData = "keepPreviousData";

export interface QueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** False: read from the cache only, never fetched (until `refetch`). */
  enabled?: boolean;
  staleTime?: number;
  refetchOnWindowFocus?: boolean;
  /** The data until the first fetch answers (the read counts it as fetched now). */
  initialData?: T;
  placeholderData?: typeof keepPreviousData;
}

export interface QueryResult<T> {
  data: T | undefined;
  error: unknown;
  /** No data yet. */
  isPending: boolean;
  /** No data yet, and it is being fetched. */
  isLoading: boolean;
  isSuccess: boolean;
  /** An answer has come since this component mounted (or since its key changed). */
  isFetchedAfterMount: boolean;
  /** Fetches now, fresh or not, enabled or not. */
  refetch: () => Promise<void>;
}

export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const client = useQueryClient();
  const query = client.query<T>(options.queryKey, options.initialData);
  query.fn = options.queryFn;
  const subscribe = useCallback(
    (listener: () => void) => {
      query.listeners.add(listener);
      return () => {
        query.listeners.delete(listener);
      };
    },
    [query],
  );
  const snapshot = () => query.state;
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);

  const enabled = options.enabled ?? true;
  const staleTime = options.staleTime ?? client.options.staleTime;
  const refetchOnWindowFocus = options.refetchOnWindowFocus ?? true;
  useEffect(
    () => client.read(query, { enabled, staleTime, refetchOnWindowFocus }),
    [client, query, enabled, staleTime, refetchOnWindowFocus],
  );

  // The answers the read had when this component first read this key.
  const mounted = useRef<{ query: Query<T>; answers: number } | null>(null);
  if (mounted.current?.query !== query) mounted.current = { query, answers: state.answers };
  const previous = useRef<T | undefined>(undefined);
  if (state.data !== undefined) previous.current = state.data;

  const pending = state.status === "pending";
  return {
    data: state.data ?? (options.placeholderData === keepPreviousData ? previous.current : undefined),
    error: state.error,
    isPending: pending,
    isLoading: pending && (state.fetching || enabled),
    isSuccess: state.status === "success",
    isFetchedAfterMount: state.answers > mounted.current.answers,
    refetch: () => client.fetch(query, true),
  };
}

export interface MutationOptions<TData, TVariables, TContext = unknown> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Writes of one scope run one after another, in the order they were asked for. */
  scope?: { id: string };
  onMutate?: (variables: TVariables) => TContext | Promise<TContext>;
  onSuccess?: (data: TData, variables: TVariables, context: TContext | undefined) => unknown;
  onError?: (error: unknown, variables: TVariables, context: TContext | undefined) => unknown;
  onSettled?: (
    data: TData | undefined,
    error: unknown,
    variables: TVariables,
    context: TContext | undefined,
  ) => unknown;
}

/** A call's own callbacks: run after the write's, only for the component's latest call while it is mounted. */
export interface MutateOptions<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: unknown, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: unknown, variables: TVariables) => unknown;
}

type MutationStatus = "idle" | "pending" | "success" | "error";

export function useMutation<TData, TVariables = void, TContext = unknown>(
  options: MutationOptions<TData, TVariables, TContext>,
) {
  const client = useQueryClient();
  const [status, setStatus] = useState<MutationStatus>("idle");
  const latestOptions = useRef(options);
  latestOptions.current = options;
  const latestCall = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(
    async (variables: TVariables, callbacks: MutateOptions<TData, TVariables> = {}) => {
      const call = ++latestCall.current;
      const current = () => call === latestCall.current && mounted.current;
      setStatus("pending");
      let data: TData;
      try {
        data = await client.mutate(latestOptions.current, variables);
      } catch (error) {
        if (current()) {
          setStatus("error");
          await reported(() => callbacks.onError?.(error, variables));
          await reported(() => callbacks.onSettled?.(undefined, error, variables));
        }
        throw error;
      }
      if (current()) {
        setStatus("success");
        await callbacks.onSuccess?.(data, variables);
        await callbacks.onSettled?.(data, null, variables);
      }
      return data;
    },
    [client],
  );
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TVariables>) => {
      mutateAsync(variables, callbacks).catch(() => {});
    },
    [mutateAsync],
  );
  return {
    mutate,
    mutateAsync,
    isPending: status === "pending",
    isSuccess: status === "success",
    isError: status === "error",
  };
}
