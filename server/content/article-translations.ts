import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LOCALES, type Locale } from "../../core/i18n/locales.ts";
import { overlay } from "./translations.ts";

/** content/, beside the server's code (this module runs in Node, never in the pages' bundle). */
const CONTENT_DIR = fileURLToPath(new URL("../../content/", import.meta.url));

/**
 * The articles and stories in Spanish and French (docs/decisions/049-languages.md, "Content"): one file per
 * item, `content/i18n/<locale>/articles/<slug>.json` or `.../stories/<slug>.json` (a slug is unique across the
 * two folders), holding only the translatable fields. Read once when the server starts and handed to the API
 * and the pages' loaders with the other services (`AppServices.articleWords`).
 */
export interface ArticleWords {
  /** The article or story (title, excerpt, its blocks' words) in the language; English where it has none. */
  in<A extends { slug: string }>(locale: Locale, article: A): A;
}

export function readArticleWords(contentDir: string = CONTENT_DIR): ArticleWords {
  const byLocale = new Map<Locale, Map<string, unknown>>();
  for (const locale of LOCALES) {
    if (locale === "en") continue;
    const files = new Map<string, unknown>();
    for (const dir of ["articles", "stories"]) {
      const folder = join(contentDir, "i18n", locale, dir);
      if (!existsSync(folder)) continue;
      for (const name of readdirSync(folder).filter((n) => n.endsWith(".json")))
        files.set(name.slice(0, -".json".length), JSON.parse(readFileSync(join(folder, name), "utf8")));
    }
    byLocale.set(locale, files);
  }
  return {
    in(locale, article) {
      const translation = byLocale.get(locale)?.get(article.slug);
      return translation === undefined ? article : overlay("articles", article, translation);
    },
  };
}
