import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import {
  type ArticleFile,
  articleFile,
  expertFile,
  type ProductFile,
  priceEntriesOf,
  priceListFile,
  productFile,
  productSearchTextOf,
  searchTextOf,
  stackFile,
} from "./content-schemas.ts";
import {
  articles,
  articleTranslations,
  discountCodeAmounts,
  discountCodes,
  experts,
  priceListEntries,
  products,
  productTranslations,
  stacks,
} from "./schema.ts";

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
 * The demo codes' amount off and minimum in the other currencies (decision 051), round there as in US
 * dollars: SAVE5 is CA$7 off CA$70, €5 off €50, £4 off £40; FREESHIP from CA$55, €40, £35.
 */
export const DEMO_CODE_AMOUNTS: Record<
  string,
  { currency: "CAD" | "EUR" | "GBP"; amountCents: number | null; minSubtotalCents: number | null }[]
> = {
  SAVE5: [
    { currency: "CAD", amountCents: 700, minSubtotalCents: 7000 },
    { currency: "EUR", amountCents: 500, minSubtotalCents: 5000 },
    { currency: "GBP", amountCents: 400, minSubtotalCents: 4000 },
  ],
  FREESHIP: [
    { currency: "CAD", amountCents: null, minSubtotalCents: 5500 },
    { currency: "EUR", amountCents: null, minSubtotalCents: 4000 },
    { currency: "GBP", amountCents: null, minSubtotalCents: 3500 },
  ],
};

/**
 * The demo codes' amounts in the other currencies, for each demo code the seed made that has none there
 * (an owner's amounts stay).
 */
async function writeDemoCodeAmounts(tx: Tx | Db) {
  const rows = await tx
    .select({ id: discountCodes.id, code: discountCodes.code })
    .from(discountCodes)
    .where(
      and(
        inArray(discountCodes.code, Object.keys(DEMO_CODE_AMOUNTS)),
        eq(discountCodes.createdBy, "the demo seed"),
      ),
    );
  const values = rows.flatMap((r) => (DEMO_CODE_AMOUNTS[r.code] ?? []).map((a) => ({ codeId: r.id, ...a })));
  if (values.length > 0) await tx.insert(discountCodeAmounts).values(values).onConflictDoNothing();
}

/**
 * Loads content/ into the database, replacing the catalogue's text and the editorial content and their
 * Spanish and French words for the search, and adds the demo's discount codes, in one transaction. Prices, subscription discounts and stock of products already
 * there are the owner's, as are codes already there.
 */
export async function seed(db: Db) {
  const catalogue = productFile.parse(await readJson("products.json"));
  const stackList = stackFile.parse(await readJson("stacks.json"));
  const expertList = expertFile.parse(await readJson("experts.json"));
  const articleList = [...(await readArticleDir("articles")), ...(await readArticleDir("stories"))];
  const translations = await readTranslations(catalogue, articleList);
  const priceEntries = priceEntriesOf(priceListFile.parse(await readJson("price-lists.json")));

  const productIds = new Set(catalogue.map((p) => p.id));
  for (const s of stackList) {
    for (const id of s.productIds)
      if (!productIds.has(id)) throw new Error(`stack ${s.slug}: unknown product ${id}`);
  }
  const stackIds = new Set(stackList.map((s) => s.id));
  for (const e of priceEntries) {
    const [kind, id] = e.item.split(":");
    if (
      (kind === "product" && !productIds.has(Number(id))) ||
      (kind === "stack" && !stackIds.has(Number(id)))
    )
      throw new Error(`price-lists.json ${e.currency}: unknown ${e.item}`);
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
    await writeTranslations(tx, translations);
    await writePriceLists(tx, priceEntries);
    for (const code of DEMO_CODES) {
      await tx
        .insert(discountCodes)
        .values({ ...code, createdBy: "the demo seed" })
        .onConflictDoNothing({ target: discountCodes.code });
    }
    await writeDemoCodeAmounts(tx);
  });
  return {
    products: catalogue.length,
    stacks: stackList.length,
    experts: expertList.length,
    articles: articleList.length,
  };
}

/** The languages the search reads translations in (content/i18n/<locale>/, migration 0018). */
const TRANSLATED_LOCALES = ["es", "fr"] as const;

/**
 * The English item with the translation's strings where English has a string at the same path, as the
 * pages lay them (server/content/translations.ts, whose test refuses a translated field English lacks or
 * does not translate): enough for the words the search reads.
 */
function laidOver<T>(english: T, translation: unknown): T {
  if (translation === undefined || translation === null) return english;
  if (typeof english === "string") return (typeof translation === "string" ? translation : english) as T;
  if (Array.isArray(english))
    return (Array.isArray(translation) ? english.map((e, i) => laidOver(e, translation[i])) : english) as T;
  if (typeof english !== "object" || english === null || typeof translation !== "object") return english;
  const out: Record<string, unknown> = { ...(english as Record<string, unknown>) };
  for (const [key, value] of Object.entries(translation as Record<string, unknown>))
    if (key in out) out[key] = laidOver(out[key], value);
  return out as T;
}

/** A language's translation files of the articles and stories, by slug (one file each). */
async function readArticleTranslations(locale: string): Promise<Map<string, unknown>> {
  const files = new Map<string, unknown>();
  for (const dir of [`i18n/${locale}/articles`, `i18n/${locale}/stories`]) {
    if (!existsSync(contentDir + dir)) continue;
    for (const name of (await readdir(contentDir + dir)).filter((n) => n.endsWith(".json")))
      files.set(name.slice(0, -".json".length), await readJson(`${dir}/${name}`));
  }
  return files;
}

interface Translations {
  articles: (typeof articleTranslations.$inferInsert)[];
  products: (typeof productTranslations.$inferInsert)[];
}

/**
 * The Spanish and French words of the articles, stories and products the search reads in those languages,
 * from content/i18n: the title and excerpt (a product's tagline) a hit shows and the text it is found by,
 * made as the English one is (searchTextOf, productSearchTextOf) from the item in the language.
 */
async function readTranslations(catalogue: ProductFile[], articleList: ArticleFile[]): Promise<Translations> {
  const out: Translations = { articles: [], products: [] };
  for (const locale of TRANSLATED_LOCALES) {
    const files = await readArticleTranslations(locale);
    for (const a of articleList) {
      const file = files.get(a.slug);
      if (file === undefined) continue;
      const t = laidOver(a, file);
      out.articles.push({
        articleId: a.id,
        locale,
        title: t.title,
        excerpt: t.excerpt,
        searchText: searchTextOf(t),
      });
    }
    const productFiles = (await readJson(`i18n/${locale}/products.json`)) as Record<string, unknown>;
    for (const p of catalogue) {
      const file = productFiles[p.slug];
      if (file === undefined) continue;
      // The label's words are the product page's, not what a product is found by.
      const { label: _label, ...fields } = file as Record<string, unknown>;
      const t = laidOver(p, fields);
      out.products.push({ productId: p.id, locale, tagline: t.tagline, searchText: productSearchTextOf(t) });
    }
  }
  return out;
}

/**
 * Replaces the search's translations whole, so a second seed writes the same rows. Only items the database
 * holds are written (a database seeded before may lack a newer file's item).
 */
async function writeTranslations(tx: Tx, translations: Translations) {
  const articleIds = new Set((await tx.select({ id: articles.id }).from(articles)).map((r) => r.id));
  const productIds = new Set((await tx.select({ id: products.id }).from(products)).map((r) => r.id));
  const articleRows = translations.articles.filter((r) => articleIds.has(r.articleId));
  const productRows = translations.products.filter((r) => productIds.has(r.productId));
  await tx.delete(articleTranslations);
  await tx.delete(productTranslations);
  if (articleRows.length > 0) await tx.insert(articleTranslations).values(articleRows);
  if (productRows.length > 0) await tx.insert(productTranslations).values(productRows);
}

/**
 * Seeds only when the catalogue is empty (first start on a new database). A database seeded before the
 * search read the translations (migration 0018) gets them, one seeded before the price lists (migration
 * 0020) gets the file's, one seeded before the gift cards' amounts were in them gets those, and one seeded
 * before the codes' amounts per currency (migration 0023) gets the demo codes', each in one transaction,
 * and nothing else.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  if ((row?.n ?? 0) > 0) {
    const [translated] = await db.select({ n: sql<number>`count(*)::int` }).from(articleTranslations);
    if ((translated?.n ?? 0) === 0) await seedTranslations(db);
    const [priced] = await db.select({ n: sql<number>`count(*)::int` }).from(priceListEntries);
    if ((priced?.n ?? 0) === 0) await seedPriceLists(db);
    else {
      const [giftCardsPriced] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(priceListEntries)
        .where(like(priceListEntries.item, "gift_card:%"));
      if ((giftCardsPriced?.n ?? 0) === 0) await seedPriceLists(db, (item) => item.startsWith("gift_card:"));
    }
    const [codeAmounts] = await db.select({ n: sql<number>`count(*)::int` }).from(discountCodeAmounts);
    if ((codeAmounts?.n ?? 0) === 0) await writeDemoCodeAmounts(db);
    return false;
  }
  await seed(db);
  return true;
}

/** Writes the search's translations from content/ (see writeTranslations), leaving the rest as it is. */
export async function seedTranslations(db: Db) {
  const catalogue = productFile.parse(await readJson("products.json"));
  const articleList = [...(await readArticleDir("articles")), ...(await readArticleDir("stories"))];
  const translations = await readTranslations(catalogue, articleList);
  await db.transaction((tx) => writeTranslations(tx, translations));
}

/**
 * Adds the file's price in each other currency for each item that has none there (an owner's price stays:
 * decision 051).
 */
async function writePriceLists(tx: Tx, entries: ReturnType<typeof priceEntriesOf>) {
  if (entries.length === 0) return;
  await tx.insert(priceListEntries).values(entries).onConflictDoNothing();
}

/**
 * Writes content/price-lists.json's prices (those of the items `only` keeps) into a database seeded before
 * the price lists (or before those items were in them).
 */
export async function seedPriceLists(db: Db, only: (item: string) => boolean = () => true) {
  const entries = priceEntriesOf(priceListFile.parse(await readJson("price-lists.json"))).filter((e) =>
    only(e.item),
  );
  await db.transaction((tx) => writePriceLists(tx, entries));
}
