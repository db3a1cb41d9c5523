import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressAnswers } from "./compress-answers.ts";

function appAnswering(answer: (c: import("hono").Context) => Response) {
  const made: Response[] = [];
  const app = new Hono();
  app.use("*", compressAnswers());
  app.get("/", (c) => {
    const res = answer(c);
    made.push(res);
    return res;
  });
  return { app, made };
}

const big = { text: "x".repeat(2000) };

describe("compressAnswers", () => {
  it("hands on the handler's own answer, marked Vary: Accept-Encoding, when not asked to compress", async () => {
    const { app, made } = appAnswering((c) => c.json(big));
    const res = await app.request("/");
    // The same Response: not copied around its body (Hono's compress() alone copies it to add the header).
    expect(res).toBe(made[0]);
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toEqual(big);
  });

  it("compresses when asked, and adds to a Vary already there once", async () => {
    const { app } = appAnswering((c) => {
      c.header("Vary", "Cookie");
      return c.json(big);
    });
    const res = await app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    const text = await new Response(res.body?.pipeThrough(new DecompressionStream("gzip"))).text();
    expect(JSON.parse(text)).toEqual(big);
  });

  it("leaves alone what compress() would not compress: small, binary, no-transform", async () => {
    const small = appAnswering((c) =>
      c.body("tiny", 200, { "content-type": "text/plain", "content-length": "4" }),
    );
    expect(
      (await small.app.request("/", { headers: { "accept-encoding": "gzip" } })).headers.get("vary"),
    ).toBeNull();
    const binary = appAnswering((c) => c.body(new Uint8Array(4096), 200, { "content-type": "image/png" }));
    const png = await binary.app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(png.headers.get("vary")).toBeNull();
    expect(png.headers.get("content-encoding")).toBeNull();
    const fixed = appAnswering((c) => {
      c.header("Cache-Control", "no-transform");
      return c.json(big);
    });
    const kept = await fixed.app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(kept.headers.get("vary")).toBeNull();
    expect(kept.headers.get("content-encoding")).toBeNull();
  });

  it("takes an answer whose headers cannot change (a redirect) as compress() does", async () => {
    const { app } = appAnswering(() => Response.redirect("http://localhost/elsewhere", 302));
    const res = await app.request("/");
    expect(res.status).toBe(302);
  });
});
