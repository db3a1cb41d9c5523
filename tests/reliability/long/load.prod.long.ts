import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, ProductionShop } from "./production-shop.ts";

/**
 * Reliability checks "Load held" (docs/reliability.md): autocannon on the production build with PostgreSQL. LOAD_SECONDS (default 60)
 * sets each run's length.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

describe("load on the production build (PostgreSQL)", () => {
  let shop: ProductionShop;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    ensureBuild();
    db = await freshDatabase();
    shop = await new ProductionShop({ DATABASE_URL: db.url }).start();
  }, 300_000);
  afterAll(async () => {
    await shop?.kill("SIGTERM");
    await db?.drop();
  });

  it(
    `${SECONDS} s over the public pages at 20 connections: 0 5xx, 0 errors`,
    async () => {
      const articles = (await (await fetch(`${shop.url}/api/content/articles?limit=20`)).json()) as {
        slug: string;
        type: string;
      }[];
      const stacks = (await (await fetch(`${shop.url}/api/content/stacks`)).json()) as { slug: string }[];
      const products = (await (await fetch(`${shop.url}/api/products`)).json()) as {
        slug?: string;
        id: number;
      }[];
      const article = articles.find((a) => a.type !== "story");
      const story = articles.find((a) => a.type === "story");
      const paths = [
        "/",
        "/knowledge",
        `/knowledge/${article?.slug}`,
        ...(story ? [`/story/${story.slug}`] : []),
        "/stacks",
        `/stacks/${stacks[0]?.slug}`,
        "/products/ashwagandha",
        "/knowledge?q=sleep",
        "/api/products",
        "/api/content/articles?limit=10",
        "/api/content/search?q=focus",
        "/sitemap.xml",
      ];
      expect(products.length).toBeGreaterThan(0);
      for (const p of paths) expect((await fetch(`${shop.url}${p}`)).status, p).toBe(200);
      const result = await autocannon({
        url: shop.url,
        connections: 20,
        duration: SECONDS,
        requests: paths.map((path) => ({ method: "GET", path, headers: { "accept-encoding": "gzip" } })),
      });
      const summary = {
        requests: result.requests.total,
        perSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        "2xx": result["2xx"],
        non2xx: result.non2xx,
        "5xx": result["5xx"],
        errors: result.errors,
        timeouts: result.timeouts,
      };
      console.log(`load public pages: ${JSON.stringify(summary)}`);
      expect(result["5xx"]).toBe(0);
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(result.requests.total).toBeGreaterThan(SECONDS * 50);
    },
    (SECONDS + 60) * 1000,
  );

  it(
    `200 guest carts adding, changing and removing lines for ${SECONDS} s: 0 5xx, the database equals a replay of the 2xx answers`,
    async () => {
      type Line = { quantity: number };
      const counts = { ok: 0, refused: 0, fivexx: 0, errors: 0 };
      const carts: { cookie: string; lines: Map<string, Line> }[] = Array.from({ length: 200 }, () => ({
        cookie: "",
        lines: new Map(),
      }));
      const until = Date.now() + SECONDS * 1000;
      async function call(cart: (typeof carts)[number], method: string, path: string, body?: unknown) {
        try {
          const res = await fetch(`${shop.url}${path}`, {
            method,
            headers: {
              origin: shop.url,
              ...(body ? { "content-type": "application/json" } : {}),
              ...(cart.cookie ? { cookie: cart.cookie } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          const set = res.headers.get("set-cookie");
          if (set) cart.cookie = set.split(";")[0] as string;
          const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
          if (res.status >= 500) counts.fivexx++;
          else if (res.ok) counts.ok++;
          else counts.refused++;
          return { status: res.status, json };
        } catch {
          counts.errors++;
          return { status: 0, json: null };
        }
      }
      async function guest(cart: (typeof carts)[number]) {
        while (Date.now() < until) {
          const ids = [...cart.lines.keys()];
          const roll = Math.random();
          if (roll < 0.5 || ids.length === 0) {
            const q = 1 + Math.floor(Math.random() * 3);
            const res = await call(cart, "POST", "/api/cart", {
              productId: 1 + Math.floor(Math.random() * 4),
              quantity: q,
              isSubscription: Math.random() < 0.3,
            });
            if (res.status === 201 && res.json) {
              const id = res.json.id as string;
              // Replay: the line grows by exactly what was added.
              const before = cart.lines.get(id)?.quantity ?? 0;
              cart.lines.set(id, { quantity: before + q });
            }
          } else if (roll < 0.8) {
            const id = ids[Math.floor(Math.random() * ids.length)] as string;
            const q = 1 + Math.floor(Math.random() * 10);
            const res = await call(cart, "PUT", `/api/cart/${id}`, { quantity: q });
            if (res.status === 200) cart.lines.set(id, { quantity: q });
          } else {
            const id = ids[Math.floor(Math.random() * ids.length)] as string;
            const res = await call(cart, "DELETE", `/api/cart/${id}`);
            if (res.status === 200) cart.lines.delete(id);
          }
        }
      }
      await Promise.all(carts.map(guest));
      let mismatches = 0;
      let lines = 0;
      for (const cart of carts) {
        const res = await fetch(`${shop.url}/api/cart`, { headers: { cookie: cart.cookie } });
        const items = (await res.json()) as { id: string; quantity: number }[];
        const actual = Object.fromEntries(items.map((i) => [i.id, i.quantity]));
        const expected = Object.fromEntries([...cart.lines].map(([id, l]) => [id, l.quantity]));
        lines += items.length;
        if (
          JSON.stringify(Object.entries(actual).sort()) !== JSON.stringify(Object.entries(expected).sort())
        ) {
          mismatches++;
        }
      }
      console.log(
        `load carts: ${JSON.stringify({ ...counts, perSecond: Math.round((counts.ok + counts.refused) / SECONDS), lines, mismatches })}`,
      );
      expect(counts.fivexx).toBe(0);
      expect(counts.errors).toBe(0);
      expect(mismatches).toBe(0);
      expect(counts.ok).toBeGreaterThan(SECONDS * 20);
    },
    (SECONDS + 120) * 1000,
  );
});
