import { CARRIER_NAMES, findCarrier } from "../../core/carriers.ts";
import { RETURN_STATUSES } from "../../core/contracts/returns.ts";
import { formatMoney, toCents } from "../../core/money.ts";
import { OrderTransitionError } from "../../core/order-status.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import type { Catalogue } from "../catalogue.ts";
import type { Database } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { OwnerMove } from "../orders/move-order.ts";
import { latestOrders } from "../orders/order-queries.ts";
import { purgePendingOrders } from "../orders/purge-pending.ts";

// `npm run admin`'s commands, parsed and run here so that the command line (opening the database itself)
// and the running shop (POST /api/internal/admin-command, for the command line on the embedded database)
// run the same code with the same messages (docs/decisions/018-command-line-through-the-server.md).

export const USAGE = `Usage:
  npm run admin -- orders list
  npm run admin -- orders ship <orderNumber> --carrier <carrier> --tracking <code>
                   carriers: ${CARRIER_NAMES.join(", ")}
  npm run admin -- orders deliver <orderNumber> [--as-of YYYY-MM-DD]
                   (the day it was delivered, for a late entry: not before it shipped, not in the future)
  npm run admin -- orders cancel <orderNumber> [--refunded <amount>]   (the amount you refunded with the payment provider)
  npm run admin -- returns list [--status open|requested|approved|received|refunded|declined|all]
                   the returns, newest first (default: open, the ones waiting for the owner)
  npm run admin -- orders purge-pending [--older-than-days N]   (default: PENDING_ORDER_MAX_AGE_DAYS, 7)
  npm run admin -- subscriptions run-due [--as-of YYYY-MM-DD]
                   renewals, retries, reminders and ended pauses due up to that day (default: now); safe to run twice
  npm run admin -- jobs run-due [--as-of YYYY-MM-DD]
                   every scheduled job due up to that day: the subscriptions', gift cards sent on their day, referral credit
  npm run admin -- users promote <email> [--role admin|staff]   (default admin: opens the dashboard at /admin)
  npm run admin -- users demote <email>                         (back to a customer)`;

export type AdminCommand =
  | { kind: "role"; email: string; role: "admin" | "staff" | "user" }
  | { kind: "run-due"; asOf: Date | null; all?: boolean }
  | { kind: "list" }
  /** The returns queue (decision 055): "open", one status, or "" for every return. */
  | { kind: "returns"; status: string }
  /** olderThanDays null: the shop's PENDING_ORDER_MAX_AGE_DAYS. */
  | { kind: "purge-pending"; olderThanDays: number | null }
  | {
      kind: "move";
      command: "ship" | "deliver" | "cancel";
      orderNumber: string;
      carrier?: string;
      trackingCode?: string;
      refunded?: string;
      /** deliver: the day the order was delivered, when not today. */
      deliveredOn?: string;
    };

/** What a command printed, and the exit code the command line ends with. */
export interface AdminCommandResult {
  code: 0 | 1;
  out: string[];
  err: string[];
}

/** What a command uses of the shop: the command line builds it, the server hands in its own. */
export interface AdminCommandDeps {
  env: Env;
  database: Database;
  /** Built only by the commands that send mail. */
  mailer(): Mailer | Promise<Mailer>;
  catalogue?: Catalogue;
}

class CommandRefused extends Error {}
function refuse(message: string): never {
  throw new CommandRefused(message);
}

const MOVES: Record<string, OwnerMove> = { ship: "shipped", deliver: "delivered", cancel: "cancelled" };

/**
 * Reads the command line's arguments without touching the database: a mistyped carrier or a missing order
 * number is refused at once, never after waiting for the database.
 */
export function parseAdminCommand(args: string[]): { command: AdminCommand } | { refused: string } {
  try {
    return { command: parse(args) };
  } catch (err) {
    if (err instanceof CommandRefused) return { refused: err.message };
    throw err;
  }
}

function parse(args: string[]): AdminCommand {
  const [resource, command, orderNumber] = args;
  if (
    (resource !== "orders" &&
      resource !== "subscriptions" &&
      resource !== "users" &&
      resource !== "jobs" &&
      resource !== "returns") ||
    !command
  )
    refuse(USAGE);
  if ((resource === "subscriptions" || resource === "jobs") && command !== "run-due") refuse(USAGE);
  if (resource === "returns" && command !== "list") refuse(USAGE);
  if (resource === "users" && ((command !== "promote" && command !== "demote") || !orderNumber))
    refuse(USAGE);

  /** The value after a flag, when the flag is there: `--carrier UPS` -> "UPS". */
  const option = (name: string): string | undefined => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const value = args[at + 1];
    if (value === undefined || value.startsWith("--")) refuse(`${name} needs a value. ${USAGE}`);
    return value;
  };

  const carrier = option("--carrier");
  const trackingCode = option("--tracking");
  const refunded = option("--refunded");
  if (command === "ship") {
    if (!carrier || !findCarrier(carrier)) {
      refuse(
        `${carrier ? `"${carrier}" is not a carrier the shop knows` : "Shipping needs a carrier (--carrier)"}: use one of ${CARRIER_NAMES.join(", ")}.`,
      );
    }
    if (!trackingCode?.trim()) refuse("Shipping needs the carrier's tracking code (--tracking <code>).");
  }
  if (refunded !== undefined && (command !== "cancel" || !/^\d{1,7}(\.\d{1,2})?$/.test(refunded))) {
    refuse(
      command === "cancel"
        ? "--refunded needs the amount refunded, such as 12.50."
        : "--refunded goes with cancel only.",
    );
  }

  if (resource === "returns") {
    const status = option("--status") ?? "open";
    const known = ["open", "all", ...RETURN_STATUSES] as string[];
    if (!known.includes(status)) refuse(`--status is one of ${known.join(", ")}.`);
    return { kind: "returns", status: status === "all" ? "" : status };
  }

  if (resource === "users") {
    const roleOption = option("--role");
    if (
      roleOption !== undefined &&
      (command !== "promote" || (roleOption !== "admin" && roleOption !== "staff"))
    )
      refuse(command === "promote" ? "--role is admin or staff." : "--role goes with promote only.");
    const role = command === "demote" ? "user" : ((roleOption ?? "admin") as "admin" | "staff");
    return { kind: "role", email: orderNumber as string, role };
  }

  if (resource === "subscriptions" || resource === "jobs") {
    const all = resource === "jobs";
    // --as-of 2027-01-15: the end of that day (UTC), so everything due on it runs.
    const asOfOption = option("--as-of");
    if (asOfOption === undefined) return { kind: "run-due", asOf: null, all };
    const day = /^\d{4}-\d{2}-\d{2}$/.test(asOfOption) ? new Date(`${asOfOption}T23:59:59.999Z`) : null;
    if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== asOfOption)
      refuse(`--as-of needs a date such as 2027-01-15.`);
    return { kind: "run-due", asOf: day, all };
  }

  if (command === "list") return { kind: "list" };
  if (command === "purge-pending") {
    const at = args.indexOf("--older-than-days");
    if (at < 0) return { kind: "purge-pending", olderThanDays: null };
    const value = args[at + 1] ?? "";
    if (!/^[1-9][0-9]{0,3}$/.test(value))
      refuse(`--older-than-days needs a whole number of days, 1 or more.`);
    return { kind: "purge-pending", olderThanDays: Number(value) };
  }
  if (!Object.hasOwn(MOVES, command)) refuse(USAGE);
  if (!orderNumber || orderNumber.startsWith("--")) refuse(`Which order? ${USAGE}`);
  const deliveredOn = option("--as-of");
  if (deliveredOn !== undefined) {
    if (command !== "deliver") refuse("--as-of goes with deliver only.");
    if (!isDay(deliveredOn)) refuse("--as-of needs a date such as 2027-01-15.");
  }
  return {
    kind: "move",
    command: command as "ship" | "deliver" | "cancel",
    orderNumber,
    carrier,
    trackingCode,
    refunded,
    ...(deliveredOn !== undefined ? { deliveredOn } : {}),
  };
}

/** A real calendar day written YYYY-MM-DD (2027-02-30 is not one). */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/**
 * Runs one command on the given database. A refusal the owner can act on (an unknown account, an order that
 * cannot make that move) ends with code 1 and its message; anything unexpected is thrown.
 */
export async function runAdminCommand(
  command: AdminCommand,
  deps: AdminCommandDeps,
): Promise<AdminCommandResult> {
  const out: string[] = [];
  try {
    await run(command, deps, out);
    return { code: 0, out, err: [] };
  } catch (err) {
    if (err instanceof CommandRefused || err instanceof OrderTransitionError)
      return { code: 1, out, err: [err.message] };
    throw err;
  }
}

async function run(command: AdminCommand, deps: AdminCommandDeps, out: string[]): Promise<void> {
  const { database, env } = deps;
  if (command.kind === "role") {
    const { setUserRole } = await import("./promote.ts");
    const { email, role } = command;
    const result = await setUserRole(database.db, email, role, "command line");
    if (result.kind === "unknown_user")
      refuse(`No account uses ${email}: the person signs up at /auth first, then run this again.`);
    out.push(
      result.kind === "unchanged"
        ? `${result.email} is already ${role === "user" ? "a customer" : role}.`
        : role === "user"
          ? `${result.email} is a customer again (was ${result.from}); the dashboard is closed to them.`
          : `${result.email} is now ${role}: the dashboard at /admin opens for them at their next page.`,
    );
  } else if (command.kind === "run-due") {
    const asOf = command.asOf ?? new Date();
    const [
      mailer,
      { Catalogue },
      { runDueSubscriptions },
      { shopOrigin },
      { unsubscribeSecret },
      { shopTaxProvider },
    ] = await Promise.all([
      deps.mailer(),
      import("../catalogue.ts"),
      import("../subscriptions/run-due.ts"),
      import("../http/shop-origin.ts"),
      import("../newsletter/unsubscribe.ts"),
      import("../tax/shop-tax.ts"),
    ]);
    const catalogue = deps.catalogue ?? new Catalogue(database.db);
    const runDeps = {
      db: database.db,
      catalogue,
      mailer,
      origin: shopOrigin(env),
      manageSecret: unsubscribeSecret(env),
      // Renewals add the taxes of each subscription's address (decision 050).
      tax: shopTaxProvider(env.TAX_HOME_STATES),
    };
    let giftCards: number | null = null;
    let referrals: { credited: number; voided: number } | null = null;
    let report: Awaited<ReturnType<typeof runDueSubscriptions>>;
    if (command.all) {
      const { runDueWork } = await import("../jobs/due-work.ts");
      const done = await runDueWork(runDeps, asOf);
      report = done.subscriptions;
      giftCards = done.giftCardsDelivered;
      referrals = done.referrals;
    } else report = await runDueSubscriptions(runDeps, asOf);
    out.push(
      `Ran what was due up to ${asOf.toISOString()}: ${report.renewed} renewed, ${report.failed} failed (to be retried), ${report.cancelled} cancelled after failed payments, ${report.resumed} resumed after a pause, ${report.reminded} reminders sent${report.termsReminded ? `, ${report.termsReminded} yearly reminders of the terms sent` : ""}.`,
    );
    if (giftCards !== null) out.push(`Gift cards sent on their day: ${giftCards}.`);
    if (referrals !== null)
      out.push(
        `Referrals: ${referrals.credited} credited to the referrer, ${referrals.voided} void (order refunded or cancelled).`,
      );
  } else if (command.kind === "list") {
    const rows = await latestOrders(database.db);
    if (rows.length === 0) out.push("No orders yet.");
    for (const o of rows) {
      out.push(
        [
          o.orderNumber,
          o.createdAt.toISOString().slice(0, 16).replace("T", " "),
          o.status.padEnd(10),
          formatMoney(o.totalCents, storedCurrency(o.currency)).padStart(11),
          o.email,
          o.trackingCode ? `${o.carrier ? `${o.carrier} ` : ""}tracking ${o.trackingCode}` : "",
        ].join("  "),
      );
    }
  } else if (command.kind === "returns") {
    const { listReturns } = await import("../returns/owner.ts");
    const shown = command.status || "all";
    for (let page = 1; ; page++) {
      const found = await listReturns(database.db, {
        status: command.status as "open",
        page,
      });
      if (found.total === 0) out.push(`No returns (${shown}).`);
      for (const r of found.returns)
        out.push(
          [
            r.number,
            r.createdAt.slice(0, 16).replace("T", " "),
            r.status.padEnd(9),
            formatMoney(r.refundCents, storedCurrency(r.currency)).padStart(11),
            r.orderNumber,
            r.email,
            r.kind === "withdrawal" ? "withdrawal" : r.reason,
            r.status === "approved" ? (r.returnNeeded ? "sent back" : "kept") : "",
          ]
            .join("  ")
            .trimEnd(),
        );
      if (found.page >= found.pages) break;
    }
  } else if (command.kind === "purge-pending") {
    const olderThanDays = command.olderThanDays ?? env.PENDING_ORDER_MAX_AGE_DAYS;
    const purged = await purgePendingOrders(database.db, olderThanDays);
    out.push(
      purged.length
        ? `Cancelled ${purged.length} pending order${purged.length === 1 ? "" : "s"} older than ${olderThanDays} days (never paid): ${purged.join(", ")}.`
        : `No pending orders older than ${olderThanDays} days.`,
    );
  } else {
    const { command: move, orderNumber, carrier, trackingCode, refunded, deliveredOn } = command;
    // Loaded only for a move: list and purge-pending start without the mailer.
    const [mailer, { fulfilOrder }, { shopOrigin }] = await Promise.all([
      deps.mailer(),
      import("../orders/fulfil-order.ts"),
      import("../http/shop-origin.ts"),
    ]);
    const { order: moved, emailed } = await fulfilOrder(
      { db: database.db, mailer, origin: shopOrigin(env) },
      orderNumber,
      MOVES[move] as OwnerMove,
      {
        carrier,
        trackingCode,
        ...(refunded !== undefined ? { refundedCents: toCents(refunded) } : {}),
        ...(deliveredOn !== undefined ? { deliveredOn } : {}),
      },
    );
    const shipped = move === "ship" ? ` (${moved.carrier} tracking ${moved.trackingCode})` : "";
    const refund =
      moved.refundedCents > 0 && move === "cancel"
        ? `, ${formatMoney(moved.refundedCents, storedCurrency(moved.currency))} refunded`
        : "";
    const on = deliveredOn !== undefined ? ` (on ${deliveredOn})` : "";
    out.push(`Order ${moved.orderNumber} is now ${moved.status}${shipped}${refund}${on}.`);
    out.push(
      emailed
        ? `The customer was e-mailed (${moved.email}).`
        : move === "cancel" && !moved.paidAt
          ? "No e-mail: the order was never paid, so the customer was never told of it."
          : "No e-mail went out: already sent for this order, or its address cannot receive mail.",
    );
    if (move === "cancel" && moved.provider === "stripe" && moved.paidAt) {
      out.push(
        "It was paid through Stripe: refund the payment (and end any subscription) in the Stripe dashboard.",
      );
    }
  }
}
