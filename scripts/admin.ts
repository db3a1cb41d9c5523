// `npm run admin -- orders list | ship <orderNumber> --carrier <carrier> --tracking <code> | deliver <orderNumber>
//   | cancel <orderNumber> [--refunded <amount>] | purge-pending [--older-than-days N]`
// `npm run admin -- subscriptions run-due [--as-of YYYY-MM-DD]`
// `npm run admin -- users promote <email> [--role admin|staff] | demote <email>`
// The owner's tool for moving orders: each move writes the order's timeline and e-mails the customer
// (through the outbox, or SMTP when configured). Reads the same environment as the server. With the
// embedded database (PGlite) only one process may open it: stop the server first, or use PostgreSQL.
import { CARRIER_NAMES, findCarrier } from "../core/carriers.ts";
import { formatMoney, toCents } from "../core/money.ts";
import { OrderTransitionError } from "../core/order-status.ts";
import { openDatabase } from "../server/db/client.ts";
import { exitIfDataDirInUse } from "../server/db/data-dir-lock.ts";
import { EnvError, parseEnv } from "../server/env.ts";
import type { OwnerMove } from "../server/orders/move-order.ts";
import { latestOrders } from "../server/orders/order-queries.ts";
import { purgePendingOrders } from "../server/orders/purge-pending.ts";

const USAGE = `Usage:
  npm run admin -- orders list
  npm run admin -- orders ship <orderNumber> --carrier <carrier> --tracking <code>
                   carriers: ${CARRIER_NAMES.join(", ")}
  npm run admin -- orders deliver <orderNumber>
  npm run admin -- orders cancel <orderNumber> [--refunded <amount>]   (the amount you refunded with the payment provider)
  npm run admin -- orders purge-pending [--older-than-days N]   (default: PENDING_ORDER_MAX_AGE_DAYS, 7)
  npm run admin -- subscriptions run-due [--as-of YYYY-MM-DD]
                   renewals, retries, reminders and ended pauses due up to that day (default: now); safe to run twice
  npm run admin -- users promote <email> [--role admin|staff]   (default admin: opens the dashboard at /admin)
  npm run admin -- users demote <email>                         (back to a customer)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const [resource, command, orderNumber] = args;
if ((resource !== "orders" && resource !== "subscriptions" && resource !== "users") || !command) fail(USAGE);
if (resource === "subscriptions" && command !== "run-due") fail(USAGE);
if (resource === "users" && ((command !== "promote" && command !== "demote") || !orderNumber)) fail(USAGE);

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (err) {
  fail(err instanceof EnvError ? err.message : String(err));
}

const moves: Record<string, OwnerMove> = { ship: "shipped", deliver: "delivered", cancel: "cancelled" };
/** The value after a flag, when the flag is there: `--carrier UPS` -> "UPS". */
function option(name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) fail(`${name} needs a value. ${USAGE}`);
  return value;
}

// Refused before the database is opened: a mistyped carrier never waits for the embedded database.
const carrier = option("--carrier");
const trackingCode = option("--tracking");
const refunded = option("--refunded");
if (command === "ship") {
  if (!carrier || !findCarrier(carrier)) {
    fail(
      `${carrier ? `"${carrier}" is not a carrier the shop knows` : "Shipping needs a carrier (--carrier)"}: use one of ${CARRIER_NAMES.join(", ")}.`,
    );
  }
  if (!trackingCode?.trim()) fail("Shipping needs the carrier's tracking code (--tracking <code>).");
}
if (refunded !== undefined && (command !== "cancel" || !/^\d{1,7}(\.\d{1,2})?$/.test(refunded))) {
  fail(
    command === "cancel"
      ? "--refunded needs the amount refunded, such as 12.50."
      : "--refunded goes with cancel only.",
  );
}

const roleOption = resource === "users" ? option("--role") : undefined;
if (roleOption !== undefined && (command !== "promote" || (roleOption !== "admin" && roleOption !== "staff")))
  fail(command === "promote" ? "--role is admin or staff." : "--role goes with promote only.");

/** --as-of 2027-01-15: the end of that day (UTC), so everything due on it runs. */
let asOf = new Date();
const asOfOption = resource === "subscriptions" ? option("--as-of") : undefined;
if (asOfOption !== undefined) {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(asOfOption) ? new Date(`${asOfOption}T23:59:59.999Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== asOfOption)
    fail(`--as-of needs a date such as 2027-01-15.`);
  asOf = day;
}

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
/** The shop's mailer, logging to stderr; loaded only by the commands that send mail. */
async function commandMailer() {
  const [{ default: pino }, { mailerFromEnv }] = await Promise.all([
    import("pino"),
    import("../server/mail/mailer.ts"),
  ]);
  return mailerFromEnv(env, database.db, pino({ level: env.LOG_LEVEL }, pino.destination(2)));
}

try {
  if (resource === "users") {
    const { setUserRole } = await import("../server/admin/promote.ts");
    const email = orderNumber as string;
    const role = command === "demote" ? "user" : ((roleOption ?? "admin") as "admin" | "staff");
    const result = await setUserRole(database.db, email, role, "command line");
    if (result.kind === "unknown_user")
      fail(`No account uses ${email}: the person signs up at /auth first, then run this again.`);
    console.log(
      result.kind === "unchanged"
        ? `${result.email} is already ${role === "user" ? "a customer" : role}.`
        : role === "user"
          ? `${result.email} is a customer again (was ${result.from}); the dashboard is closed to them.`
          : `${result.email} is now ${role}: the dashboard at /admin opens for them at their next page.`,
    );
  } else if (resource === "subscriptions") {
    const [mailer, { Catalogue }, { runDueSubscriptions }] = await Promise.all([
      commandMailer(),
      import("../server/catalogue.ts"),
      import("../server/subscriptions/run-due.ts"),
    ]);
    const report = await runDueSubscriptions(
      { database, catalogue: new Catalogue(database.db), mailer, env },
      asOf,
    );
    console.log(
      `Ran what was due up to ${asOf.toISOString()}: ${report.renewed} renewed, ${report.failed} failed (to be retried), ${report.cancelled} cancelled after failed payments, ${report.resumed} resumed after a pause, ${report.reminded} reminders sent.`,
    );
  } else if (command === "list") {
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
          o.trackingCode ? `${o.carrier ? `${o.carrier} ` : ""}tracking ${o.trackingCode}` : "",
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
    if (!orderNumber || orderNumber.startsWith("--")) fail(`Which order? ${USAGE}`);
    // Loaded only for a move: list and purge-pending start without the mailer.
    const [mailer, { fulfilOrder }, { shopOrigin }] = await Promise.all([
      commandMailer(),
      import("../server/orders/fulfil-order.ts"),
      import("../server/orders/order-link.ts"),
    ]);
    const { order: moved, emailed } = await fulfilOrder(
      { db: database.db, mailer, origin: shopOrigin(env) },
      orderNumber,
      moves[command] as OwnerMove,
      {
        carrier,
        trackingCode,
        ...(refunded !== undefined ? { refundedCents: toCents(refunded) } : {}),
      },
    );
    const shipped = command === "ship" ? ` (${moved.carrier} tracking ${moved.trackingCode})` : "";
    const refund =
      moved.refundedCents > 0 && command === "cancel" ? `, ${formatMoney(moved.refundedCents)} refunded` : "";
    console.log(`Order ${moved.orderNumber} is now ${moved.status}${shipped}${refund}.`);
    console.log(
      emailed
        ? `The customer was e-mailed (${moved.email}).`
        : command === "cancel" && !moved.paidAt
          ? "No e-mail: the order was never paid, so the customer was never told of it."
          : "No e-mail went out: already sent for this order, or its address cannot receive mail.",
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
