import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../support/test-app.ts";

/**
 * The body limit and compression as a Node server runs them (server/http/body-limit.ts,
 * server/http/compress-answers.ts): judged by the request's declared length, or counted as a chunked body
 * arrives, without building a web Request; marked `Vary: Accept-Encoding` without copying the answer.
 */
const LIMIT = 4096;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request through node:http: `chunks` are sent chunked (no Content-Length) when `chunked` is set. */
function send(
  port: number,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    chunks?: string[];
    chunked?: boolean;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks = options.chunks ?? [];
    const body = chunks.join("");
    const headers: Record<string, string> = { connection: "close", ...options.headers };
    if (!options.chunked && chunks.length > 0) headers["content-length"] = String(Buffer.byteLength(body));
    const req = request(
      { host: "127.0.0.1", port, method: options.method, path: options.path, headers },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
        );
      },
    );
    // The server may answer before the whole body is sent (a declared length over the limit): fine.
    req.on("error", (err: NodeJS.ErrnoException) =>
      err.code === "EPIPE" || err.code === "ECONNRESET" ? undefined : reject(err),
    );
    if (options.chunked) for (const chunk of chunks) req.write(chunk);
    else if (body) req.write(body);
    req.end();
  });
}

const json = (a: Answer) => JSON.parse(a.body.toString("utf8"));

describe("request bodies and compression through a listening server", () => {
  let shop: TestShop;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    shop = await createTestShop("pglite", { env: { BODY_LIMIT_BYTES: String(LIMIT) } });
    server = createServer(getRequestListener(shop.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.close();
    await shop.close();
  });

  const addToCart = { "content-type": "application/json" };

  it("reads a body within the limit, declared or chunked", async () => {
    const declared = await send(port, {
      method: "POST",
      path: "/api/cart",
      headers: addToCart,
      chunks: [JSON.stringify({ productId: 1 })],
    });
    expect(declared.status).toBe(201);
    expect(json(declared)).toMatchObject({ productId: 1, quantity: 1 });
    const chunked = await send(port, {
      method: "POST",
      path: "/api/cart",
      headers: addToCart,
      chunks: ['{"product', 'Id": 2}'],
      chunked: true,
    });
    expect(chunked.status).toBe(201);
    expect(json(chunked)).toMatchObject({ productId: 2, quantity: 1 });
  });

  it("refuses a declared length over the limit with 413 before the body is read", async () => {
    const res = await send(port, {
      method: "POST",
      path: "/api/cart",
      headers: { ...addToCart, "content-length": String(LIMIT + 1) },
      // Fewer bytes than declared: an answer can only come from the declared length, not from reading.
      chunks: ["{"],
      chunked: true,
    });
    expect(res.status).toBe(413);
    expect(json(res)).toMatchObject({ code: "payload_too_large" });
  });

  it("refuses a chunked body that grows over the limit with 413", async () => {
    const padding = "x".repeat(1024);
    const res = await send(port, {
      method: "POST",
      path: "/api/cart",
      headers: addToCart,
      chunks: ['{"pad":"', padding, padding, padding, padding, padding, '"}'],
      chunked: true,
    });
    expect(res.status).toBe(413);
    expect(json(res)).toMatchObject({ code: "payload_too_large" });
  });

  it("answers a request without a body (DELETE) as before", async () => {
    const res = await send(port, { method: "DELETE", path: "/api/cart" });
    expect(res.status).toBe(200);
    expect(json(res)).toEqual({ cleared: 0 });
  });

  it("marks a compressible answer as varying on Accept-Encoding, compressed only when asked", async () => {
    const added = await send(port, {
      method: "POST",
      path: "/api/cart",
      headers: addToCart,
      chunks: [JSON.stringify({ productId: 3 })],
    });
    const cookie = String(added.headers["set-cookie"]).split(";")[0] ?? "";
    const plain = await send(port, { method: "GET", path: "/api/cart", headers: { cookie } });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    const cart = json(plain);
    expect(cart).toMatchObject([{ productId: 3 }]);

    const gzipped = await send(port, {
      method: "GET",
      path: "/api/cart",
      headers: { cookie, "accept-encoding": "gzip" },
    });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toBe("Accept-Encoding");
    expect(JSON.parse(gunzipSync(gzipped.body).toString("utf8"))).toEqual(cart);
  });
});
