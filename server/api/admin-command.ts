import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { parseAdminCommand, runAdminCommand } from "../admin/command.ts";
import type { AppServices } from "../context.ts";
import { NotSignedIn } from "../domain-errors.ts";
import { isLoopbackAddress } from "../http/shop-origin.ts";
import { readJsonBody } from "../http/validate.ts";

const body = z.object({ args: z.array(z.string().max(1000)).max(50) });

/** Headers a reverse proxy adds: the command line never sends them. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"];

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * POST /api/internal/admin-command `{ args }` with `Authorization: Bearer <token>`: `npm run admin` on the
 * embedded database while this server holds it (docs/decisions/018-command-line-through-the-server.md).
 * Mounted only on PGlite, with the token this run of the server wrote into `<DATA_DIR>/server.json`.
 * A caller from another machine, or through a proxy, gets 404; a wrong token 401. The command runs with
 * this server's database, mailer and catalogue, and answers what it printed and its exit code.
 */
export function adminCommandApi(services: AppServices, token: string) {
  const expected = digest(`Bearer ${token}`);
  return new Hono().post("/", async (c) => {
    const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string; localAddress?: string } } })
      ?.incoming?.socket;
    // The peer is this machine: a loopback address, or this server's own address when it listens on one.
    const peer = socket?.remoteAddress ?? "";
    const local = peer !== "" && (isLoopbackAddress(peer) || peer === socket?.localAddress);
    // Answered as the API answers a path it does not have.
    if (!local || FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined))
      return c.json({ message: `No API route for ${c.req.method} ${c.req.path}`, code: "not_found" }, 404);
    if (!timingSafeEqual(digest(c.req.header("authorization") ?? ""), expected))
      throw new NotSignedIn("unauthorized", "The command line's token does not match this server's.");
    const { args } = await readJsonBody(c, body);
    const parsed = parseAdminCommand(args);
    if ("refused" in parsed) return c.json({ code: 1, out: [], err: [parsed.refused] });
    services.logger.info({ command: args.slice(0, 2).join(" ") }, "command line through the server");
    const result = await runAdminCommand(parsed.command, {
      env: services.env,
      database: services.database,
      mailer: () => services.mailer,
      catalogue: services.catalogue,
    });
    return c.json(result);
  });
}
