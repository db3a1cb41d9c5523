import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { stockError } from "../cart/stock-error.ts";
import { announceCatalogueChange, type CatalogueChange } from "../catalogue-sync.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { orderLines, products } from "../db/schema.ts";

/**
 * Stock on hand (decision 019): a paid order takes its units in the transaction that records the payment;
 * concurrent payments for the last unit meet at the product's row, so one gets it and the others find
 * none. Nothing here ever makes stock negative (the table's check refuses it too).
 */

/** A product an order wants more units of than are on hand. */
export interface Shortfall {
  productId: number;
  name: string;
  wanted: number;
  onHand: number;
}

/** What taking an order's units gives: taken (all of them), or short (none taken, the products short named). */
export type StockTaken =
  | { kind: "taken"; change: CatalogueChange }
  | { kind: "short"; products: Shortfall[] };

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
 * A renewal takes what there is and never fails for stock (decision 019): the customer paid for a standing
 * order the shop keeps. Short, stock goes to 0 and the shortfall is returned for the caller to record.
 */
export async function takeRenewalStock(tx: Tx, productId: number, units: number): Promise<Shortfall[]> {
  const [before] = await tx
    .select({ onHand: products.stockOnHand, name: products.name })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!before) return [];
  const onHand = Math.max(before.onHand - units, 0);
  await tx
    .update(products)
    .set({ stockOnHand: onHand, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
  await announceCatalogueChange(tx, { pages: onHand === 0 && before.onHand > 0 });
  return before.onHand < units
    ? [{ productId, name: before.name, wanted: units, onHand: before.onHand }]
    : [];
}

/** The products of these lines (a cart's or an order's) that have fewer units on hand now than they take. */
export async function stockShortfall(
  db: DbOrTx,
  lines: { productId: number; quantity: number }[],
): Promise<Shortfall[]> {
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
