import { desc, sql } from "drizzle-orm";
import type { ArticleHit, ProductHit, SiteSearchResults } from "../../core/contracts/search.ts";
import { formatCents } from "../../core/money.ts";
import { isStoryEligible } from "../../core/story.ts";
import { searchArticleLines } from "../content/articles.ts";
import type { Db } from "../db/client.ts";
import { products } from "../db/schema.ts";
import { prefixQuery, TYPO_THRESHOLD, typoQuery } from "./text-query.ts";
import { typoWords } from "./typo-words.ts";

/**
 * Products by their search text (name, tagline, description, benefits, category): the same web-style,
 * prefix and typo-tolerant matching as the article search (server/content/articles.ts), ranked the same
 * way, with the name's similarity counted twice so a product named by the query comes first.
 */
export async function searchProducts(db: Db, q: string, limit: number): Promise<ProductHit[]> {
  const prefix = prefixQuery(q);
  const typos = typoQuery(await typoWords(db, q));
  const doc = products.searchVector;
  const web = sql`websearch_to_tsquery('english', ${q})`;
  const pre = prefix ? sql`to_tsquery('english', ${prefix})` : web;
  const fix = typos ? sql`to_tsquery('simple', ${typos})` : web;
  const found = sql`(${doc} @@ ${web} or ${doc} @@ ${pre} or ${doc} @@ ${fix})`;
  const nameSimilarity = sql<number>`word_similarity(${q}, ${products.name})`;
  const rank = sql<number>`ts_rank(${doc}, ${web}) + ts_rank(${doc}, ${pre}) + ts_rank(${doc}, ${fix}) + 2 * ${nameSimilarity}`;
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      tagline: products.tagline,
      imageUrl: products.imageUrl,
      priceCents: products.priceCents,
      stockOnHand: products.stockOnHand,
    })
    .from(products)
    .where(sql`(${found} or ${nameSimilarity} >= ${TYPO_THRESHOLD})`)
    .orderBy(desc(rank), products.id)
    .limit(limit);
  return rows.map(({ priceCents, stockOnHand, ...p }) => ({
    ...p,
    price: formatCents(priceCents),
    inStock: stockOnHand > 0,
    url: `/products/${p.slug}`,
  }));
}

function toHit(a: Awaited<ReturnType<typeof searchArticleLines>>[number], story: boolean): ArticleHit {
  return {
    id: a.id,
    slug: a.slug,
    title: a.title,
    excerpt: a.excerpt,
    featuredImage: a.featuredImage,
    readingTime: a.readingTime,
    url: story ? `/story/${a.slug}` : `/knowledge/${a.slug}`,
  };
}

/**
 * Products, articles and children's stories matching a query, at most `limit` of each, best first. Stories
 * are the articles the story rule picks (core/story.ts); an article is listed in one group only.
 */
export async function siteSearch(db: Db, q: string, limit: number): Promise<SiteSearchResults> {
  // The article search answers both groups: ranked once, split by the story rule. It reads a few more
  // than needed so one group cannot crowd the other out.
  const [productHits, found] = await Promise.all([
    searchProducts(db, q, limit),
    searchArticleLines(db, q, 50),
  ]);
  const articles: ArticleHit[] = [];
  const stories: ArticleHit[] = [];
  for (const a of found) {
    const story = isStoryEligible(a);
    const group = story ? stories : articles;
    if (group.length < limit) group.push(toHit(a, story));
  }
  return { q, products: productHits, articles, stories };
}
