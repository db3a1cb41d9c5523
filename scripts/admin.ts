// `npm run admin -- orders list | ship <orderNumber> --tracking <code> | deliver <orderNumber> | cancel <orderNumber>
//   | purge-pending [--older-than-days N]`
// The owner's tool for moving orders. Reads the same environment as the server. With the
// embedded database (PGlite) only one process may open it: stop the server first, or use PostgreSQL.
import { formatMoney } from "../core/money.ts";
import { OrderTransitionError } from "../core/order-status.ts";
import { openDatabase } from "../server/db/client.ts";
import { exitIfDataDirInUse } from "../server/db/data-dir-lock.ts";
import { EnvError, parseEnv } from "../server/env.ts";
import { moveOrder, type OwnerMove } from "../server/orders/move-order.ts";
import { latestOrders } from "../server/orders/order-queries.ts";
import { purgePendingOrders } from "../server/orders/purge-pending.ts";

const USAGE = `Usage:
  npm run admin -- orders list
  npm run admin -- orders ship <orderNumber> --tracking <code>
  npm run admin -- orders deliver <orderNumber>
  npm run admin -- orders cancel <orderNumber>
  npm run admin -- orders purge-pending [--older-than-days N]   (default: PENDING_ORDER_MAX_AGE_DAYS, 7)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const [resource, command, orderNumber] = args;
if (resource !== "orders" || !command) fail(USAGE);

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (err) {
  fail(err instanceof EnvError ? err.message : String(err));
}

const moves: Record<string, OwnerMove> = { ship: "shipped", deliver: "delivered", cancel: "cancelled" };
let olderThanDays = env.PENDING_ORDER_MAX_AGE_DAYS;
if (command === "purge-pending") {
  const at = args.indexOf("--older-than-days");
  if (at > 0) {
    const value = args[at + 1] ?? "";
    if (!/^[1-9][0-9]{0,3}$/.test(value)) fail(`--older-than-days needs a whole number of days, 1 or more.`);
    olderThanDays = Number(value);
  }
}
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 }).catch(
  exitIfDataDirInUse,
);
try {
  if (command === "list") {
    const rows = await latestOrders(database.db);
    if (rows.length === 0) console.log("No orders yet.");
    for (const o of rows) {
      console.log(
        [
          o.orderNumber,
          o.createdAt.toISOString().slice(0, 16).replace("T", " "),
          o.status.padEnd(10),
          formatMoney(o.totalCents).padStart(9),
          o.email,
          o.trackingCode ? `tracking ${o.trackingCode}` : "",
        ].join("  "),
      );
    }
  } else if (command === "purge-pending") {
    const purged = await purgePendingOrders(database.db, olderThanDays);
    console.log(
      purged.length
        ? `Cancelled ${purged.length} pending order${purged.length === 1 ? "" : "s"} older than ${olderThanDays} days (never paid): ${purged.join(", ")}.`
        : `No pending orders older than ${olderThanDays} days.`,
    );
  } else if (moves[command]) {
    if (!orderNumber) fail(`Which order? ${USAGE}`);
    const trackingAt = args.indexOf("--tracking");
    const trackingCode = trackingAt > 0 ? args[trackingAt + 1] : undefined;
    const moved = await moveOrder(database.db, orderNumber, moves[command] as OwnerMove, { trackingCode });
    console.log(
      `Order ${moved.orderNumber} is now ${moved.status}${moved.trackingCode && command === "ship" ? ` (tracking ${moved.trackingCode})` : ""}.`,
    );
    if (command === "cancel" && moved.provider === "stripe" && moved.paidAt) {
      console.log(
        "It was paid through Stripe: refund the payment (and end any subscription) in the Stripe dashboard.",
      );
    }
  } else {
    fail(USAGE);
  }
} catch (err) {
  if (err instanceof OrderTransitionError) fail(err.message);
  throw err;
} finally {
  await database.close();
}
