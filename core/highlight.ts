/**
 * Splits a text into plain and matching parts for a search query: a part matches where a word of the
 * text starts with a word of the query ('ashw' marks 'Ashw' in 'Ashwagandha'), case-insensitively.
 * The search adds the words a query's typos were taken for (SiteSearchResults.corrections), so
 * 'ashwaganda' marks 'Ashwagandha' too; a title found only by its similarity to the query is not marked.
 */
export interface TextPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function highlightParts(text: string, query: string): TextPart[] {
  const words = (query.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => w.length > 0)
    .slice(0, 12)
    .sort((a, b) => b.length - a.length);
  if (words.length === 0 || text.length === 0) return [{ text, match: false }];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join("|")})`, "giu");
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const at = m.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at), match: false });
    parts.push({ text: m[0], match: true });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts.length > 0 ? parts : [{ text, match: false }];
}
