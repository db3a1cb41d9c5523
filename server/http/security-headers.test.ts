import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { NONCE_PLACEHOLDER, newNonce, securityHeaders } from "./security-headers.ts";

/** The shop's security headers in front of two pages: one with its own, stricter Referrer-Policy. */
function appWithPages() {
  const app = new Hono();
  app.use("*", securityHeaders(parseEnv({ NODE_ENV: "test" })));
  app.get("/auth/reset", (c) => c.html("<p>reset</p>", 200, { "Referrer-Policy": "no-referrer" }));
  app.get("/products", (c) => c.html("<p>products</p>"));
  return app;
}

describe("security headers", () => {
  it("keeps a page's own no-referrer policy (a token in its address must not leak in a Referer)", async () => {
    const res = await appWithPages().request("http://localhost/auth/reset?token=secret");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("gives every other page strict-origin-when-cross-origin", async () => {
    const res = await appWithPages().request("http://localhost/products");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("newNonce", () => {
  it("gives 22 characters of base64url, the placeholder's length, and never the same twice", () => {
    // 1,000 draws: several refills of the 256-nonce pool.
    const nonces = Array.from({ length: 1000 }, () => newNonce());
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(nonces[0]).toHaveLength(NONCE_PLACEHOLDER.length);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
