import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import {
  articleFile,
  expertFile,
  productFile,
  productSearchTextOf,
  searchTextOf,
  stackFile,
} from "./content-schemas.ts";
import { articles, discountCodes, experts, products, stacks } from "./schema.ts";

const contentDir = fileURLToPath(new URL("../../content/", import.meta.url));

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(contentDir + path, "utf8"));
}

async function readArticleDir(dir: string) {
  const names = (await readdir(contentDir + dir)).filter((n) => n.endsWith(".json")).sort();
  return Promise.all(
    names.map(async (n) => {
      const parsed = articleFile.safeParse(await readJson(`${dir}/${n}`));
      if (!parsed.success) throw new Error(`content/${dir}/${n}: ${parsed.error.message}`);
      return parsed.data;
    }),
  );
}

/**
 * The demo's discount codes (docs/decisions/046-discount-codes.md). A code already there is left as it is:
 * from then on the owner pauses or ends it on the dashboard.
 */
export const DEMO_CODES: (typeof discountCodes.$inferInsert)[] = [
  // 10% off, once per customer, bundle prices too; not only a first order.
  { code: "WELCOME10", kind: "percent", percent: 10, oncePerCustomer: true, combinesWithBundles: true },
  { code: "FREESHIP", kind: "free_shipping", minSubtotalCents: 4000 },
  { code: "SAVE5", kind: "amount", amountCents: 500, minSubtotalCents: 5000 },
];

/**
 * Loads content/ into the database, replacing the catalogue's text and the editorial content, and adds the
 * demo's discount codes, in one transaction. Prices, subscription discounts and stock of products already
 * there are the owner's, as are codes already there.
 */
export async function seed(db: Db) {
  const catalogue = productFile.parse(await readJson("products.json"));
  const stackList = stackFile.parse(await readJson("stacks.json"));
  const expertList = expertFile.parse(await readJson("experts.json"));
  const articleList = [...(await readArticleDir("articles")), ...(await readArticleDir("stories"))];

  const productIds = new Set(catalogue.map((p) => p.id));
  for (const s of stackList) {
    for (const id of s.productIds)
      if (!productIds.has(id)) throw new Error(`stack ${s.slug}: unknown product ${id}`);
  }

  await db.transaction(async (tx) => {
    for (const file of catalogue) {
      const p = { ...file, searchText: productSearchTextOf(file) };
      // A product already in the shop keeps its price, subscription discount and stock: from then on the
      // owner sets them on the dashboard (decision 019); the file gives a new product its first ones.
      // The label is read from the file itself (server/content/product-labels.ts), not stored.
      const { priceCents: _price, subscriptionDiscount: _discount, label: _label, ...content } = p;
      const { label: _, ...row } = p;
      await tx
        .insert(products)
        .values(row)
        .onConflictDoUpdate({ target: products.id, set: { ...content, updatedAt: sql`now()` } });
    }
    for (const s of stackList) {
      await tx
        .insert(stacks)
        .values(s)
        .onConflictDoUpdate({ target: stacks.id, set: { ...s, updatedAt: sql`now()` } });
    }
    for (const e of expertList) {
      const row = { ...e, website: e.website ?? null };
      await tx.insert(experts).values(row).onConflictDoUpdate({ target: experts.id, set: row });
    }
    for (const a of articleList) {
      const row = {
        ...a,
        publishDate: new Date(a.publishDate),
        updatedAt: new Date(a.updatedAt),
        searchText: searchTextOf(a),
      };
      await tx.insert(articles).values(row).onConflictDoUpdate({ target: articles.id, set: row });
    }
    for (const code of DEMO_CODES) {
      await tx
        .insert(discountCodes)
        .values({ ...code, createdBy: "the demo seed" })
        .onConflictDoNothing({ target: discountCodes.code });
    }
  });
  return {
    products: catalogue.length,
    stacks: stackList.length,
    experts: expertList.length,
    articles: articleList.length,
  };
}

/** Seeds only when the catalogue is empty (first start on a new database). */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  if ((row?.n ?? 0) > 0) return false;
  await seed(db);
  return true;
}
