import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "../../core/i18n/locales.ts";
import { compileCatalogue, type Translator, translatorOf } from "../../core/i18n/translator.ts";

/**
 * The shop's words for what the server writes itself: e-mails, texts and the messages of its answers
 * (docs/decisions/049-languages.md). The same catalogues as the pages (`app/i18n/messages/<locale>/*.json`),
 * read from disk once, on first use: this module runs in Node without the bundler, where the pages'
 * `import.meta.glob` does not exist.
 */
function messagesDir(): string {
  const beside = fileURLToPath(new URL("../../app/i18n/messages/", import.meta.url));
  // From a bundle elsewhere (the pages' server build), the checkout's own folder.
  return existsSync(beside) ? beside : join(process.cwd(), "app", "i18n", "messages");
}

let translators: Record<Locale, Translator> | null = null;

function load(): Record<Locale, Translator> {
  const dir = messagesDir();
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const folder = join(dir, locale);
      const source = Object.assign(
        {},
        ...readdirSync(folder)
          .filter((f) => f.endsWith(".json"))
          .sort()
          .map((f) => JSON.parse(readFileSync(join(folder, f), "utf8")) as Record<string, string>),
      );
      return [locale, translatorOf(locale, compileCatalogue(source))];
    }),
  ) as Record<Locale, Translator>;
}

/** The translator of a language; anything that is not one of the shop's languages gets English. */
export function wordsIn(locale: unknown): Translator {
  translators ??= load();
  return translators[isLocale(locale) ? locale : DEFAULT_LOCALE];
}
