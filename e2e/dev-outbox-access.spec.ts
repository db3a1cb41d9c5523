import { type ChildProcess, spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { journeyDataDir } from "./support/data-dir.ts";
import { freePort } from "./support/free-port.ts";

/**
 * The dev outbox answers only this machine's own visitor (docs/decisions/029-dev-outbox-checked-by-its-page.md),
 * however the path is spelled: a shop tried with `npm start` (LOCAL_TRIAL, no DEV_OUTBOX), a real socket.
 */
let child: ChildProcess;
let port: number;

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  port = await freePort();
  child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: journeyDataDir("outbox"),
      DATABASE_URL: "",
      PUBLIC_URL: "",
      DEV_OUTBOX: "",
      LOCAL_TRIAL: "true",
      SMTP_URL: "",
      TWILIO_ACCOUNT_SID: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
});

test.afterAll(() => {
  child?.kill("SIGTERM");
});

test("opens to this machine at localhost and 127.0.0.1", async () => {
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
    const page = await get("/dev/outbox", { host });
    expect(page.status, host).toBe(200);
  }
  expect((await get("/dev/outbox.data", { host: `localhost:${port}` })).status).toBe(200);
});

test("answers 404 to a forwarded request, whatever the case of the path", async () => {
  for (const path of ["/dev/outbox", "/Dev/Outbox", "/DEV/OUTBOX", "/dev/Outbox.data", "/dev/outbox.data"]) {
    const res = await get(path, { host: `localhost:${port}`, "x-forwarded-for": "203.0.113.7" });
    expect(res.status, path).toBe(404);
  }
});

test("answers 404 to another site's name in Host, from this machine too (DNS rebinding)", async () => {
  for (const path of ["/dev/outbox", "/Dev/Outbox", "/dev/outbox.data", "/DEV/OUTBOX.data"]) {
    const res = await get(path, { host: "evil.example:3000" });
    expect(res.status, path).toBe(404);
  }
});
