import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { journeyDataDir } from "./support/data-dir.ts";
import { freePort } from "./support/free-port.ts";

/** Starts a second production server (the build the suite runs on) and waits until it is ready. */
async function startServer(port: number) {
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: journeyDataDir("shutdown"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

test("SIGTERM finishes the request in flight, stops accepting and exits 0", async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  const server = await startServer(port);
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));

  // A request whose body is still arriving when the signal comes: the server must wait for it.
  const inFlight = new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/api/newsletter",
        method: "POST",
        headers: { "content-type": "application/json" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write('{"email":"late@example.com",');
    setTimeout(() => req.end('"consent":true}'), 1500);
  });
  await new Promise((r) => setTimeout(r, 300));
  server.kill("SIGTERM");

  expect(await inFlight).toBe(200);
  // 0 only for a clean stop: the 10 s cut-off exits 1.
  expect(await exited).toBe(0);
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
});
