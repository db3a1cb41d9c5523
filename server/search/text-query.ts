/** Query pieces the article and product searches share. */

/** Every word of the query as a prefix ('ash' finds 'ashwagandha'): 'ash:* & root:*'. */
export function prefixQuery(q: string): string | null {
  const words = q.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 12)
    .map((w) => `${w.toLowerCase()}:*`)
    .join(" & ");
}

/** Word similarity of a title or name above which it matches despite a typo. */
export const TYPO_THRESHOLD = 0.55;

/** The words a query's typos may have meant (server/search/typo-words.ts) as one tsquery: 'a | b'. */
export function typoQuery(words: readonly string[]): string | null {
  return words.length > 0 ? words.join(" | ") : null;
}
