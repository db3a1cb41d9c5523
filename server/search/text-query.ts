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
 * What a query is matched with: the query itself, its words as prefixes, and its typos' corrections, or
 * null for a form it does not have. Values, or placeholders in a statement whose text is rendered once
 * (server/db/built-once.ts).
 */
export interface MatchTerms {
  q: unknown;
  prefix: unknown | null;
  corrections: unknown | null;
}

/** The match terms of a query and the words its typos may have meant. */
export function termsOf(q: string, typos: readonly string[]): MatchTerms {
  return { q, prefix: prefixQuery(q), corrections: typoQuery(typos) };
}

/**
 * Which rows a query finds, and how well: web-style search of the document, every word as a prefix, the
 * typos' corrections, or a title close to the query (word similarity, as pg_trgm measures it). The rank
 * adds the three text ranks and the title's similarity, counted `titleWeight` times; a form the query does
 * not have (no correction) is the web-style one, tested once and its rank counted twice. The query is
 * parsed with the document's text-search configuration: English, or the language of a translation
 * (SEARCH_CONFIGS).
 */
export function textMatch(
  doc: SQLWrapper,
  title: SQLWrapper,
  q: string,
  typos: readonly string[],
  titleWeight = 1,
  config: SearchConfig = "english",
): { where: SQL; rank: SQL<number> } {
  return textMatchOf(doc, title, termsOf(q, typos), titleWeight, config);
}

/** textMatch, of terms given as values or placeholders. */
export function textMatchOf(
  doc: SQLWrapper,
  title: SQLWrapper,
  terms: MatchTerms,
  titleWeight = 1,
  config: SearchConfig = "english",
): { where: SQL; rank: SQL<number> } {
  const cfg = sql.raw(`'${config}'`);
  const web = sql`websearch_to_tsquery(${cfg}, ${terms.q})`;
  // Without a prefix form or corrections, the query stands in for them: it is matched once and its rank
  // counted for each (each test reads the row's search vector again).
  const queries: { query: SQL; times: number }[] = [{ query: web, times: 1 }];
  const counted = (query: SQL | null) => {
    if (query) queries.push({ query, times: 1 });
    else (queries[0] as { times: number }).times += 1;
  };
  counted(terms.prefix === null ? null : sql`to_tsquery(${cfg}, ${terms.prefix})`);
  // The listed words are stemmed already: the simple configuration takes them as they are.
  counted(terms.corrections === null ? null : sql`to_tsquery('simple', ${terms.corrections})`);
  const similarity = sql`word_similarity(${terms.q}, ${title})`;
  const matches = queries.map(({ query }) => sql`${doc} @@ ${query}`);
  const ranks = queries.map(({ query, times }) =>
    times === 1 ? sql`ts_rank(${doc}, ${query})` : sql`${sql.raw(String(times))} * ts_rank(${doc}, ${query})`,
  );
  return {
    where: sql`(${sql.join(matches, sql` or `)} or ${similarity} >= ${TYPO_THRESHOLD})`,
    rank: sql<number>`${sql.join(ranks, sql` + `)} + ${sql.raw(String(titleWeight))} * ${similarity}`,
  };
}
