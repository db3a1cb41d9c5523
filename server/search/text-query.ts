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

/** Word similarity above which a query matches despite a typo ('ashwaganda' finds 'ashwagandha'). */
export const TYPO_THRESHOLD = 0.55;
