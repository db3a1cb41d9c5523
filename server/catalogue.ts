import { asc } from "drizzle-orm";
import { formatCents } from "../core/money.ts";
import type { Db } from "./db/client.ts";
import { type ProductRow, products } from "./db/schema.ts";

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
  };
}

/**
 * The catalogue changes only when the seed (or an owner) changes it, so it is read once and kept in
 * process; `invalidate()` drops the copy. Per-process state is fine here: it is a cache of the
 * database, never the record.
 */
export class Catalogue {
  #db: Db;
  #products: Promise<Product[]> | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  list(): Promise<Product[]> {
    if (!this.#products) {
      const loading = this.#db
        .select()
        .from(products)
        .orderBy(asc(products.id))
        .then((rows) => rows.map(toProduct));
      // A failed read is not cached: the next call tries again.
      loading.catch(() => {
        if (this.#products === loading) this.#products = null;
      });
      this.#products = loading;
    }
    return this.#products;
  }

  async byId(id: number): Promise<Product | undefined> {
    return (await this.list()).find((p) => p.id === id);
  }

  async bySlug(slug: string): Promise<Product | undefined> {
    return (await this.list()).find((p) => p.slug === slug);
  }

  invalidate(): void {
    this.#products = null;
  }
}
