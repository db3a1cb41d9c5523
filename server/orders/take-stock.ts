import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { announceCatalogueChange, type CatalogueChange } from "../catalogue-sync.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { orderEvents, orderLines, orders, products } from "../db/schema.ts";
import { OutOfStock } from "../domain-errors.ts";
import { recordOrderEvent } from "./order-events.ts";
import type { OrderRow } from "./order-rows.ts";

/**
 * Stock on hand (decision 019): a paid order takes its units in the transaction that records the payment;
 * concurrent payments for the last unit meet at the product's row, so one gets it and the others find
 * none. Nothing here ever makes stock negative (the table's check refuses it too).
 */

export type StockTaken =
  | { kind: "taken"; change: CatalogueChange }
  | { kind: "short"; products: { productId: number; name: string; wanted: number; onHand: number }[] };

/** Units per product of an order's lines, by product id. */
async function unitsOf(tx: DbOrTx, orderId: string) {
  return tx
    .select({ productId: orderLines.productId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.productId)
    .orderBy(asc(orderLines.productId));
}

/**
 * Takes the order's units from stock, all or none: the products' rows are locked in id order (so two
 * payments never wait on each other in a cycle), then each is lowered with a conditional update
 * (`stock_on_hand >= units`). Short of any product, nothing is taken and the products short are named.
 * Every process is told to drop its cached catalogue, and its cached pages when a product sold out.
 */
export async function takeOrderStock(tx: Tx, orderId: string): Promise<StockTaken> {
  const wanted = await unitsOf(tx, orderId);
  if (wanted.length === 0) return { kind: "taken", change: { pages: false } };
  const rows = await tx
    .select({ id: products.id, name: products.name, onHand: products.stockOnHand })
    .from(products)
    .where(
      inArray(
        products.id,
        wanted.map((w) => w.productId),
      ),
    )
    .orderBy(asc(products.id))
    .for("update");
  const short = wanted.flatMap((w) => {
    const row = rows.find((r) => r.id === w.productId);
    // A product gone from the catalogue has no stock to keep: the order was priced while it existed.
    if (!row || row.onHand >= w.units) return [];
    return [{ productId: w.productId, name: row.name, wanted: w.units, onHand: row.onHand }];
  });
  if (short.length > 0) return { kind: "short", products: short };
  let soldOut = false;
  for (const w of wanted) {
    if (!rows.some((r) => r.id === w.productId)) continue;
    const [left] = await tx
      .update(products)
      .set({ stockOnHand: sql`${products.stockOnHand} - ${w.units}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, w.productId), gte(products.stockOnHand, w.units)))
      .returning({ onHand: products.stockOnHand });
    if (!left) throw new Error(`product ${w.productId} lost its stock while locked`);
    if (left.onHand === 0) soldOut = true;
  }
  const change = { pages: soldOut };
  await announceCatalogueChange(tx, change);
  return { kind: "taken", change };
}

/**
 * A checkout's payment and its stock, in the transaction that records the payment (decision 019). In
 * stock: the units are taken and `markPaid` runs. Short on the sandbox, whose card is charged only when
 * the shop accepts: refused, the order cancelled ("sold out"), nothing charged. Short on a payment the
 * provider has already taken (Stripe): the payment is recorded as any other and the order marked
 * "oversold" for the owner to refund or restock (logged as an error).
 */
export async function payFromStock(
  tx: Tx,
  order: OrderRow,
  logger: Logger,
  markPaid: () => Promise<void>,
): Promise<"paid" | "sold_out" | "oversold"> {
  const stock = await takeOrderStock(tx, order.id);
  if (stock.kind === "taken") {
    await markPaid();
    return "paid";
  }
  if (order.provider === "sandbox") {
    await tx
      .update(orders)
      .set({ status: "cancelled", cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")));
    await recordOrderEvent(tx, order.id, "cancelled", { reason: "sold_out" });
    return "sold_out";
  }
  await markPaid();
  await recordOversold(tx, order.id, stock.products);
  logger.error(
    { orderId: order.id, orderNumber: order.orderNumber, short: stock.products },
    "paid order oversold: its units were no longer in stock; refund it or restock",
  );
  return "oversold";
}

/**
 * A renewal takes what there is and never fails for stock (decision 019): the customer paid for a standing
 * order the shop keeps. Short, stock goes to 0 and the order is marked for the owner ("oversold").
 */
export async function takeRenewalStock(
  tx: Tx,
  orderId: string,
  productId: number,
  units: number,
): Promise<void> {
  const [before] = await tx
    .select({ onHand: products.stockOnHand, name: products.name })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!before) return;
  const onHand = Math.max(before.onHand - units, 0);
  await tx
    .update(products)
    .set({ stockOnHand: onHand, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
  if (before.onHand < units)
    await recordOversold(tx, orderId, [
      { productId, name: before.name, wanted: units, onHand: before.onHand },
    ]);
  await announceCatalogueChange(tx, { pages: onHand === 0 && before.onHand > 0 });
}

/**
 * Marks a paid order whose units were not in stock: an "oversold" event on its timeline for the owner
 * (customers' timelines show only their own steps, server/orders/order-events.ts).
 */
export async function recordOversold(
  tx: Tx,
  orderId: string,
  short: { productId: number; name: string; wanted: number; onHand: number }[],
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    type: "oversold",
    detail: {
      products: short.map((s) => `${s.name}: ${s.wanted} wanted, ${s.onHand} on hand`).join("; "),
    },
  });
}

/** The products of these lines (a cart's or an order's) that have fewer units on hand now than they take. */
export async function stockShortfall(
  db: DbOrTx,
  lines: { productId: number; quantity: number }[],
): Promise<{ productId: number; name: string; wanted: number; onHand: number }[]> {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  if (wanted.size === 0) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, onHand: products.stockOnHand })
    .from(products)
    .where(inArray(products.id, [...wanted.keys()]))
    .orderBy(asc(products.id));
  return rows.flatMap((row) => {
    const units = wanted.get(row.id) ?? 0;
    return units > row.onHand
      ? [{ productId: row.id, name: row.name, wanted: units, onHand: row.onHand }]
      : [];
  });
}

/** Refuses (409, naming the product) lines that take more units than are on hand now. */
export async function assertInStock(
  db: DbOrTx,
  lines: { productId: number; quantity: number }[],
): Promise<void> {
  const [short] = await stockShortfall(db, lines);
  if (short) throw stockError(short.name, short.onHand);
}

/** The refusal a shopper reads: which product, how many are left, and how many their cart holds. */
export function stockError(name: string, onHand: number, inCart = 0): OutOfStock {
  if (onHand <= 0) return new OutOfStock(`Sorry, ${name} is out of stock.`);
  const left = `Sorry, only ${onHand} of ${name} ${onHand === 1 ? "is" : "are"} left in stock`;
  return new OutOfStock(inCart > 0 ? `${left}, and your cart already has ${inCart}.` : `${left}.`);
}
