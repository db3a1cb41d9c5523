import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { limitBody } from "./body-limit.ts";

const LIMIT = 1024;

function app() {
  const api = new Hono();
  api.use("*", limitBody({ maxSize: LIMIT, onError: (c) => c.json({ code: "payload_too_large" }, 413) }));
  api.all("/", async (c) => c.json({ text: await c.req.text() }));
  return api;
}

/**
 * A request as @hono/node-server hands it over: its body must not be asked for before the handler reads
 * it (asking builds a web stream around the Node request). Here asking throws.
 */
function nodeRequest(method: string, headers: Record<string, string>, text = "") {
  const real = new Request("http://localhost/", { method, headers, body: text || undefined });
  let asked = false;
  const request = new Proxy(real, {
    get(target, key) {
      if (key === "body" && !asked) throw new Error("the body stream was asked for before the handler");
      if (key === "text") asked = true;
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return request;
}
const fromNode = { incoming: {} };

describe("limitBody", () => {
  it("judges a Node request by its declared length without asking for its body", async () => {
    const ok = await app().fetch(nodeRequest("POST", { "content-length": "9" }, '{"a": 1 }'), fromNode);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ text: '{"a": 1 }' });
    const over = await app().fetch(
      nodeRequest("POST", { "content-length": String(LIMIT + 1) }, "x"),
      fromNode,
    );
    expect(over.status).toBe(413);
  });

  it("lets a Node request with no length and no chunking (no body) and a GET through untouched", async () => {
    expect((await app().fetch(nodeRequest("DELETE", {}), fromNode)).status).toBe(200);
    expect((await app().fetch(nodeRequest("GET", {}), fromNode)).status).toBe(200);
  });

  it("counts a chunked body as it arrives, and an in-process request's body", async () => {
    const chunked = new Request("http://localhost/", {
      method: "POST",
      headers: { "transfer-encoding": "chunked" },
      body: "x".repeat(LIMIT + 1),
    });
    expect((await app().fetch(chunked, fromNode)).status).toBe(413);
    const inProcess = new Request("http://localhost/", { method: "POST", body: "x".repeat(LIMIT + 1) });
    expect((await app().fetch(inProcess)).status).toBe(413);
    const small = new Request("http://localhost/", { method: "POST", body: "small" });
    expect(await (await app().fetch(small)).json()).toEqual({ text: "small" });
  });
});
