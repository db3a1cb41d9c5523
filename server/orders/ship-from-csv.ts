import { inArray } from "drizzle-orm";
import type { ShipCsvProblem, ShipCsvResponse, ShipCsvRowResult } from "../../core/contracts/admin-orders.ts";
import { assertMove, OrderTransitionError } from "../../core/order-status.ts";
import type { AuditActor } from "../audit/audit.ts";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { fulfilOrder } from "./fulfil-order.ts";
import { readShippingCsv, type ShippingRow } from "./shipping-csv.ts";

type Found = Pick<typeof orders.$inferSelect, "orderNumber" | "status" | "carrier" | "trackingCode">;

const sameShipment = (order: Found | undefined, row: ShippingRow) =>
  order?.status === "shipped" && order.carrier === row.carrier && order.trackingCode === row.trackingCode;

async function findOrders(db: Db, numbers: string[]): Promise<Map<string, Found>> {
  if (numbers.length === 0) return new Map();
  const found = await db
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      carrier: orders.carrier,
      trackingCode: orders.trackingCode,
    })
    .from(orders)
    .where(inArray(orders.orderNumber, numbers));
  return new Map(found.map((o) => [o.orderNumber, o]));
}

/** Whether the row's order can ship now, already shipped with this very tracking code, or why not. */
function checkRow(order: Found | undefined, row: ShippingRow): "ship" | "already" | string {
  if (!order) return `There is no order ${row.orderNumber}.`;
  if (sameShipment(order, row)) return "already";
  if (order.status === "shipped")
    return `Order ${row.orderNumber} already shipped with ${order.carrier} ${order.trackingCode}; it ships once.`;
  try {
    assertMove(order.orderNumber, order.status, "shipped");
    return "ship";
  } catch (err) {
    if (err instanceof OrderTransitionError) return err.message;
    throw err;
  }
}

/**
 * Ships the orders of a CSV file (decision 020). The whole file is checked first (its rows, then every order:
 * it exists and is paid and not yet shipped); one problem anywhere and nothing ships. Then each order ships
 * as the single ship action ships it (its own transaction, audit row and shipped e-mail), in the file's order.
 * An order already shipped with the same carrier and code is reported as such, so sending a file twice is
 * safe; one that changed between the check and its turn is reported failed, and the others still ship.
 */
export async function shipFromCsv(
  deps: Pick<ShopDeps, "db" | "mailer" | "origin">,
  csv: string,
  actor: AuditActor,
): Promise<{ kind: "refused"; problems: ShipCsvProblem[] } | { kind: "done"; result: ShipCsvResponse }> {
  const read = readShippingCsv(csv);
  const found = await findOrders(
    deps.db,
    read.rows.map((r) => r.orderNumber),
  );
  const problems = [...read.problems];
  const plan: { row: ShippingRow; ship: boolean }[] = [];
  for (const row of read.rows) {
    const verdict = checkRow(found.get(row.orderNumber), row);
    if (verdict === "ship" || verdict === "already") plan.push({ row, ship: verdict === "ship" });
    else problems.push({ row: row.row, orderNumber: row.orderNumber, message: verdict });
  }
  if (problems.length) {
    problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    return { kind: "refused", problems };
  }

  const rows: ShipCsvRowResult[] = [];
  for (const { row, ship } of plan) {
    const result = { ...row, outcome: "already_shipped" as ShipCsvRowResult["outcome"], message: null };
    if (!ship) {
      rows.push(result);
      continue;
    }
    try {
      await fulfilOrder(deps, row.orderNumber, "shipped", {
        carrier: row.carrier,
        trackingCode: row.trackingCode,
        actor,
      });
      rows.push({ ...result, outcome: "shipped" });
    } catch (err) {
      if (!(err instanceof OrderTransitionError)) throw err;
      // The same file sent twice at once: the other request shipped it just before.
      const now = (await findOrders(deps.db, [row.orderNumber])).get(row.orderNumber);
      rows.push(sameShipment(now, row) ? result : { ...result, outcome: "failed", message: err.message });
    }
  }
  const count = (outcome: ShipCsvRowResult["outcome"]) => rows.filter((r) => r.outcome === outcome).length;
  return {
    kind: "done",
    result: {
      shipped: count("shipped"),
      alreadyShipped: count("already_shipped"),
      failed: count("failed"),
      rows,
    },
  };
}
