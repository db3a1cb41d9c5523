/** Query pieces the article and product searches share. */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Locale } from "../../core/i18n/locales.ts";

/** Every word of the query as a prefix ('ash' finds 'ashwagandha'): 'ash:* & root:*'. */
export function prefixQuery(q: string): string | null {
  const words = q.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 12)
    .map((w) => `${w.toLowerCase()}:*`)
    .join(" & ");
}

/** Each language's text-search configuration (the translations' search vectors, migration 0018). */
export const SEARCH_CONFIGS = { en: "english", es: "spanish", fr: "french" } as const satisfies Record<
  Locale,
  string
>;
export type SearchConfig = (typeof SEARCH_CONFIGS)[Locale];

/** Word similarity of a title or name above which it matches despite a typo. */
export const TYPO_THRESHOLD = 0.55;

/** The words a query's typos may have meant (server/search/typo-words.ts) as one tsquery: 'a | b'. */
export function typoQuery(words: readonly string[]): string | null {
  return words.length > 0 ? words.join(" | ") : null;
}

/**
 * Which rows a query finds, and how well: web-style search of the document, every word as a prefix, the
 * typos' corrections, or a title close to the query (word similarity, as pg_trgm measures it). The rank
 * adds the three text ranks and the title's similarity, counted `titleWeight` times. The query is parsed with
 * the document's text-search configuration: English, or the language of a translation (SEARCH_CONFIGS).
 */
export function textMatch(
  doc: SQLWrapper,
  title: SQLWrapper,
  q: string,
  typos: readonly string[],
  titleWeight = 1,
  config: SearchConfig = "english",
): { where: SQL; rank: SQL<number> } {
  const cfg = sql.raw(`'${config}'`);
  const prefix = prefixQuery(q);
  const corrections = typoQuery(typos);
  const web = sql`websearch_to_tsquery(${cfg}, ${q})`;
  const pre = prefix ? sql`to_tsquery(${cfg}, ${prefix})` : web;
  // The listed words are stemmed already: the simple configuration takes them as they are.
  const fix = corrections ? sql`to_tsquery('simple', ${corrections})` : web;
  const similarity = sql`word_similarity(${q}, ${title})`;
  return {
    where: sql`(${doc} @@ ${web} or ${doc} @@ ${pre} or ${doc} @@ ${fix} or ${similarity} >= ${TYPO_THRESHOLD})`,
    rank: sql<number>`ts_rank(${doc}, ${web}) + ts_rank(${doc}, ${pre}) + ts_rank(${doc}, ${fix}) + ${sql.raw(String(titleWeight))} * ${similarity}`,
  };
}
