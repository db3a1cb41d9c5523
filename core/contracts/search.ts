/** What the site search (GET /api/search, the header's box and the /search page) accepts and answers. */
import { z } from "zod";
import { LOCALES } from "../i18n/locales.ts";

export const SITE_SEARCH_MIN_LENGTH = 2;
export const SITE_SEARCH_MAX_LENGTH = 100;
/** How many of each kind the header's box shows; the /search page shows more. */
export const SUGGESTION_LIMIT = 4;
export const RESULTS_PAGE_LIMIT = 20;

export const siteSearchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(SITE_SEARCH_MIN_LENGTH, `must be at least ${SITE_SEARCH_MIN_LENGTH} characters`)
    .max(SITE_SEARCH_MAX_LENGTH, `must be at most ${SITE_SEARCH_MAX_LENGTH} characters`),
  /** The page's language: its words are searched and its titles and links come back (English without). */
  lang: z.enum(LOCALES).default("en"),
});

export interface ProductHit {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  imageUrl: string;
  /** Decimal dollars, as the product pages show it. */
  price: string;
  inStock: boolean;
  url: string;
}

export interface ArticleHit {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  featuredImage: string;
  readingTime: number;
  /** /knowledge/{slug} for an article, /story/{slug} for a story. */
  url: string;
}

export interface SiteSearchResults {
  q: string;
  /** The shop's words the query's typos were taken for ('ashwaganda': 'ashwagandha'), stemmed. */
  corrections: string[];
  products: ProductHit[];
  articles: ArticleHit[];
  stories: ArticleHit[];
}

/** The result groups in the order both the box and the page show them (their headings: search messages). */
export const RESULT_GROUPS = [{ key: "products" }, { key: "articles" }, { key: "stories" }] as const;

/** The words a result marks: the query's, and what its typos were taken for. */
export const markedWords = (r: Pick<SiteSearchResults, "q" | "corrections">): string =>
  [r.q, ...r.corrections].join(" ");

export function resultCount(r: Pick<SiteSearchResults, "products" | "articles" | "stories">): number {
  return r.products.length + r.articles.length + r.stories.length;
}
