import { isStoryEligible } from "../../core/story.ts";
import { products as productRows } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { allArticles } from "./articles.ts";
import { listStacks } from "./stacks.ts";

export interface SitemapEntry {
  path: string;
  lastmod: string;
}

/** Every public page (home, hub, stacks, the quiz, products, articles, stories, stack pages) with its last change. */
export async function sitemapEntries(deps: Pick<ShopDeps, "catalogue" | "db">): Promise<SitemapEntry[]> {
  const { db } = deps;
  const [products, articles, stacks, productDates] = await Promise.all([
    deps.catalogue.list(),
    allArticles(db),
    listStacks(db, deps.catalogue),
    db.select({ id: productRows.id, updatedAt: productRows.updatedAt }).from(productRows),
  ]);
  const updated = new Map(productDates.map((r) => [r.id, r.updatedAt.toISOString()]));
  const latest = (dates: string[]) => [...dates].sort().at(-1) ?? "1970-01-01T00:00:00.000Z";
  return [
    { path: "/", lastmod: latest([...updated.values()]) },
    { path: "/knowledge", lastmod: latest(articles.map((a) => a.updatedAt)) },
    { path: "/stacks", lastmod: latest(stacks.map((s) => s.updatedAt)) },
    // The quiz suggests the products and stacks: dated like the stacks page.
    { path: "/quiz", lastmod: latest(stacks.map((s) => s.updatedAt)) },
    // The gift card pages change with the code only: dated like the home page.
    { path: "/gift-cards", lastmod: latest([...updated.values()]) },
    { path: "/gift-cards/balance", lastmod: latest([...updated.values()]) },
    ...products.map((p) => ({ path: `/products/${p.slug}`, lastmod: updated.get(p.id) ?? latest([]) })),
    ...articles
      .filter((a) => !isStoryEligible(a))
      .map((a) => ({ path: `/knowledge/${a.slug}`, lastmod: a.updatedAt })),
    ...articles.filter(isStoryEligible).map((a) => ({ path: `/story/${a.slug}`, lastmod: a.updatedAt })),
    ...stacks.map((s) => ({ path: `/stacks/${s.slug}`, lastmod: s.updatedAt })),
  ];
}
