import { and, asc, desc, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { Article, ContentBlock } from "../../core/contracts/content.ts";
import type { Locale } from "../../core/i18n/locales.ts";
import { isStoryEligible } from "../../core/story.ts";
import type { Db } from "../db/client.ts";
import { articles, articleTranslations } from "../db/schema.ts";
import { type MatchTerms, SEARCH_CONFIGS, termsOf, textMatch, textMatchOf } from "../search/text-query.ts";
import { typoWords } from "../search/typo-words.ts";

const { searchText: _searchText, searchVector: _searchVector, ...articleColumns } = getTableColumns(articles);
type ArticleRow = Omit<typeof articles.$inferSelect, "searchText" | "searchVector">;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toArticle(row: ArticleRow): Article {
  return {
    ...row,
    contentBlocks: row.contentBlocks as ContentBlock[],
    publishDate: iso(row.publishDate),
    updatedAt: iso(row.updatedAt),
  };
}

/** Newest first; ties broken by id so the order is stable. */
/**
 * Newest first. Unfiltered, the list holds the children's stories too (the hub splits them out); a type
 * filter asks for articles of that type, and a story is never one, whatever its stored type.
 */
export async function listArticles(db: Db, options: { type?: string; limit: number }): Promise<Article[]> {
  const { type, limit } = options;
  if (!type) {
    const rows = await db
      .select(articleColumns)
      .from(articles)
      .orderBy(desc(articles.publishDate), desc(articles.id))
      .limit(limit);
    return rows.map(toArticle);
  }
  // The story rule lives in one place (core/story.ts): the type's rows are read whole and the stories
  // dropped here, then the limit applies (a type holds a few dozen articles at most).
  const rows = await db
    .select(articleColumns)
    .from(articles)
    .where(eq(articles.articleType, type))
    .orderBy(desc(articles.publishDate), desc(articles.id));
  return rows
    .map(toArticle)
    .filter((a) => !isStoryEligible(a))
    .slice(0, limit);
}

export async function allArticles(db: Db): Promise<Article[]> {
  const rows = await db.select(articleColumns).from(articles).orderBy(asc(articles.id));
  return rows.map(toArticle);
}

export async function articleBySlug(db: Db, slug: string): Promise<Article | undefined> {
  const [row] = await db.select(articleColumns).from(articles).where(eq(articles.slug, slug)).limit(1);
  return row ? toArticle(row) : undefined;
}

export async function articleById(db: Db, id: number): Promise<Article | undefined> {
  const [row] = await db.select(articleColumns).from(articles).where(eq(articles.id, id)).limit(1);
  return row ? toArticle(row) : undefined;
}

/**
 * Full-text search over title, excerpt, tags and text blocks (the seed's `search_text`): web-style query
 * syntax, each word also as a prefix, and typo tolerance: a query word missing from the shop's words also
 * searches the words it is within trigram similarity of (server/search/typo-words.ts), and a title within
 * word similarity of the query matches. Ranked by text rank plus the title's similarity, then newest first.
 *
 * The text is parsed once on write (`search_vector`, GIN-indexed). Word similarity against each article's
 * whole text was the typo check before the word list: about 2 ms per article, per query.
 */
export async function searchArticles(
  db: Db,
  q: string,
  limit = 50,
  locale: Locale = "en",
): Promise<Article[]> {
  if (locale !== "en") return searchArticlesIn(db, q, limit, locale);
  const { where, rank } = await articleMatch(db, q);
  const rows = await db
    .select(articleColumns)
    .from(articles)
    .where(where)
    .orderBy(desc(rank), desc(articles.publishDate))
    .limit(limit);
  return rows.map(toArticle);
}

/** Which articles a query finds, and how well: see searchArticles. */
async function articleMatch(db: Db, q: string) {
  return textMatch(articles.searchVector, articles.title, q, await typoWords(db, q));
}

/**
 * The search in Spanish or French: an article with a translation in the language is found by its
 * translation's words (title, excerpt, text, parsed with the language's configuration), one without by its
 * English words, as in English; typos are corrected against the language's words. Still one statement.
 * The rows are the English articles: the caller lays the language's words over them (articleWords).
 */
async function searchArticlesIn(db: Db, q: string, limit: number, locale: Exclude<Locale, "en">) {
  const { where, rank } = translatedArticleMatch(termsOf(q, await typoWords(db, q, locale)), locale);
  const rows = await db
    .select(articleColumns)
    .from(articles)
    .leftJoin(
      articleTranslations,
      and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.locale, locale)),
    )
    .where(where)
    .orderBy(desc(rank), desc(articles.publishDate))
    .limit(limit);
  return rows.map(toArticle);
}

/**
 * Which articles a query in a language finds, and how well, for a statement that left-joins the article's
 * translation in that language (article_translations): its words where it has one, else the English ones.
 */
export function translatedArticleMatch(terms: MatchTerms, locale: Exclude<Locale, "en">) {
  const translated = textMatchOf(
    articleTranslations.searchVector,
    articleTranslations.title,
    terms,
    1,
    SEARCH_CONFIGS[locale],
  );
  const english = textMatchOf(articles.searchVector, articles.title, terms);
  const has = sql`${articleTranslations.articleId} is not null`;
  return {
    where: sql`((${has} and ${translated.where}) or (not ${has} and ${english.where}))`,
    rank: sql<number>`(case when ${has} then ${translated.rank} else ${english.rank} end)`,
  };
}

/**
 * Four articles related to one by shared tags and featured products, never the article itself. Stories
 * are recommended alongside stories and articles alongside articles; the newest fill any gap.
 */
export async function recommendFor(db: Db, article: Article, count = 4): Promise<Article[]> {
  const others = await db
    .select(articleColumns)
    .from(articles)
    .where(and(ne(articles.id, article.id)))
    .orderBy(desc(articles.publishDate), desc(articles.id));
  const story = isStoryEligible(article);
  const tags = new Set(article.tags.map((t) => t.toLowerCase()));
  const products = new Set(article.featuredProducts);
  return others
    .map(toArticle)
    .filter((a) => isStoryEligible(a) === story)
    .map((a, order) => ({
      a,
      order,
      score:
        a.tags.filter((t) => tags.has(t.toLowerCase())).length * 2 +
        a.featuredProducts.filter((p) => products.has(p)).length +
        (a.articleType === article.articleType ? 0.5 : 0),
    }))
    .sort((x, y) => y.score - x.score || x.order - y.order)
    .slice(0, count)
    .map((x) => x.a);
}

/** Every article category with how many articles it holds, by name. */
export async function articleCategories(db: Db): Promise<{ category: string; count: number }[]> {
  const counts = new Map<string, number>();
  for (const a of await allArticles(db)) counts.set(a.category, (counts.get(a.category) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([category, count]) => ({ category, count }));
}

/** Articles (stories included) that feature a product, newest first. */
export async function articlesForProduct(db: Db, productId: number): Promise<Article[]> {
  const rows = await db
    .select(articleColumns)
    .from(articles)
    .where(sql`${articles.featuredProducts} @> ${JSON.stringify([productId])}::jsonb`)
    .orderBy(desc(articles.publishDate), desc(articles.id));
  return rows.map(toArticle);
}

/** The learning path a product page offers: research and protocol articles first, then the rest. */
const MODULE_ORDER = ["research", "protocol", "expert-insight", "transformation", "wellness-stack"];

/** A product's articles (not its stories) as a short ordered course: research and protocols first. */
export async function educationalModules(db: Db, productId: number) {
  const articles = (await articlesForProduct(db, productId)).filter((a) => !isStoryEligible(a));
  return articles
    .sort((a, b) => MODULE_ORDER.indexOf(a.articleType) - MODULE_ORDER.indexOf(b.articleType))
    .map((a, i) => ({
      id: a.id,
      order: i + 1,
      title: a.title,
      slug: a.slug,
      articleType: a.articleType,
      excerpt: a.excerpt,
      readingTime: a.readingTime,
      url: `/knowledge/${a.slug}`,
    }));
}
