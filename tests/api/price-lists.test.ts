import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceOf } from "../../core/price-lists.ts";
import { priceListEntries } from "../../server/db/schema.ts";
import { seed, seedIfEmpty } from "../../server/db/seed.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";

/** The price lists of the other currencies (migration 0020, decision 051): seeded, kept, read once. */
describe.each(testDatabases)("price lists on %s", (kind) => {
  let shop: TestShop;
  const count = async () => {
    const [row] = await shop.services.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(priceListEntries);
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  it("seeds every product, stack, shipping figure and gift card amount in each other currency", async () => {
    // 3 currencies x (4 products + 7 stacks + 2 shipping figures + 5 gift card amounts)
    expect(await count()).toBe(3 * 18);
    const table = await shop.services.catalogue.priceTable(595);
    expect(priceOf(table, "product:1", "USD")).toBe(3000);
    expect(priceOf(table, "product:1", "CAD")).toBe(4000);
    expect(priceOf(table, "product:1", "GBP")).toBe(2500);
    expect(priceOf(table, "product:1", "EUR")).toBe(2900);
    expect(priceOf(table, "stack:1", "CAD")).toBe(13500);
    expect(priceOf(table, "shipping:free_over", "GBP")).toBe(6000);
  });

  it("keeps the owner's price when the content is loaded again", async () => {
    const db = shop.services.database.db;
    const mine = sql`${priceListEntries.item} = 'product:2' and ${priceListEntries.currency} = 'CAD'`;
    await db.update(priceListEntries).set({ amountCents: 5500 }).where(mine);
    await seed(db);
    const [row] = await db.select().from(priceListEntries).where(mine);
    expect(row?.amountCents).toBe(5500);
  });

  it("fills the lists of a database seeded before them, on its next start", async () => {
    const db = shop.services.database.db;
    await db.delete(priceListEntries);
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await count()).toBe(3 * 18);
  });

  it("gives a database seeded before the gift cards' amounts those of the file, and keeps the owner's other prices", async () => {
    const db = shop.services.database.db;
    const mine = sql`${priceListEntries.item} = 'product:2' and ${priceListEntries.currency} = 'CAD'`;
    await db.update(priceListEntries).set({ amountCents: 5600 }).where(mine);
    await db.delete(priceListEntries).where(sql`${priceListEntries.item} like 'gift_card:%'`);
    await db
      .delete(priceListEntries)
      .where(sql`${priceListEntries.item} = 'product:4' and ${priceListEntries.currency} = 'GBP'`);
    expect(await seedIfEmpty(db)).toBe(false);
    // The gift cards' 15 are back; product 4 stays unpriced in pounds, product 2 at the owner's CA$56.
    expect(await count()).toBe(3 * 18 - 1);
    const [row] = await db.select().from(priceListEntries).where(mine);
    expect(row?.amountCents).toBe(5600);
    const table = await shop.services.catalogue.priceTable(595);
    expect(priceOf(table, "gift_card:1", "GBP")).toBe(2000);
    expect(priceOf(table, "gift_card:max", "CAD")).toBe(50_000);
  });

  it("refuses a currency outside the lists and a negative amount", async () => {
    const db = shop.services.database.db;
    await expect(
      db.insert(priceListEntries).values({ item: "product:1", currency: "JPY", amountCents: 100 }),
    ).rejects.toThrow();
    await expect(
      db.update(priceListEntries).set({ amountCents: -1 }).where(eq(priceListEntries.item, "product:1")),
    ).rejects.toThrow();
  });
});
