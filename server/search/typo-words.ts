import { sql } from "drizzle-orm";
import type { Locale } from "../../core/i18n/locales.ts";
import { type Db, rowsOf } from "../db/client.ts";

/**
 * Typo tolerance through a word list: the words (stemmed lexemes) of every article's and product's search
 * text (in Spanish and French, of their translations: documentsOf), read once per process and language and
 * again after a minute (content changes only with a seed). A query word
 * that is not itself in the list is matched to the listed words within trigram similarity, the measure
 * pg_trgm uses, so 'ashwaganda' also searches 'ashwagandha'. Comparing a word against a few thousand
 * words costs well under a millisecond; comparing it against every article's whole text cost about 2 ms
 * per article (the bench's site search target).
 */
const TTL_MS = 60_000;
/** Trigram similarity from which a listed word counts as what a query word meant. */
export const TYPO_SIMILARITY = 0.5;
/** Shorter words are too close to too many others to correct. */
const MIN_TYPO_LENGTH = 4;
const MAX_CORRECTIONS_PER_WORD = 3;

interface Lexicon {
  words: string[];
  trigrams: Set<string>[];
  /** Which listed words hold each trigram: only words sharing one with a query word can be similar. */
  holders: Map<string, number[]>;
  known: Set<string>;
  /** Corrections already worked out, per query word: the box asks again on every pause in typing. */
  corrected: Map<string, string[]>;
  at: number;
}

/** How many query words' corrections a lexicon remembers (a bound on what odd queries can fill). */
const MAX_REMEMBERED = 2_000;

/** Each database's lexicons, one per language. */
const lexicons = new WeakMap<Db, Map<Locale, Promise<Lexicon>>>();

/** pg_trgm's trigrams of one lower-case word: padded with two spaces before and one after. */
export function trigramsOf(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** pg_trgm's similarity from the trigrams two words share and how many each has: shared over all. */
const similarityOf = (shared: number, a: number, b: number) => shared / (a + b - shared);

export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared += 1;
  return similarityOf(shared, a.size, b.size);
}

/**
 * The documents a language's search reads, as ts_stat's query: in English the articles' and products'
 * vectors; in Spanish or French the translations' vectors in that language, and the English vectors of the
 * items without one (the search falls back to them). The locale is one of LOCALES, never the visitor's text.
 */
function documentsOf(locale: Locale): string {
  if (locale === "en")
    return "select search_vector from articles union all select search_vector from products";
  const l = `''${locale}''`;
  return [
    `select search_vector from article_translations where locale = ${l}`,
    `select a.search_vector from articles a where not exists (select 1 from article_translations t where t.article_id = a.id and t.locale = ${l})`,
    `select search_vector from product_translations where locale = ${l}`,
    `select p.search_vector from products p where not exists (select 1 from product_translations t where t.product_id = p.id and t.locale = ${l})`,
  ].join(" union all ");
}

async function loadLexicon(db: Db, locale: Locale): Promise<Lexicon> {
  const result = await db.execute(sql`select word from ts_stat(${sql.raw(`'${documentsOf(locale)}'`)})`);
  const words = rowsOf<{ word: string }>(result)
    .map((r) => r.word)
    .filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  const trigrams = words.map(trigramsOf);
  const holders = new Map<string, number[]>();
  trigrams.forEach((set, i) => {
    for (const t of set) {
      const list = holders.get(t);
      if (list) list.push(i);
      else holders.set(t, [i]);
    }
  });
  return { words, trigrams, holders, known: new Set(words), corrected: new Map(), at: Date.now() };
}

async function lexiconFor(db: Db, locale: Locale): Promise<Lexicon> {
  let byLocale = lexicons.get(db);
  if (!byLocale) {
    byLocale = new Map();
    lexicons.set(db, byLocale);
  }
  const cached = byLocale.get(locale);
  if (cached) {
    const lexicon = await cached.catch(() => null);
    if (lexicon && Date.now() - lexicon.at < TTL_MS) return lexicon;
  }
  const next = loadLexicon(db, locale);
  byLocale.set(locale, next);
  return next;
}

/**
 * The listed words a query's words may have meant, best first (at most 3 per word); none for a word that
 * is listed, starts a listed word, or is too short to correct. Each language has its own list: the words
 * of what its search reads (documentsOf).
 */
export async function typoWords(db: Db, q: string, locale: Locale = "en"): Promise<string[]> {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  const wanted = words.filter((w) => w.length >= MIN_TYPO_LENGTH);
  if (wanted.length === 0) return [];
  const lexicon = await lexiconFor(db, locale);
  const out = new Set<string>();
  for (const w of wanted) for (const word of correctionsOf(lexicon, w)) out.add(word);
  return [...out];
}

/** The listed words one query word may have meant, best first; remembered per lexicon. */
function correctionsOf(lexicon: Lexicon, w: string): string[] {
  const remembered = lexicon.corrected.get(w);
  if (remembered) return remembered;
  let found: string[] = [];
  // A listed word, or the start of one (the prefix search finds it), needs no correction.
  if (!lexicon.known.has(w) && !lexicon.words.some((listed) => listed.startsWith(w))) {
    const mine = trigramsOf(w);
    // Shared trigrams counted through the index, then the similarity from the counts.
    const shared = new Map<number, number>();
    for (const t of mine)
      for (const i of lexicon.holders.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    const scored: [string, number][] = [];
    for (const [i, n] of shared) {
      const s = similarityOf(n, mine.size, (lexicon.trigrams[i] as Set<string>).size);
      if (s >= TYPO_SIMILARITY) scored.push([lexicon.words[i] as string, s]);
    }
    scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    found = scored.slice(0, MAX_CORRECTIONS_PER_WORD).map(([word]) => word);
  }
  if (lexicon.corrected.size >= MAX_REMEMBERED) lexicon.corrected.clear();
  lexicon.corrected.set(w, found);
  return found;
}
