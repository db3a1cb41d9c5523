import { asc } from "drizzle-orm";
import type { MarketSettings } from "../core/contracts/admin-markets.ts";
import { type Currency, isCurrency } from "../core/markets.ts";
import { formatCents } from "../core/money.ts";
import { type PriceEntry, type PriceTable, priceTable } from "../core/price-lists.ts";
import type { Db } from "./db/client.ts";
import { type ProductRow, priceListEntries, products, stacks } from "./db/schema.ts";
import { marketSettingsOf } from "./markets/markets.ts";
import { lowestPrices, todayUtc } from "./prices/price-history.ts";
import { cardRatings } from "./reviews/reviews.ts";

/** A product as the API and pages see it: price is a decimal dollar string. */
export interface Product {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  description: string;
  price: string;
  priceCents: number;
  subscriptionDiscount: number | null;
  benefits: string[];
  category: string;
  packageSize: string;
  imageUrl: string;
  accent: string;
  /** Whether any unit is left to sell: shop pages show "Out of stock" and offer no add button without. */
  inStock: boolean;
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    description: row.description,
    price: formatCents(row.priceCents),
    priceCents: row.priceCents,
    subscriptionDiscount: row.subscriptionDiscount,
    benefits: row.benefits,
    category: row.category,
    packageSize: row.packageSize,
    imageUrl: row.imageUrl,
    accent: row.accent,
    inStock: row.stockOnHand > 0,
  };
}

interface Loaded {
  products: Product[];
  /** Units on hand by product id: the cart refuses more than this (the payment takes them, decision 019). */
  stock: Map<number, number>;
  /** The stacks' base (US dollar) prices and the other currencies' price lists (decision 051). */
  stackPrices: { id: number; slug: string; bundlePriceCents: number }[];
  priceEntries: PriceEntry[];
  /** The price lists built from the above, kept with them (`priceTable`). */
  table?: { flatShippingCents: number; table: PriceTable };
}

/**
 * The catalogue changes only when the seed, an owner or a paid order changes it, so it is read once and
 * kept in process; `invalidate()` drops the copy, on every process at once (server/catalogue-sync.ts,
 * decision 019). Per-process state is fine here: it is a cache of the database, never the record.
 */
export class Catalogue {
  #db: Db;
  #loaded: Promise<Loaded> | null = null;
  #ratings: Promise<Map<number, { average: number; count: number }>> | null = null;
  #markets: Promise<MarketSettings> | null = null;
  #lowest = new Map<string, Promise<Map<string, number>>>();

  constructor(db: Db) {
    this.#db = db;
  }

  #load(): Promise<Loaded> {
    if (!this.#loaded) {
      const loading = Promise.all([
        this.#db.select().from(products).orderBy(asc(products.id)),
        this.#db
          .select({ id: stacks.id, slug: stacks.slug, bundlePriceCents: stacks.bundlePriceCents })
          .from(stacks)
          .orderBy(asc(stacks.id)),
        this.#db.select().from(priceListEntries),
      ]).then(([rows, stackPrices, entries]) => ({
        products: rows.map(toProduct),
        stock: new Map(rows.map((r) => [r.id, r.stockOnHand])),
        stackPrices,
        priceEntries: entries.flatMap((e) =>
          isCurrency(e.currency) ? [{ item: e.item, currency: e.currency, amountCents: e.amountCents }] : [],
        ),
      }));
      // A failed read is not cached: the next call tries again.
      loading.catch(() => {
        if (this.#loaded === loading) this.#loaded = null;
      });
      this.#loaded = loading;
    }
    return this.#loaded;
  }

  async list(): Promise<Product[]> {
    return (await this.#load()).products;
  }

  /** Units on hand as last read (0 for an unknown product); a payment checks the database itself. */
  async stockOf(id: number): Promise<number> {
    return (await this.#load()).stock.get(id) ?? 0;
  }

  /**
   * Every price list (core/price-lists.ts): the base from the products and stacks as last read and the
   * shop's flat shipping rate, the others from their entries. Dropped with the catalogue by `invalidate()`.
   */
  async priceTable(flatShippingCents: number): Promise<PriceTable> {
    const loaded = await this.#load();
    // Built once per read of the catalogue (every page's root loader asks for it), not per call.
    if (loaded.table?.flatShippingCents !== flatShippingCents) {
      const table = priceTable(
        { products: loaded.products, stacks: loaded.stackPrices, flatShippingCents },
        loaded.priceEntries,
      );
      loaded.table = { flatShippingCents, table };
    }
    return loaded.table.table;
  }

  /** Each stack's id by its slug, as last read: a cart line names its stack by slug, a price list by id. */
  async stackIds(): Promise<Record<string, number>> {
    const loaded = await this.#load();
    return Object.fromEntries(loaded.stackPrices.map((s) => [s.slug, s.id]));
  }

  async byId(id: number): Promise<Product | undefined> {
    return (await this.list()).find((p) => p.id === id);
  }

  async bySlug(slug: string): Promise<Product | undefined> {
    return (await this.list()).find((p) => p.slug === slug);
  }

  /**
   * Published reviews' average and count per product, for the product cards: one grouped query, kept
   * with the catalogue and dropped with it (a review published, hidden or changed announces a change).
   */
  ratings(): Promise<Map<number, { average: number; count: number }>> {
    if (!this.#ratings) {
      const loading = cardRatings(this.#db);
      loading.catch(() => {
        if (this.#ratings === loading) this.#ratings = null;
      });
      this.#ratings = loading;
    }
    return this.#ratings;
  }

  /**
   * The lowest price of the last 30 days of each product and stack in a price list (decision 051), kept per
   * list and day (UTC) and dropped with the catalogue: a price written changes it, and so does a new day.
   */
  lowestPrices(currency: Currency, today = todayUtc()): Promise<Map<string, number>> {
    const key = `${currency}:${today}`;
    let loading = this.#lowest.get(key);
    if (!loading) {
      const started = lowestPrices(this.#db, currency, today);
      started.catch(() => {
        if (this.#lowest.get(key) === started) this.#lowest.delete(key);
      });
      // Only today's figures are kept: yesterday's key is never asked for again.
      for (const k of this.#lowest.keys()) if (!k.endsWith(today)) this.#lowest.delete(k);
      this.#lowest.set(key, started);
      loading = started;
    }
    return loading;
  }

  /**
   * The owner's markets (server/markets/markets.ts), read on every checkout: kept with the catalogue and
   * dropped with it (saving the markets announces a change, so every process reads the new ones at once).
   */
  marketSettings(): Promise<MarketSettings> {
    if (!this.#markets) {
      const loading = marketSettingsOf(this.#db);
      loading.catch(() => {
        if (this.#markets === loading) this.#markets = null;
      });
      this.#markets = loading;
    }
    return this.#markets;
  }

  invalidate(): void {
    this.#loaded = null;
    this.#ratings = null;
    this.#markets = null;
    this.#lowest.clear();
  }
}
