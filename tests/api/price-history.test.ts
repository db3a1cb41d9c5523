import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysBefore } from "../../core/omnibus.ts";
import { priceHistory, priceListEntries, products, stacks } from "../../server/db/schema.ts";
import { lowestPrices, todayUtc } from "../../server/prices/price-history.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";

/** The price history the UK and EU's lowest-price rule reads (migration 0021, decision 051). */
describe.each(testDatabases)("price history on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  const today = todayUtc();
  const historyOf = (item: string, currency: string) =>
    db()
      .select()
      .from(priceHistory)
      .where(and(eq(priceHistory.item, item), eq(priceHistory.currency, currency)));

  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  it("holds today's price of every product and stack in every list from the seed", async () => {
    expect(await historyOf("product:1", "USD")).toEqual([
      { item: "product:1", currency: "USD", day: today, amountCents: 3000 },
    ]);
    expect((await historyOf("stack:1", "EUR"))[0]?.amountCents).toBe(9700);
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(priceHistory)
      .where(sql`${priceHistory.item} like 'shipping:%'`);
    expect(row?.n).toBe(0);
  });

  it("is written by every price change, keeping the day's lowest", async () => {
    await db().update(products).set({ priceCents: 2700 }).where(eq(products.id, 2));
    await db().update(products).set({ priceCents: 4200 }).where(eq(products.id, 2));
    expect((await historyOf("product:2", "USD"))[0]?.amountCents).toBe(2700);
    await db()
      .update(priceListEntries)
      .set({ amountCents: 3500 })
      .where(and(eq(priceListEntries.item, "product:2"), eq(priceListEntries.currency, "GBP")));
    expect((await historyOf("product:2", "GBP"))[0]?.amountCents).toBe(3300);
    await db().update(stacks).set({ bundlePriceCents: 9000 }).where(eq(stacks.id, 1));
    expect((await historyOf("stack:1", "USD"))[0]?.amountCents).toBe(9000);
  });

  it("answers the lowest price of the last 30 days per item, from the window and the price before it", async () => {
    await db()
      .insert(priceHistory)
      .values([
        { item: "product:3", currency: "EUR", day: daysBefore(today, 90), amountCents: 1500 },
        { item: "product:3", currency: "EUR", day: daysBefore(today, 40), amountCents: 2600 },
        { item: "product:3", currency: "EUR", day: daysBefore(today, 10), amountCents: 2400 },
        { item: "stack:2", currency: "EUR", day: daysBefore(today, 31), amountCents: 4500 },
      ]);
    const lowest = await lowestPrices(db(), "EUR", today);
    expect(lowest.get("product:3")).toBe(2400);
    expect(lowest.get("stack:2")).toBe(4500);
    expect(lowest.get("product:1")).toBe(2900);
    expect(lowest.has("shipping:flat")).toBe(false);
  });

  it("is kept by the catalogue per list and day, and dropped with it when a price is written", async () => {
    const catalogue = shop.services.catalogue;
    expect((await catalogue.lowestPrices("GBP", today)).get("stack:3")).toBe(4900);
    await db()
      .update(priceListEntries)
      .set({ amountCents: 4500 })
      .where(and(eq(priceListEntries.item, "stack:3"), eq(priceListEntries.currency, "GBP")));
    // Kept until the catalogue is dropped, as a price save does (decision 019's sync).
    expect((await catalogue.lowestPrices("GBP", today)).get("stack:3")).toBe(4900);
    catalogue.invalidate();
    expect((await catalogue.lowestPrices("GBP", today)).get("stack:3")).toBe(4500);
  });
});
