import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };

/** One sample's value from Prometheus' text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDatabases)("GET /metrics on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  const scrape = async () => {
    const res = await shop.app.request("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    return res.text();
  };

  it("counts requests by route pattern, page-cache hits and misses, mail, paid orders and payment events", async () => {
    expect((await shop.app.request("/api/products")).status).toBe(200);
    expect((await shop.app.request("/api/products")).status).toBe(200);
    expect((await shop.app.request("/api/content/articles/no-such-article")).status).toBe(404);
    const visitor = new Visitor(shop);
    expect((await visitor.add(1)).status).toBe(201);
    const session = await visitor.checkout({ email: "metrics@example.com" });
    expect(session.status).toBe(200);
    const sessionId = String(session.body.url).split("/pay/")[1] as string;
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });

    const text = await scrape();
    expect(sample(text, 'mana_http_requests_total{method="GET",route="/api/products",status="200"}')).toBe(2);
    expect(sample(text, 'mana_http_requests_total{method="POST",route="/api/cart",status="201"}')).toBe(1);
    expect(sample(text, 'mana_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).toContain(
      'mana_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/products"}',
    );
    expect(sample(text, 'mana_page_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mana_page_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "mana_orders_paid")).toBe(1);
    expect(sample(text, 'mana_messages{channel="email",status="stored"}')).toBe(1);
    expect(sample(text, 'mana_payment_events_total{provider="sandbox",outcome="paid"}')).toBe(1);
  });

  it("is never cached and never labels a raw path", async () => {
    for (const slug of ["a", "b", "c"]) await shop.app.request(`/api/content/stacks/${slug}-missing`);
    await shop.app.request("/api/content/stacks");
    const res = await shop.app.request("/metrics");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).toContain('route="/api/content/stacks"');
    expect(text).not.toContain("-missing");
  });
});

describe("who may read /metrics", () => {
  it("in production without METRICS_TOKEN: nobody (404)", async () => {
    const shop = await createTestShop("pglite", {
      env: { NODE_ENV: "production", PUBLIC_URL: "http://shop.test" },
    });
    try {
      expect((await shop.app.request("/metrics")).status).toBe(404);
    } finally {
      await shop.close();
    }
  });

  it("with METRICS_TOKEN: only a request bearing it", async () => {
    const token = "a-metrics-token-of-some-length";
    const shop = await createTestShop("pglite", {
      env: { NODE_ENV: "production", PUBLIC_URL: "http://shop.test", METRICS_TOKEN: token },
    });
    try {
      const anonymous = await shop.app.request("/metrics");
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ code: "unauthorized" });
      const wrong = await shop.app.request("/metrics", {
        headers: { authorization: "Bearer not-the-token-at-all!" },
      });
      expect(wrong.status).toBe(401);
      const right = await shop.app.request("/metrics", { headers: { authorization: `Bearer ${token}` } });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain("mana_http_requests_total");
    } finally {
      await shop.close();
    }
  });
});
