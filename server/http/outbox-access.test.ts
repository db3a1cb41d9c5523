import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { devOutboxGuard, outboxMayOpen, outboxReadable } from "./outbox-access.ts";
import { isLoopbackAddress } from "./shop-origin.ts";

const trying = parseEnv({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" });
const local = new Headers();

describe("who may read the dev outbox", () => {
  it("opens on a machine trying the shop out, to its own loopback visitor", () => {
    expect(outboxMayOpen(trying)).toBe(true);
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.3.4.5"]) {
      expect(outboxReadable(trying, peer, local)).toBe(true);
    }
    expect(outboxMayOpen(parseEnv({}))).toBe(true);
    expect(outboxMayOpen(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:39" }))).toBe(true);
  });

  it("refuses other machines by the socket's address, whatever the headers claim", () => {
    for (const peer of ["192.168.1.20", "10.0.0.2", "::ffff:203.0.113.9", "2001:db8::1", ""]) {
      expect(outboxReadable(trying, peer, local)).toBe(false);
      expect(outboxReadable(trying, peer, new Headers({ "x-forwarded-for": "127.0.0.1" }))).toBe(false);
    }
  });

  it("refuses a request a proxy forwarded, even from loopback", () => {
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"]) {
      expect(outboxReadable(trying, "127.0.0.1", new Headers({ [header]: "127.0.0.1" }))).toBe(false);
    }
  });

  it("stays shut on a shop that sends for real or names a public origin", () => {
    const shut = [
      { ...trying, SMTP_URL: "smtp://mail.example:25" },
      { ...trying, TWILIO_ACCOUNT_SID: "AC123" },
      { ...trying, PUBLIC_URL: "https://shop.example" },
      { ...trying, PUBLIC_URL: "http://192.168.1.20:3000" },
    ];
    for (const env of shut) {
      expect(outboxMayOpen(env)).toBe(false);
      expect(outboxReadable(env, "127.0.0.1", local)).toBe(false);
    }
  });

  it("opens to everyone with DEV_OUTBOX=true (end-to-end tests)", () => {
    const e2e = { ...trying, PUBLIC_URL: "https://shop.example", SMTP_URL: "smtp://x:25", DEV_OUTBOX: true };
    expect(outboxReadable(e2e, "203.0.113.9", new Headers({ "x-forwarded-for": "1.2.3.4" }))).toBe(true);
  });

  it("tells loopback addresses apart", () => {
    expect(isLoopbackAddress("127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("::1")).toBe(true);
    expect(isLoopbackAddress("128.0.0.1")).toBe(false);
    expect(isLoopbackAddress("::ffff:10.0.0.1")).toBe(false);
    expect(isLoopbackAddress("localhost")).toBe(false);
  });

  it("the guard reads the socket of the Node request, and answers 404 to the others", async () => {
    const app = new Hono();
    app.use("/dev/outbox*", devOutboxGuard(trying));
    app.get("*", (c) => c.text("outbox"));
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.request("/dev/outbox", { headers }, { incoming: { socket: { remoteAddress } } });
    expect((await from("127.0.0.1")).status).toBe(200);
    expect(
      (await app.request("/dev/outbox.data", {}, { incoming: { socket: { remoteAddress: "::1" } } })).status,
    ).toBe(200);
    const stranger = await from("203.0.113.9");
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get("cache-control")).toBe("no-store");
    expect(
      (await app.request("/dev/outbox.data", {}, { incoming: { socket: { remoteAddress: "203.0.113.9" } } }))
        .status,
    ).toBe(404);
    expect((await from("127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).status).toBe(404);
    expect((await from("203.0.113.9")).status).toBe(404);
  });
});
