import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext, peerAddressContext } from "../../app/context.server.ts";
import { loader } from "../../app/routes/dev-outbox.server.ts";
import type { AppServices } from "../../server/context.ts";
import { openDatabase } from "../../server/db/client.ts";
import { parseEnv } from "../../server/env.ts";

// The page's own loader decides who reads the outbox (docs/decisions/029-dev-outbox-checked-by-its-page.md),
// so a spelling of the path that a guard in front does not match still reaches the same rule.
let database: Awaited<ReturnType<typeof openDatabase>>;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
});
afterAll(async () => {
  await database.close();
});

async function load(path: string, peer: string, headers: Record<string, string>) {
  const env = parseEnv({ NODE_ENV: "production", LOCAL_TRIAL: "true", PORT: "3000" });
  const context = new RouterContextProvider();
  context.set(appContext, { env, database } as unknown as AppServices);
  context.set(peerAddressContext, peer);
  const request = new Request(`http://localhost:3000${path}`, { headers });
  try {
    await loader({ context, request, params: {} } as unknown as Parameters<typeof loader>[0]);
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("the dev outbox page's loader", () => {
  it("opens to this machine's own visitor at localhost and 127.0.0.1", async () => {
    expect(await load("/dev/outbox", "127.0.0.1", { host: "localhost:3000" })).toBe(200);
    expect(await load("/dev/outbox.data", "::1", { host: "127.0.0.1:3000" })).toBe(200);
  });

  it("answers 404 to every spelling of the path from another machine, forwarded, or for a foreign Host", async () => {
    for (const path of [
      "/dev/outbox",
      "/Dev/Outbox",
      "/DEV/OUTBOX",
      "/dev/Outbox.data",
      "/dev/outbox.data",
    ]) {
      expect(await load(path, "203.0.113.7", { host: "localhost:3000" })).toBe(404);
      expect(
        await load(path, "127.0.0.1", { host: "localhost:3000", "x-forwarded-for": "203.0.113.7" }),
      ).toBe(404);
      expect(await load(path, "127.0.0.1", { host: "evil.example:3000" })).toBe(404);
    }
  });
});
