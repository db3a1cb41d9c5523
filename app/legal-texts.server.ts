import cookieList from "../content/legal/cookies.json";
import { type Locale, localeOfPath } from "../core/i18n/locales.ts";
import { type LegalBlock, parseLegalText } from "../core/legal-text.ts";
import { legalBlocks } from "../server/content/legal-facts.ts";
import type { AppServices } from "../server/context.ts";
import type { ShippingRate } from "../server/markets/markets.ts";
import type { CookieEntry } from "./components/legal/cookie-table.tsx";
import { requestTranslator } from "./i18n/catalogue.server.ts";

/**
 * The legal pages' texts in the page's language (docs/decisions/049-languages.md, "Content"): English in
 * content/legal/, each translation beside the other content translations as
 * `content/i18n/<locale>/legal/<same file name>`, bundled with the pages as the English files always were
 * (the pages' bundle cannot find content/ on disk). A text without a translation is English.
 * app/legal-texts.server.test.ts fails when a text has no translation or its headings differ from English's.
 * content/legal/renewal-terms.json is the checkout's consent record and is not read here.
 */
const ENGLISH = import.meta.glob<string>("../content/legal/*.md", {
  eager: true,
  query: "?raw",
  import: "default",
});
const TRANSLATED = import.meta.glob<string>("../content/i18n/*/legal/*.md", {
  eager: true,
  query: "?raw",
  import: "default",
});

/** A cookies.json translation: only the words (purpose, lifetime) of each entry, found by its name. */
interface CookieWords {
  cookies?: { name: string; purpose?: string; lifetime?: string }[];
  browserStorage?: { name: string; purpose?: string; lifetime?: string }[];
}
const COOKIE_WORDS = import.meta.glob<CookieWords>("../content/i18n/*/legal/cookies.json", {
  eager: true,
  import: "default",
});

export const LEGAL_TEXTS = [
  "terms",
  "privacy",
  "shipping-returns",
  "accessibility",
  "review-policy",
] as const;
export type LegalTextName = (typeof LEGAL_TEXTS)[number];

function englishSource(name: LegalTextName): string {
  const source = ENGLISH[`../content/legal/${name}.md`];
  if (source === undefined) throw new Error(`legal text: no content/legal/${name}.md`);
  return source;
}

/** The text's source in the language, English where it has no translation. */
export function legalSource(locale: Locale, name: LegalTextName): string {
  const translated = locale === "en" ? undefined : TRANSLATED[`../content/i18n/${locale}/legal/${name}.md`];
  return translated ?? englishSource(name);
}

/**
 * A translation's headings keep the English text's anchors, heading by heading (the translation has the same
 * headings in the same order), so `/privacy#your-rights` finds its section in every language.
 */
function withEnglishAnchors(blocks: LegalBlock[], name: LegalTextName): LegalBlock[] {
  const anchors = parseLegalText(englishSource(name)).flatMap((b) =>
    b.kind === "h2" || b.kind === "h3" ? [b.id] : [],
  );
  const headings = blocks.filter((b) => b.kind === "h2" || b.kind === "h3").length;
  if (headings !== anchors.length) return blocks;
  let i = 0;
  return blocks.map((b) => (b.kind === "h2" || b.kind === "h3" ? { ...b, id: anchors[i++] ?? b.id } : b));
}

/**
 * A legal page's text in the language of the request's path, with the running shop's facts filled in; a
 * page that lists the countries shipped to passes them (`shipTo`, server/markets/markets.ts shipToCountries),
 * one that states shipping's cost passes each market's figures (`rates`, shippingRates).
 */
export function legalTextFor(
  services: Pick<AppServices, "env" | "payments" | "identity">,
  request: Request,
  name: LegalTextName,
  shipTo?: readonly string[],
  rates?: readonly ShippingRate[],
): LegalBlock[] {
  const locale = localeOfPath(new URL(request.url).pathname);
  const { t } = requestTranslator(locale, new Set());
  const blocks = legalBlocks(services, legalSource(locale, name), { locale, t, shipTo, rates });
  return locale === "en" ? blocks : withEnglishAnchors(blocks, name);
}

function entriesIn(english: CookieEntry[], words: CookieWords["cookies"]): CookieEntry[] {
  return english.map((entry) => {
    const w = words?.find((x) => x.name === entry.name);
    return { ...entry, purpose: w?.purpose ?? entry.purpose, lifetime: w?.lifetime ?? entry.lifetime };
  });
}

/** The cookie list (content/legal/cookies.json) as the privacy page shows it, its words in the language. */
export function cookieListIn(locale: Locale): { cookies: CookieEntry[]; storage: CookieEntry[] } {
  const cookies = cookieList.cookies.map(({ name, purpose, lifetime, strictlyNecessary }) => ({
    name,
    purpose,
    lifetime,
    strictlyNecessary,
  }));
  const storage = cookieList.browserStorage;
  const words = locale === "en" ? undefined : COOKIE_WORDS[`../content/i18n/${locale}/legal/cookies.json`];
  if (!words) return { cookies, storage };
  return {
    cookies: entriesIn(cookies, words.cookies),
    storage: entriesIn(storage, words.browserStorage),
  };
}
