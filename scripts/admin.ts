// `npm run admin -- orders list | ship <orderNumber> --carrier <carrier> --tracking <code> | deliver <orderNumber>
//   | cancel <orderNumber> [--refunded <amount>] | purge-pending [--older-than-days N]`
// `npm run admin -- subscriptions run-due [--as-of YYYY-MM-DD]`
// `npm run admin -- users promote <email> [--role admin|staff] | demote <email>`
// The owner's tool for moving orders: each move writes the order's timeline and e-mails the customer
// (through the outbox, or SMTP when configured). Reads the same environment as the server, and runs while
// the shop runs: on PostgreSQL in this process; on the embedded database (PGlite), which one process only
// may open, through the running shop when it holds the data directory, else in this process
// (docs/decisions/018-command-line-through-the-server.md).
import { request } from "node:http";
import { type AdminCommandResult, parseAdminCommand, runAdminCommand } from "../server/admin/command.ts";
import { readServerFile, type ServerFile } from "../server/admin/server-file.ts";
import { type Database, openDatabase } from "../server/db/client.ts";
import { DataDirInUseError } from "../server/db/data-dir-lock.ts";
import { DataDirPermissionError } from "../server/db/private-data-dir.ts";
import { EnvError, parseEnv } from "../server/env.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
// Refused before the database is opened: a mistyped carrier never waits for the embedded database.
const parsed = parseAdminCommand(args);
if ("refused" in parsed) fail(parsed.refused);

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (err) {
  fail(err instanceof EnvError ? err.message : String(err));
}

/** What the shop answered, or null when nothing listens at its address (it is stopping). */
function sendToShop(shop: ServerFile): Promise<AdminCommandResult | null> {
  const body = JSON.stringify({ args });
  return new Promise((resolve, reject) => {
    // node:http rather than fetch: no response timeout, a long run of renewals is waited for.
    const req = request(
      `${shop.url}/api/internal/admin-command`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${shop.token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("error", reject);
        res.on("end", () => {
          let answer: Partial<AdminCommandResult & { message: string }> = {};
          try {
            answer = JSON.parse(text);
          } catch {}
          if (res.statusCode === 200 && Array.isArray(answer.out) && Array.isArray(answer.err)) {
            resolve({ code: answer.code === 0 ? 0 : 1, out: answer.out, err: answer.err });
          } else {
            const why = answer.message ?? `HTTP ${res.statusCode}`;
            resolve({
              code: 1,
              out: [],
              err: [`The running shop (${shop.url}) refused the command: ${why}`],
            });
          }
        });
      },
    );
    // Refused: the request never reached the shop, so nothing ran. Any other failure may have run it.
    req.on("error", (err) =>
      (err as NodeJS.ErrnoException).code === "ECONNREFUSED" ? resolve(null) : reject(err),
    );
    req.end(body);
  });
}

/**
 * The database in this process, or the answer of the shop that holds it. A shop that is stopping no longer
 * answers but still holds the directory for a moment: wait for it to let go, then open it here.
 */
async function openOrSend(): Promise<{ database: Database } | { answer: AdminCommandResult }> {
  const until = Date.now() + 15_000;
  for (;;) {
    try {
      return { database: await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 }) };
    } catch (err) {
      if (err instanceof DataDirPermissionError) fail(err.message);
      if (!(err instanceof DataDirInUseError)) throw err;
      const shop = readServerFile(env.DATA_DIR);
      // Held by a process that is not a listening shop: another `npm run admin`, or a shop still starting.
      if (!shop || shop.pid !== err.pid || Date.now() > until) fail(err.message);
      const answer = await sendToShop(shop);
      if (answer) return { answer };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const opened = await openOrSend();
let result: AdminCommandResult;
if ("answer" in opened) {
  result = opened.answer;
} else {
  const { database } = opened;
  try {
    result = await runAdminCommand(parsed.command, {
      env,
      database,
      /** The shop's mailer, logging to stderr. */
      mailer: async () => {
        const [{ default: pino }, { mailerFromEnv }] = await Promise.all([
          import("pino"),
          import("../server/mail/mailer.ts"),
        ]);
        return mailerFromEnv(env, database.db, pino({ level: env.LOG_LEVEL }, pino.destination(2)));
      },
    });
  } finally {
    await database.close();
  }
}
for (const line of result.out) console.log(line);
for (const line of result.err) console.error(line);
process.exitCode = result.code;
