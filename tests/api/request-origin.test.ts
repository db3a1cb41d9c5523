import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";

/**
 * Where the shop's absolute URLs come from (docs/decisions/030-one-shop-origin.md), through a real
 * listening server: an in-process request has no request line and no socket.
 */
async function listen(shop: TestShop): Promise<{ server: Server; port: number }> {
  const server = createServer(getRequestListener(shop.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Sends one request exactly as written (node:http would not send an absolute-form request line). */
function raw(port: number, head: string, body = ""): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("end", () => resolve({ status: Number(text.split(" ")[1]), text }));
    socket.on("error", reject);
    socket.write(`${head}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
}

describe.each(testDatabases)("the shop's origin without PUBLIC_URL, on %s", (kind) => {
  let shop: TestShop;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    shop = await createTestShop(kind, { env: { PORT: "3000" } });
    ({ server, port } = await listen(shop));
  });
  afterAll(async () => {
    server.close();
    await shop.close();
  });

  it("refuses a request line naming another host than the Host header (400)", async () => {
    const res = await raw(port, `GET http://evil.example/api/products HTTP/1.1\r\nHost: localhost:${port}`);
    expect(res.status).toBe(400);
    expect(res.text).toContain("host_mismatch");
    const same = await raw(
      port,
      `GET http://localhost:${port}/api/products HTTP/1.1\r\nHost: localhost:${port}`,
    );
    expect(same.status).toBe(200);
  });

  it("a newsletter sign-up under a foreign Host mails links to the shop's own address, not to that host", async () => {
    const body = JSON.stringify({ email: "foreign-host@example.com", consent: true });
    const res = await raw(
      port,
      `POST /api/newsletter HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json`,
      body,
    );
    expect(res.status).toBe(200);
    const [mail] = await shop.services.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, "foreign-host@example.com"));
    expect(mail?.text).not.toContain("evil.example");
    expect(mail?.text).toContain("http://localhost:3000/");
  });
});

const signUp = (shop: TestShop, origin: string, email: string) =>
  shop.app.request("http://127.0.0.1:3000/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: "a-long-unusual-passphrase-42", name: "Ada" }),
  });

describe.each(testDatabases)("signing up from a loopback address, on %s", (kind) => {
  it("a shop tried on this machine (npm start: no PUBLIC_URL) signs up at http://127.0.0.1:PORT", async () => {
    const shop = await createTestShop(kind, {
      auth: true,
      env: { NODE_ENV: "production", LOCAL_TRIAL: "true", PUBLIC_URL: "", PORT: "3000" },
    });
    try {
      const res = await signUp(shop, "http://127.0.0.1:3000", "trial@example.com");
      expect(res.status).toBe(200);
    } finally {
      await shop.close();
    }
  });

  it("with PUBLIC_URL, another origin gets a 403 that names the address to use", async () => {
    const shop = await createTestShop(kind, { auth: true, env: { PUBLIC_URL: "http://localhost:3000" } });
    try {
      const res = await signUp(shop, "http://127.0.0.1:3000", "elsewhere@example.com");
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        code: "WRONG_ADDRESS",
        message: "Open the shop at http://localhost:3000 to sign in.",
      });
    } finally {
      await shop.close();
    }
  });
});
