import { asc, inArray, sql } from "drizzle-orm";
import {
  type AdminPriceRow,
  LIST_CURRENCIES,
  type ListCurrency,
  type PriceChange,
} from "../../core/contracts/admin-prices.ts";
import { type Currency, isCurrency } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import {
  GIFT_CARD_ITEMS,
  GIFT_CARD_PRESET_ITEMS,
  type GiftCardItem,
  isPriceItem,
  USD_GIFT_CARD_ITEMS,
} from "../../core/price-lists.ts";
import { FREE_SHIPPING_OVER_CENTS } from "../../core/pricing.ts";
import { type AuditActor, recordAudit } from "../audit/audit.ts";
import { announceCatalogueChange, type CatalogueChange } from "../catalogue-sync.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { priceListEntries, products, stacks } from "../db/schema.ts";
import { InvalidInput } from "../domain-errors.ts";

/** What the lists' items are read from: the database's rows, never the cached catalogue. */
interface Lists {
  products: { id: number; name: string; priceCents: number }[];
  stacks: { id: number; name: string; bundlePriceCents: number; productIds: number[] }[];
  /** `${item}@${currency}` to amount, for CAD, EUR and GBP. */
  entries: Map<string, number>;
}

const key = (item: string, currency: Currency) => `${item}@${currency}`;

async function readLists(db: DbOrTx): Promise<Lists> {
  // One after the other: in a transaction the three share one connection.
  const productRows = await db
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .orderBy(asc(products.id));
  const stackRows = await db
    .select({
      id: stacks.id,
      name: stacks.name,
      bundlePriceCents: stacks.bundlePriceCents,
      productIds: stacks.productIds,
    })
    .from(stacks)
    .orderBy(asc(stacks.id));
  const entryRows = await db.select().from(priceListEntries);
  const entries = new Map<string, number>();
  for (const e of entryRows) if (isCurrency(e.currency)) entries.set(key(e.item, e.currency), e.amountCents);
  return { products: productRows, stacks: stackRows, entries };
}

/** The shipping figures' names, as the dashboard lists them. */
const SHIPPING_NAMES = {
  "shipping:flat": "Flat shipping rate",
  "shipping:free_over": "Free shipping over",
} as const;

/** The gift cards' items as the dashboard names them (their US dollar amounts are fixed in the code). */
const GIFT_CARD_NAMES: Record<GiftCardItem, string> = {
  "gift_card:1": "Gift card: first amount offered",
  "gift_card:2": "Gift card: second amount offered",
  "gift_card:3": "Gift card: third amount offered",
  "gift_card:min": "Gift card: lowest amount a buyer may choose",
  "gift_card:max": "Gift card: highest amount a buyer may choose",
};

function rowsOf(lists: Lists, flatShippingCents: number): AdminPriceRow[] {
  const others = (item: string) =>
    Object.fromEntries(LIST_CURRENCIES.map((c) => [c, lists.entries.get(key(item, c)) ?? null])) as Record<
      ListCurrency,
      number | null
    >;
  return [
    ...lists.products.map((p) => ({
      item: `product:${p.id}`,
      kind: "product" as const,
      name: p.name,
      prices: { USD: p.priceCents, ...others(`product:${p.id}`) },
    })),
    ...lists.stacks.map((s) => ({
      item: `stack:${s.id}`,
      kind: "stack" as const,
      name: s.name,
      prices: { USD: s.bundlePriceCents, ...others(`stack:${s.id}`) },
      productIds: s.productIds,
    })),
    {
      item: "shipping:flat",
      kind: "shipping" as const,
      name: SHIPPING_NAMES["shipping:flat"],
      prices: { USD: flatShippingCents, ...others("shipping:flat") },
    },
    {
      item: "shipping:free_over",
      kind: "shipping" as const,
      name: SHIPPING_NAMES["shipping:free_over"],
      prices: { USD: FREE_SHIPPING_OVER_CENTS, ...others("shipping:free_over") },
    },
    ...GIFT_CARD_ITEMS.map((item) => ({
      item,
      kind: "gift_card" as const,
      name: GIFT_CARD_NAMES[item],
      prices: { USD: USD_GIFT_CARD_ITEMS[item], ...others(item) },
    })),
  ];
}

/**
 * Every item of the lists (products, stacks, the shipping rate and threshold) with its price in each
 * currency, read from the database. `flatShippingCents` is the US dollar rate (SHIPPING_FLAT_RATE).
 */
export async function listPrices(db: DbOrTx, flatShippingCents: number): Promise<AdminPriceRow[]> {
  return rowsOf(await readLists(db), flatShippingCents);
}

/** The audit trail's target of an item: the product or stack it prices, or the shipping figure. */
export function auditTargetOf(item: string): { targetType: string; targetId: string } {
  const [kind = "", id = ""] = item.split(":");
  return { targetType: kind, targetId: id };
}

export type PricesUpdate = { changed: number; change: CatalogueChange | null };

/**
 * Sets amounts in the CAD, EUR and GBP lists, all or none: each item must exist, each stack priced in a
 * currency must cost less there than its products together (a bundle is a saving), and each changed item
 * gets one audit row (before and after, by currency) in the same transaction, which also tells every
 * process to drop its catalogue and cached pages (server/catalogue-sync.ts, decision 019). A refusal is an
 * InvalidInput (400) with a message per `${item}@${currency}`.
 */
export async function updatePrices(db: Db, actor: AuditActor, changes: PriceChange[]): Promise<PricesUpdate> {
  return db.transaction((tx) => applyPriceChanges(tx, actor, changes));
}

/** The names the items may have, and each item and currency once. */
function checkItems(changes: PriceChange[]): void {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  for (const c of changes) {
    const k = key(c.item, c.currency);
    if (!isPriceItem(c.item))
      fields[k] ??=
        `Unknown item "${c.item}": items are product:<id>, stack:<id>, shipping:flat, shipping:free_over and gift_card:1, gift_card:2, gift_card:3, gift_card:min, gift_card:max.`;
    else if (seen.has(k)) fields[k] ??= `${c.item} in ${c.currency} is sent twice.`;
    seen.add(k);
  }
  refuseIf(fields);
}

/** updatePrices inside a transaction the caller holds (a product's own form saves its prices with it). */
export async function applyPriceChanges(
  tx: DbOrTx,
  actor: AuditActor,
  changes: PriceChange[],
): Promise<PricesUpdate> {
  checkItems(changes);
  if (changes.length === 0) return { changed: 0, change: null };
  const fields: Record<string, string> = {};
  // The rows of the currencies changed, locked: two owners' edits of one list are applied one after the
  // other, so the stack rule below holds for the list as it ends up.
  const currencies = [...new Set(changes.map((c) => c.currency))];
  await tx
    .select({ item: priceListEntries.item })
    .from(priceListEntries)
    .where(inArray(priceListEntries.currency, currencies))
    .for("update");
  const lists = await readLists(tx);
  const productIds = new Set(lists.products.map((p) => p.id));
  const stackIds = new Set(lists.stacks.map((s) => s.id));
  for (const c of changes) {
    const [kind, id] = c.item.split(":");
    if (kind === "product" && !productIds.has(Number(id)))
      fields[key(c.item, c.currency)] = `There is no product ${id}.`;
    if (kind === "stack" && !stackIds.has(Number(id)))
      fields[key(c.item, c.currency)] = `There is no stack ${id}.`;
  }
  refuseIf(fields);

  const after = new Map(lists.entries);
  const changed = changes.filter((c) => lists.entries.get(key(c.item, c.currency)) !== c.amountCents);
  for (const c of changed) after.set(key(c.item, c.currency), c.amountCents);

  // A stack's bundle price must stay below its products' in the same currency: checked for every stack
  // a change touches (its own price, or one of its products').
  const touched = new Set(changed.map((c) => key(c.item, c.currency)));
  const names = new Map(lists.products.map((p) => [p.id, p.name]));
  for (const currency of currencies) {
    for (const s of lists.stacks) {
      const stackItem = `stack:${s.id}`;
      const bundle = after.get(key(stackItem, currency));
      if (bundle === undefined) continue;
      const parts = [stackItem, ...s.productIds.map((id) => `product:${id}`)];
      if (!parts.some((item) => touched.has(key(item, currency)))) continue;
      const unpriced = s.productIds.filter((id) => !after.has(key(`product:${id}`, currency)));
      // The message goes beside the stack's own field when it changed, else beside the product's.
      const where = key(parts.find((item) => touched.has(key(item, currency))) ?? stackItem, currency);
      if (unpriced.length > 0) {
        fields[where] ??=
          `${s.name} cannot have a price in ${currency} before each of its products has one: ${unpriced.map((id) => names.get(id) ?? `product ${id}`).join(", ")}.`;
        continue;
      }
      const sum = s.productIds.reduce((t, id) => t + (after.get(key(`product:${id}`, currency)) ?? 0), 0);
      if (bundle >= sum)
        fields[where] ??=
          `${s.name}'s price in ${currency} (${formatMoney(bundle, currency)}) must be below the sum of its products' prices in ${currency} (${formatMoney(sum, currency)}).`;
    }
  }
  for (const currency of currencies) giftCardRules(after, currency, touched, fields);
  refuseIf(fields);

  if (changed.length === 0) return { changed: 0, change: null };
  for (const c of changed)
    await tx
      .insert(priceListEntries)
      .values({ item: c.item, currency: c.currency, amountCents: c.amountCents })
      .onConflictDoUpdate({
        target: [priceListEntries.item, priceListEntries.currency],
        set: { amountCents: c.amountCents, updatedAt: sql`now()` },
      });
  // One audit row per item: its amounts before and after, by currency.
  const byItem = new Map<string, PriceChange[]>();
  for (const c of changed) byItem.set(c.item, [...(byItem.get(c.item) ?? []), c]);
  for (const [item, itemChanges] of byItem) {
    await recordAudit(tx, {
      actor,
      action: "price-list-updated",
      ...auditTargetOf(item),
      before: Object.fromEntries(
        itemChanges.map((c) => [c.currency, lists.entries.get(key(item, c.currency)) ?? null]),
      ),
      after: Object.fromEntries(itemChanges.map((c) => [c.currency, c.amountCents])),
    });
  }
  // The shop's pages show prices: they are dropped with the catalogue.
  const change = { pages: true };
  await announceCatalogueChange(tx, change);
  return { changed: changed.length, change };
}

/**
 * A currency's gift cards (decision 051), checked when a change touches them: each amount more than zero;
 * the lowest amount a buyer may choose below the highest; each amount offered within those bounds when both are set
 * (a card offered is one a buyer could also choose).
 */
function giftCardRules(
  after: Map<string, number>,
  currency: ListCurrency,
  touched: Set<string>,
  fields: Record<string, string>,
): void {
  const touchedHere = GIFT_CARD_ITEMS.filter((item) => touched.has(key(item, currency)));
  if (touchedHere.length === 0) return;
  const where = key(touchedHere[0] ?? "gift_card:1", currency);
  const sign = (cents: number) => formatMoney(cents, currency);
  for (const item of touchedHere) {
    if ((after.get(key(item, currency)) ?? 0) <= 0)
      fields[key(item, currency)] ??= `A gift card amount in ${currency} must be more than ${sign(0)}.`;
  }
  const min = after.get(key("gift_card:min", currency));
  const max = after.get(key("gift_card:max", currency));
  if (min !== undefined && max !== undefined && min >= max)
    fields[where] ??=
      `The lowest gift card amount a buyer may choose in ${currency} (${sign(min)}) must be below the highest (${sign(max)}).`;
  if (min === undefined || max === undefined) return;
  for (const item of GIFT_CARD_PRESET_ITEMS) {
    const cents = after.get(key(item, currency));
    if (cents !== undefined && (cents < min || cents > max))
      fields[touched.has(key(item, currency)) ? key(item, currency) : where] ??=
        `A gift card amount offered in ${currency} (${sign(cents)}) must be between ${sign(min)} and ${sign(max)}.`;
  }
}

function refuseIf(fields: Record<string, string>): void {
  const messages = Object.values(fields);
  if (messages.length === 0) return;
  throw new InvalidInput("invalid_price", messages.slice(0, 5).join(" "), { fields: { ...fields } });
}
