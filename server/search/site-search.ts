import { sql } from "drizzle-orm";
import type { ArticleHit, ProductHit, SiteSearchResults } from "../../core/contracts/search.ts";
import { formatCents } from "../../core/money.ts";
import { isStoryEligible } from "../../core/story.ts";
import { type Db, rowsOf } from "../db/client.ts";
import { articles, products } from "../db/schema.ts";
import { textMatch } from "./text-query.ts";
import { typoWords } from "./typo-words.ts";

/**
 * How many matching articles are read to fill both the articles and the stories groups: ranked once,
 * split by the story rule, so one group cannot crowd the other out.
 */
const ARTICLE_ROWS = 50;

/** One row of the search's one statement: a product's or an article's result line. */
interface HitRow {
  kind: "product" | "article";
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  image: string;
  price_cents: number | null;
  stock: number | null;
  tags: string[] | null;
  reading_time: number | null;
}

/**
 * Products, articles and children's stories matching a query, at most `limit` of each, best first. Stories
 * are the articles the story rule picks (core/story.ts); an article is listed in one group only.
 *
 * Products are matched by their search text (name, tagline, description, benefits, category) as articles
 * are by theirs (server/content/articles.ts, searchArticles), the name's similarity counted twice so a
 * product named by the query comes first. Both are read in one statement: the header's box asks on every
 * pause in typing, and a round trip per group cost more than either search (docs/performance.md).
 */
export async function siteSearch(db: Db, q: string, limit: number): Promise<SiteSearchResults> {
  const typos = await typoWords(db, q);
  const p = textMatch(products.searchVector, products.name, q, typos, 2);
  const a = textMatch(articles.searchVector, articles.title, q, typos);
  const result = await db.execute(sql`
    (select 'product' as kind, ${products.id} as id, ${products.slug} as slug, ${products.name} as title,
        ${products.tagline} as excerpt, ${products.imageUrl} as image, ${products.priceCents} as price_cents,
        ${products.stockOnHand} as stock, null::jsonb as tags, null::integer as reading_time
      from ${products} where ${p.where}
      order by ${p.rank} desc, ${products.id} limit ${limit})
    union all
    (select 'article', ${articles.id}, ${articles.slug}, ${articles.title}, ${articles.excerpt},
        ${articles.featuredImage}, null, null, ${articles.tags}, ${articles.readingTime}
      from ${articles} where ${a.where}
      order by ${a.rank} desc, ${articles.publishDate} desc limit ${ARTICLE_ROWS})
  `);

  const found: SiteSearchResults = { q, corrections: typos, products: [], articles: [], stories: [] };
  for (const row of rowsOf<HitRow>(result)) {
    if (row.kind === "product") {
      found.products.push(productHit(row));
      continue;
    }
    const story = isStoryEligible({ id: row.id, tags: row.tags ?? [] });
    const group = story ? found.stories : found.articles;
    if (group.length < limit) group.push(articleHit(row, story));
  }
  return found;
}

function productHit(row: HitRow): ProductHit {
  return {
    id: row.id,
    slug: row.slug,
    name: row.title,
    tagline: row.excerpt,
    imageUrl: row.image,
    price: formatCents(row.price_cents ?? 0),
    inStock: (row.stock ?? 0) > 0,
    url: `/products/${row.slug}`,
  };
}

function articleHit(row: HitRow, story: boolean): ArticleHit {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    featuredImage: row.image,
    readingTime: row.reading_time ?? 0,
    url: story ? `/story/${row.slug}` : `/knowledge/${row.slug}`,
  };
}
