import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, uniqueEmail } from "../../api/auth-helpers.ts";
import { createTestShop, type TestShop } from "../../support/test-app.ts";
import { assertSecureConfig } from "./config-guard.ts";
import { bodyNear, LEAK, nastyString, onTheWire, queryNear, segment, type WireBody } from "./fuzz.ts";

/**
 * Reliability checks "Route fuzz" (docs/reliability.md): every API route, through app.request(), with inputs generated from the shape
 * of its zod schema plus mutations. 2,000 runs per route here; `npm run test:reliability` sets FUZZ_RUNS
 * to 20,000. Passing: no 5xx, every refusal a 4xx JSON { message }, no stack trace or SQL anywhere.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** The refusals a client may get: bad input, not signed in, not theirs, limits, wrong media type. */
const REFUSALS = [400, 401, 403, 404, 405, 409, 413, 415, 422, 429];

interface Route {
  method: string;
  path: fc.Arbitrary<string>;
  body?: fc.Arbitrary<WireBody>;
}

const productId = fc.integer({ min: 1, max: 5 });
const uuid = fc.uuid();
const email = fc.oneof(fc.emailAddress(), fc.constant("person@example.com"), nastyString);
const line = fc.record({
  productId,
  quantity: fc.integer({ min: 1, max: 99 }),
  isSubscription: fc.boolean(),
  bundleId: fc.option(fc.constantFrom("focus-and-calm", "deep-sleep", "nope")),
});
const address = fc.record({
  fullName: fc.oneof(fc.constant("Sam Shopper"), nastyString),
  line1: fc.oneof(fc.constant("1 Main St"), nastyString),
  line2: fc.option(nastyString),
  city: fc.oneof(fc.constant("Springfield"), nastyString),
  region: fc.oneof(fc.constantFrom("IL", "ON", "ZZ", ""), nastyString),
  postalCode: fc.oneof(fc.constantFrom("62701", "K1A 0B1", "9021", ""), nastyString),
  country: fc.oneof(fc.constantFrom("US", "CA", "FR", "", "usa"), nastyString),
  phone: fc.option(fc.oneof(fc.constant("+1 415 555 0100"), nastyString)),
});
const idText = fc.integer({ min: 1, max: 40 }).map(String);
const slugText = fc.constantFrom("ginsenosides-explained", "focus-and-calm", "ashwagandha", "unknown-slug");
const phone = fc.oneof(fc.constant("+15550009999"), fc.stringMatching(/^\+1555\d{7}$/), nastyString);

const routes: Record<string, Route> = {
  "GET /api/products": { method: "GET", path: queryNear(["x"], {}).map((q) => `/api/products${q}`) },
  "GET /api/products/:id/content": {
    method: "GET",
    path: segment(idText).map((id) => `/api/products/${id}/content`),
  },
  "GET /api/products/:id/educational-modules": {
    method: "GET",
    path: segment(idText).map((id) => `/api/products/${id}/educational-modules`),
  },
  "GET /api/content/articles": {
    method: "GET",
    path: queryNear(["type", "limit"], {
      type: fc.constantFrom("article", "story", "guide"),
      limit: fc.integer({ min: -5, max: 200 }).map(String),
    }).map((q) => `/api/content/articles${q}`),
  },
  "GET /api/content/articles/:slug": {
    method: "GET",
    path: segment(slugText).map((s) => `/api/content/articles/${s}`),
  },
  "GET /api/content/experts": {
    method: "GET",
    path: queryNear(["featured"], { featured: fc.constantFrom("true", "false") }).map(
      (q) => `/api/content/experts${q}`,
    ),
  },
  "GET /api/content/experts/:id": {
    method: "GET",
    path: segment(idText).map((id) => `/api/content/experts/${id}`),
  },
  "GET /api/content/categories": { method: "GET", path: fc.constant("/api/content/categories") },
  "GET /api/content/search": {
    method: "GET",
    path: queryNear(["q"], {
      q: fc.oneof(fc.constantFrom("ash", "sleep focus", "ashwaganda"), fc.string()),
    }).map((q) => `/api/content/search${q}`),
  },
  "GET /api/content/recommendations": {
    method: "GET",
    path: queryNear(["articleId"], { articleId: idText }).map((q) => `/api/content/recommendations${q}`),
  },
  "GET /api/content/analytics/articles/:id": {
    method: "GET",
    path: segment(idText).map((id) => `/api/content/analytics/articles/${id}`),
  },
  "POST /api/content/analytics/track": {
    method: "POST",
    path: fc.constant("/api/content/analytics/track"),
    body: onTheWire(
      bodyNear(
        fc.record(
          {
            articleId: fc.integer({ min: 1, max: 30 }),
            eventType: fc.constantFrom("view", "product_click"),
            productId,
          },
          { requiredKeys: ["articleId", "eventType"] },
        ),
      ),
    ),
  },
  "GET /api/content/stacks": {
    method: "GET",
    path: queryNear(["outcome"], { outcome: fc.constantFrom("Deep sleep", "null", "", "focus") }).map(
      (q) => `/api/content/stacks${q}`,
    ),
  },
  "GET /api/content/stacks/:slug": {
    method: "GET",
    path: segment(slugText).map((s) => `/api/content/stacks/${s}`),
  },
  "GET /api/cart": { method: "GET", path: fc.constant("/api/cart") },
  "POST /api/cart": { method: "POST", path: fc.constant("/api/cart"), body: onTheWire(bodyNear(line)) },
  "PUT /api/cart/:id": {
    method: "PUT",
    path: segment(uuid).map((id) => `/api/cart/${id}`),
    body: onTheWire(bodyNear(fc.record({ quantity: fc.integer({ min: 1, max: 99 }) }))),
  },
  "DELETE /api/cart/:id": { method: "DELETE", path: segment(uuid).map((id) => `/api/cart/${id}`) },
  "DELETE /api/cart": { method: "DELETE", path: fc.constant("/api/cart") },
  "POST /api/checkout/create-session": {
    method: "POST",
    path: fc.constant("/api/checkout/create-session"),
    body: onTheWire(
      bodyNear(
        fc.record({
          email,
          userId: fc.option(fc.string()),
          cartItems: fc.array(line, { maxLength: 3 }),
          shippingAddress: address,
          addressId: fc.option(uuid),
          saveAddress: fc.boolean(),
        }),
      ),
    ),
  },
  "GET /api/addresses": { method: "GET", path: fc.constant("/api/addresses") },
  "POST /api/addresses": {
    method: "POST",
    path: fc.constant("/api/addresses"),
    body: onTheWire(bodyNear(address.map((a) => ({ ...a, makeDefault: true })))),
  },
  "PUT /api/addresses/:id": {
    method: "PUT",
    path: segment(uuid).map((id) => `/api/addresses/${id}`),
    body: onTheWire(bodyNear(address)),
  },
  "POST /api/addresses/:id/default": {
    method: "POST",
    path: segment(uuid).map((id) => `/api/addresses/${id}/default`),
    body: onTheWire(bodyNear(fc.record({}))),
  },
  "DELETE /api/addresses/:id": { method: "DELETE", path: segment(uuid).map((id) => `/api/addresses/${id}`) },
  "GET /api/orders": { method: "GET", path: fc.constant("/api/orders") },
  "GET /api/orders/:id": { method: "GET", path: segment(uuid).map((id) => `/api/orders/${id}`) },
  "GET /api/subscriptions": { method: "GET", path: fc.constant("/api/subscriptions") },
  "POST /api/webhooks/stripe": {
    method: "POST",
    path: fc.constant("/api/webhooks/stripe"),
    body: onTheWire(
      bodyNear(fc.record({ id: fc.string(), type: fc.constant("checkout.session.completed") })),
    ),
  },
  "POST /api/newsletter": {
    method: "POST",
    path: fc.constant("/api/newsletter"),
    body: onTheWire(bodyNear(fc.record({ email, consent: fc.constant(true) }))),
  },
  "POST /api/auth/sync-user": {
    method: "POST",
    path: fc.constant("/api/auth/sync-user"),
    body: onTheWire(bodyNear(fc.record({ uid: fc.string(), email, displayName: fc.option(fc.string()) }))),
  },
  "PUT /api/auth/profile": {
    method: "PUT",
    path: fc.constant("/api/auth/profile"),
    body: onTheWire(bodyNear(fc.record({ displayName: fc.string({ maxLength: 90 }), phoneNumber: phone }))),
  },
  "POST /api/auth/sign-up/email": {
    method: "POST",
    path: fc.constant("/api/auth/sign-up/email"),
    body: onTheWire(
      bodyNear(fc.record({ email, password: fc.string({ maxLength: 12 }), name: fc.string() })),
    ),
  },
  "POST /api/auth/sign-in/email": {
    method: "POST",
    path: fc.constant("/api/auth/sign-in/email"),
    body: onTheWire(bodyNear(fc.record({ email, password: fc.string({ maxLength: 12 }) }))),
  },
  "POST /api/auth/sign-in/social": {
    method: "POST",
    path: fc.constant("/api/auth/sign-in/social"),
    body: onTheWire(
      bodyNear(
        fc.record({
          provider: fc.constantFrom("google", "github", "twitter", "apple", "oidc"),
          callbackURL: fc.constantFrom(
            "/account",
            "https://evil.example/steal",
            "//evil.example",
            "javascript:alert(1)",
          ),
        }),
      ),
    ),
  },
  "POST /api/auth/phone-number/send-otp": {
    method: "POST",
    path: fc.constant("/api/auth/phone-number/send-otp"),
    body: onTheWire(bodyNear(fc.record({ phoneNumber: phone }))),
  },
  "POST /api/auth/phone-number/verify": {
    method: "POST",
    path: fc.constant("/api/auth/phone-number/verify"),
    body: onTheWire(bodyNear(fc.record({ phoneNumber: phone, code: fc.stringMatching(/^\d{6}$/) }))),
  },
  "GET /api/auth/get-session": { method: "GET", path: fc.constant("/api/auth/get-session") },
  "GET /api/auth/human-check": { method: "GET", path: fc.constant("/api/auth/human-check") },
  "POST /api/auth/sign-out": {
    method: "POST",
    path: fc.constant("/api/auth/sign-out"),
    body: onTheWire(bodyNear(fc.record({}))),
  },
  "GET /api/auth/:anything": {
    method: "GET",
    path: segment(fc.constantFrom("callback/oidc", "ok", "error", "list-accounts")).map(
      (p) => `/api/auth/${p}`,
    ),
  },
};

/** Defines the fuzz of every route (or of shard `index` of `count`), `runs` runs each. */
export function routeFuzz(runs: number, shard: [number, number] = [0, 1]) {
  const RUNS = runs;
  const mine = Object.entries(routes).filter((_, i) => i % shard[1] === shard[0]);
  describe(`route fuzz${shard[1] > 1 ? ` (shard ${shard[0] + 1}/${shard[1]})` : ""}`, () => {
    let shop: TestShop;
    let member: Browser;
    const stats = { requests: 0, byStatus: new Map<number, number>() };

    beforeAll(async () => {
      // Behind a "proxy" so each run can come from its own address: the IP limiter then lets the input
      // through to the handlers instead of answering 429 to everything.
      shop = await createTestShop("pglite", { auth: true, env: { TRUSTED_PROXIES: "127.0.0.1" } });
      await assertSecureConfig(shop);
      member = new Browser(shop);
      expect((await member.signUp(uniqueEmail("fuzz"))).status).toBe(200);
      await member.call("POST", "/api/cart", { productId: 1, quantity: 2 });
    });
    afterAll(async () => {
      console.log(
        `route fuzz: ${stats.requests} requests, statuses ${JSON.stringify(Object.fromEntries([...stats.byStatus].sort()))}`,
      );
      await shop.close();
    });

    for (const [name, route] of mine) {
      it(`${name}: ${RUNS} runs, no 5xx, refusals are JSON 4xx, nothing leaks`, async () => {
        const input = fc.record({
          path: route.path,
          wire: route.body ?? fc.constant<WireBody>({ contentType: null, body: undefined }),
          signedIn: fc.boolean(),
          ip: fc.ipV4(),
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ path, wire, signedIn, ip }) => {
            const headers: Record<string, string> = { origin: "http://localhost", "x-forwarded-for": ip };
            if (wire.contentType) headers["content-type"] = wire.contentType;
            if (signedIn) headers.cookie = member.cookie;
            const res = await shop.app.request(`http://localhost${path}`, {
              method: route.method,
              headers,
              body: wire.body,
            });
            const text = await res.text();
            stats.requests++;
            stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
            const where = `${route.method} ${path} ${wire.contentType} ${wire.body?.slice(0, 200)} -> ${res.status} ${text.slice(0, 300)}`;
            if (res.status >= 500) throw new Error(`5xx: ${where}`);
            if (res.status >= 400) {
              if (!REFUSALS.includes(res.status)) throw new Error(`unexpected status: ${where}`);
              const body = JSON.parse(text || "null") as { message?: unknown } | null;
              if (typeof body?.message !== "string" || !body.message)
                throw new Error(`refusal without a JSON message: ${where}`);
              if (LEAK.test(text)) throw new Error(`leak: ${where}`);
            } else if (/\bat [\w$.<>]+ \(|node_modules/.test(text)) {
              throw new Error(`stack trace: ${where}`);
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }, 600_000);
    }
  });
}
