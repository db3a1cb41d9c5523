import { type SQL, sql } from "drizzle-orm";
import type { ArticleHit, ProductHit, SiteSearchResults } from "../../core/contracts/search.ts";
import { type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import { formatCents } from "../../core/money.ts";
import { isStoryEligible } from "../../core/story.ts";
import { translatedArticleMatch } from "../content/articles.ts";
import { builtOnce } from "../db/built-once.ts";
import { type Db, rowsOf } from "../db/client.ts";
import { articles, articleTranslations, products, productTranslations } from "../db/schema.ts";
import { type MatchTerms, SEARCH_CONFIGS, termsOf, textMatchOf } from "./text-query.ts";
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
export async function siteSearch(
  db: Db,
  q: string,
  limit: number,
  locale: Locale = "en",
): Promise<SiteSearchResults> {
  const typos = await typoWords(db, q, locale);
  const terms = termsOf(q, typos);
  const statement = statementFor(locale, terms.prefix !== null, terms.corrections !== null);
  const result = await db.execute(statement({ ...terms, limit }));
  return resultsOf(q, typos, rowsOf<HitRow>(result), limit, locale);
}

type SearchValues = Record<"q" | "prefix" | "corrections" | "limit", unknown>;

/** The search's statements rendered so far, by language and the forms the query has. */
const shapes = new Map<string, (values: SearchValues) => SQL>();

/**
 * The search's statement for a language and the forms its query has, its text rendered once
 * (server/db/built-once.ts): the header's box asks on every pause in typing.
 */
function statementFor(locale: Locale, prefix: boolean, corrections: boolean) {
  const key = `${locale} ${prefix} ${corrections}`;
  let shape = shapes.get(key);
  if (!shape) {
    const terms: MatchTerms = {
      q: sql.placeholder("q"),
      prefix: prefix ? sql.placeholder("prefix") : null,
      corrections: corrections ? sql.placeholder("corrections") : null,
    };
    shape = builtOnce<keyof SearchValues>(() =>
      locale === "en" ? englishStatement(terms) : translatedStatement(terms, locale),
    );
    shapes.set(key, shape);
  }
  return shape;
}

function englishStatement(terms: MatchTerms): SQL {
  const p = textMatchOf(products.searchVector, products.name, terms, 2);
  const a = textMatchOf(articles.searchVector, articles.title, terms);
  const limit = sql.placeholder("limit");
  return sql`
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
  `;
}

/**
 * The site search in Spanish or French, still one statement: a product or article with a translation in
 * the language is found by its translation's words (parsed with the language's configuration) and shows
 * its tagline, or title and excerpt, in it; one without is found by its English words, as in English.
 * Typos are corrected against the language's words (server/search/typo-words.ts); the links name the
 * language (/fr/knowledge/...).
 */
function translatedStatement(terms: MatchTerms, locale: Exclude<Locale, "en">): SQL {
  const config = SEARCH_CONFIGS[locale];
  const pt = textMatchOf(productTranslations.searchVector, products.name, terms, 2, config);
  const pe = textMatchOf(products.searchVector, products.name, terms, 2);
  const hasP = sql`${productTranslations.productId} is not null`;
  const a = translatedArticleMatch(terms, locale);
  const limit = sql.placeholder("limit");
  return sql`
    (select 'product' as kind, ${products.id} as id, ${products.slug} as slug, ${products.name} as title,
        coalesce(${productTranslations.tagline}, ${products.tagline}) as excerpt, ${products.imageUrl} as image,
        ${products.priceCents} as price_cents, ${products.stockOnHand} as stock, null::jsonb as tags,
        null::integer as reading_time
      from ${products} left join ${productTranslations}
        on ${productTranslations.productId} = ${products.id} and ${productTranslations.locale} = ${locale}
      where (${hasP} and ${pt.where}) or (not ${hasP} and ${pe.where})
      order by (case when ${hasP} then ${pt.rank} else ${pe.rank} end) desc, ${products.id} limit ${limit})
    union all
    (select 'article', ${articles.id}, ${articles.slug}, coalesce(${articleTranslations.title}, ${articles.title}),
        coalesce(${articleTranslations.excerpt}, ${articles.excerpt}), ${articles.featuredImage}, null, null,
        ${articles.tags}, ${articles.readingTime}
      from ${articles} left join ${articleTranslations}
        on ${articleTranslations.articleId} = ${articles.id} and ${articleTranslations.locale} = ${locale}
      where ${a.where}
      order by ${a.rank} desc, ${articles.publishDate} desc limit ${ARTICLE_ROWS})
  `;
}

/** The statement's rows as the answer's groups, at most `limit` each, the links in the language. */
function resultsOf(
  q: string,
  typos: string[],
  rows: HitRow[],
  limit: number,
  locale: Locale,
): SiteSearchResults {
  const found: SiteSearchResults = { q, corrections: typos, products: [], articles: [], stories: [] };
  for (const row of rows) {
    if (row.kind === "product") {
      found.products.push(productHit(row, locale));
      continue;
    }
    const story = isStoryEligible({ id: row.id, tags: row.tags ?? [] });
    const group = story ? found.stories : found.articles;
    if (group.length < limit) group.push(articleHit(row, story, locale));
  }
  return found;
}

function productHit(row: HitRow, locale: Locale): ProductHit {
  return {
    id: row.id,
    slug: row.slug,
    name: row.title,
    tagline: row.excerpt,
    imageUrl: row.image,
    price: formatCents(row.price_cents ?? 0),
    inStock: (row.stock ?? 0) > 0,
    url: pathInLocale(`/products/${row.slug}`, locale),
  };
}

function articleHit(row: HitRow, story: boolean, locale: Locale): ArticleHit {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    featuredImage: row.image,
    readingTime: row.reading_time ?? 0,
    url: pathInLocale(story ? `/story/${row.slug}` : `/knowledge/${row.slug}`, locale),
  };
}
