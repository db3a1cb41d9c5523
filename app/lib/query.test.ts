import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "./query.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const client = () => new QueryClient({ staleTime: 5 * 60_000, gcTime: 5 * 60_000 });
const reader = (
  over: Partial<{ enabled: boolean; staleTime: number; refetchOnWindowFocus: boolean }> = {},
) => ({
  enabled: true,
  staleTime: 0,
  refetchOnWindowFocus: true,
  ...over,
});

/** A promise and the functions that settle it, to hold an answer until the test lets it go. */
function held<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (err: unknown) => void = () => {};
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((r) => setTimeout(r, 0));

/** The read of `key` with a counting `queryFn` that answers `answer()`. */
function readOf<T>(qc: QueryClient, key: unknown[], answer: () => T | Promise<T>) {
  const query = qc.query<T>(key);
  const fn = vi.fn(async () => answer());
  query.fn = fn;
  return { query, fn };
}

describe("reads", () => {
  it("fetch once for every component that reads a key at the same time", async () => {
    const qc = client();
    const answer = held<string[]>();
    const { query, fn } = readOf(qc, ["/api/cart"], () => answer.promise);
    qc.read(query, reader());
    qc.read(query, reader());
    void qc.fetch(query);
    await settle();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(query.state.fetching).toBe(true);
    answer.resolve(["line"]);
    await settle();
    expect(query.state).toMatchObject({ data: ["line"], status: "success", fetching: false, answers: 1 });
  });

  it("stay fresh for their stale time: a component mounted within it reads the cache, one after it fetches", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(0);
    const qc = client();
    const { query, fn } = readOf(qc, ["/api/products/1/content"], () => "content");
    qc.read(query, reader({ staleTime: 60_000 }));
    await settle();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.setSystemTime(59_000);
    qc.read(query, reader({ staleTime: 60_000 }));
    await settle();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.setSystemTime(60_000);
    qc.read(query, reader({ staleTime: 60_000 }));
    await settle();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("are not fetched while no mounted component enables them", async () => {
    const qc = client();
    const { query, fn } = readOf(qc, ["/api/wishlist"], () => "list");
    qc.read(query, reader({ enabled: false }));
    await settle();
    expect(fn).not.toHaveBeenCalled();
    expect(query.state.status).toBe("pending");
  });

  it("take initial data as fetched now, fresh for a reader's stale time", async () => {
    const qc = client();
    const query = qc.query(["/api/cart/balances"], { points: 3 });
    const fn = vi.fn(async () => ({ points: 4 }));
    query.fn = fn;
    expect(query.state).toMatchObject({ data: { points: 3 }, status: "success" });
    qc.read(query, reader({ staleTime: 60_000 }));
    await settle();
    expect(fn).not.toHaveBeenCalled();
    qc.read(query, reader({ staleTime: 0 }));
    await settle();
    expect(qc.getQueryData(["/api/cart/balances"])).toEqual({ points: 4 });
  });

  it("keep their data after a failed fetch, with the error", async () => {
    const qc = client();
    let fail = false;
    const { query } = readOf(qc, ["/api/cart"], () => {
      if (fail) throw new Error("offline");
      return ["line"];
    });
    qc.read(query, reader());
    await settle();
    fail = true;
    await qc.fetch(query, true);
    expect(query.state).toMatchObject({ data: ["line"], status: "error", answers: 2 });
    expect((query.state.error as Error).message).toBe("offline");
  });
});

describe("invalidation", () => {
  it("refetches the reads mounted components enable, and leaves the others stale for their next mount", async () => {
    const qc = client();
    const mounted = readOf(qc, ["/api/cart"], () => "cart");
    const off = readOf(qc, ["/api/cart", "code"], () => "code");
    const other = readOf(qc, ["/api/wishlist"], () => "wishlist");
    qc.read(mounted.query, reader({ staleTime: 60_000 }));
    const letGo = qc.read(off.query, reader({ staleTime: 60_000 }));
    qc.read(other.query, reader({ staleTime: 60_000 }));
    await settle();
    letGo();
    await qc.invalidateQueries({ queryKey: ["/api/cart"] });
    expect(mounted.fn).toHaveBeenCalledTimes(2);
    expect(off.fn).toHaveBeenCalledTimes(1);
    expect(other.fn).toHaveBeenCalledTimes(1);
    qc.read(off.query, reader({ staleTime: 60_000 }));
    await settle();
    expect(off.fn).toHaveBeenCalledTimes(2);
  });

  it("starts a new fetch whose answer wins over the one already on its way", async () => {
    const qc = client();
    const [first, second] = [held<string>(), held<string>()];
    const { query, fn } = readOf(qc, ["/api/cart"], () => first.promise);
    qc.read(query, reader());
    await settle();
    fn.mockImplementation(() => second.promise);
    const refetched = qc.invalidateQueries({ queryKey: ["/api/cart"] });
    second.resolve("after the write");
    await refetched;
    first.resolve("before the write");
    await settle();
    expect(qc.getQueryData(["/api/cart"])).toBe("after the write");
  });
});

describe("set data", () => {
  it("is not overwritten by a read sent before it once that read is cancelled", async () => {
    const qc = client();
    const answer = held<string[]>();
    const { query } = readOf(qc, ["/api/cart"], () => answer.promise);
    qc.read(query, reader());
    await settle();
    await qc.cancelQueries({ queryKey: ["/api/cart"] });
    qc.setQueryData(["/api/cart"], ["added"]);
    answer.resolve([]);
    await settle();
    expect(query.state).toMatchObject({ data: ["added"], fetching: false, status: "success" });
  });

  it("tells the data listeners, as a fetched answer does", async () => {
    const qc = client();
    const seen: unknown[] = [];
    const stop = qc.subscribeToData((key, data) => seen.push([key, data]));
    const { query } = readOf(qc, ["/api/cart/code"], () => "fetched");
    qc.setQueryData(["/api/cart"], ["set"]);
    qc.read(query, reader());
    await settle();
    stop();
    qc.setQueryData(["/api/cart"], ["unheard"]);
    expect(seen).toEqual([
      [["/api/cart"], ["set"]],
      [["/api/cart/code"], "fetched"],
    ]);
  });
});

describe("writes", () => {
  it("of one scope run one after another, each after the previous one's callbacks; others do not wait", async () => {
    const qc = client();
    const log: string[] = [];
    const first = held<string>();
    const write = (name: string, answer: () => Promise<string>, scope?: { id: string }) =>
      qc
        .mutate(
          {
            scope,
            mutationFn: async () => {
              log.push(`${name} sent`);
              return answer();
            },
            onSuccess: async () => {
              await settle();
              log.push(`${name} done`);
            },
            onError: () => log.push(`${name} failed`),
          },
          undefined,
        )
        .catch(() => {});
    const cart = { id: "cart" };
    const a = write("a", () => first.promise, cart);
    const b = write("b", async () => "b", cart);
    const c = write("c", async () => Promise.reject(new Error("409")), cart);
    const d = write("d", async () => "d", cart);
    const free = write("free", async () => "free");
    await settle();
    expect(log).toEqual(["a sent", "free sent"]);
    first.resolve("a");
    await Promise.all([a, b, c, d, free]);
    expect(log).toEqual([
      "a sent",
      "free sent",
      "free done",
      "a done",
      "b sent",
      "b done",
      "c sent",
      "c failed",
      "d sent",
      "d done",
    ]);
  });

  it("set the data at once and put it back when the server refuses (the balances' choice)", async () => {
    const qc = client();
    const key = ["/api/cart/balances"];
    qc.setQueryData(key, { useCredit: false, pointSteps: 0, credit: 500 });
    const refusal = held<never>();
    const shown: unknown[] = [];
    const write = qc.mutate(
      {
        mutationFn: () => refusal.promise,
        onMutate: async (body: { useCredit: boolean }) => {
          await qc.cancelQueries({ queryKey: key });
          const before = qc.getQueryData<Record<string, unknown>>(key);
          if (before) qc.setQueryData(key, { ...before, ...body });
          return { before };
        },
        onError: (_err, _body, context) => {
          if (context?.before) qc.setQueryData(key, context.before);
        },
      },
      { useCredit: true },
    );
    await settle();
    shown.push(qc.getQueryData(key));
    refusal.reject(new Error("balances_changed"));
    await expect(write).rejects.toThrow("balances_changed");
    shown.push(qc.getQueryData(key));
    expect(shown).toEqual([
      { useCredit: true, pointSteps: 0, credit: 500 },
      { useCredit: false, pointSteps: 0, credit: 500 },
    ]);
  });
});

describe("the window shown again", () => {
  function browser() {
    const document = Object.assign(new EventTarget(), { visibilityState: "hidden" });
    vi.stubGlobal("document", document);
    vi.stubGlobal("window", new EventTarget());
    return {
      show: () => {
        document.visibilityState = "visible";
        document.dispatchEvent(new Event("visibilitychange"));
      },
    };
  }

  it("refetches the stale reads mounted components enable and want refetched on focus", async () => {
    const page = browser();
    const qc = client();
    const stop = qc.mount();
    const cart = readOf(qc, ["/api/cart"], () => "cart");
    const fresh = readOf(qc, ["/api/products/1/content"], () => "content");
    const search = readOf(qc, ["/api/search", "sleep"], () => "results");
    const off = readOf(qc, ["/api/wishlist"], () => "wishlist");
    qc.read(cart.query, reader());
    qc.read(fresh.query, reader({ staleTime: 60_000 }));
    qc.read(search.query, reader({ refetchOnWindowFocus: false }));
    qc.read(off.query, reader({ enabled: false }));
    await settle();
    page.show();
    await settle();
    expect([cart, fresh, search, off].map((r) => r.fn.mock.calls.length)).toEqual([2, 1, 1, 0]);
    stop();
    page.show();
    await settle();
    expect(cart.fn).toHaveBeenCalledTimes(2);
  });
});

describe("an unused read", () => {
  it("is dropped after the client's gc time, and fetched afresh when read again", async () => {
    vi.useFakeTimers();
    const qc = client();
    const { query } = readOf(qc, ["/api/products/1/content"], () => "content");
    const letGo = qc.read(query, reader({ staleTime: 60 * 60_000 }));
    await vi.advanceTimersByTimeAsync(0);
    letGo();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(qc.getQueryData(["/api/products/1/content"])).toBeUndefined();
    expect(qc.query(["/api/products/1/content"])).not.toBe(query);
  });
});
