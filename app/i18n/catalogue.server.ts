import { createHash } from "node:crypto";
import { LOCALES, type Locale, localeOfPath } from "../../core/i18n/locales.ts";
import {
  type CompiledMessages,
  compileCatalogue,
  type Translator,
  translatorOf,
} from "../../core/i18n/translator.ts";
import type { PageMessages } from "./i18n.tsx";

/**
 * Every language's messages, compiled once when the server starts (docs/decisions/049-languages.md): one
 * file per language and area, `messages/<locale>/<area>.json`, each key starting with its area's name.
 * app/i18n/messages.test.ts holds the languages to the same keys and the same values in each message.
 */
// The e-mails' words (area `email`) are the server's alone (server/i18n/words.ts): never sent to a browser.
const FILES = import.meta.glob<Record<string, string>>(["./messages/*/*.json", "!./messages/*/email.json"], {
  eager: true,
  import: "default",
});

const SOURCES = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.assign(
      {},
      ...Object.entries(FILES)
        .filter(([path]) => path.startsWith(`./messages/${locale}/`))
        .map(([, messages]) => messages),
    ),
  ]),
) as Record<Locale, Record<string, string>>;

const COMPILED = Object.fromEntries(LOCALES.map((l) => [l, compileCatalogue(SOURCES[l])])) as Record<
  Locale,
  CompiledMessages
>;

const BODIES = Object.fromEntries(LOCALES.map((l) => [l, JSON.stringify(COMPILED[l])])) as Record<
  Locale,
  string
>;

const HASHES = Object.fromEntries(
  LOCALES.map((l) => [l, createHash("sha256").update(BODIES[l]).digest("hex").slice(0, 12)]),
) as Record<Locale, string>;

const TRANSLATORS = Object.fromEntries(LOCALES.map((l) => [l, translatorOf(l, COMPILED[l])])) as Record<
  Locale,
  Translator
>;

/** The address of a language's whole compiled catalogue; its hash changes with its content. */
export const catalogueHref = (locale: Locale) => `/i18n/${locale}.${HASHES[locale]}.json`;

/** A language's whole compiled catalogue, and whether `hash` names this version of it. */
export function catalogueBody(locale: Locale, hash: string): { body: string; current: boolean } {
  return { body: BODIES[locale], current: hash === HASHES[locale] };
}

/** A render's translator: each key it formats is noted in `used`, for the page's own messages. */
export function requestTranslator(locale: Locale, used: Set<string>): Translator {
  const { t } = TRANSLATORS[locale];
  return {
    locale,
    t: (key, values) => {
      used.add(key);
      return t(key, values);
    },
  };
}

/** A page's title in the language of the request's path, for a loader to hand its `meta` function. */
export function titleFor(request: Request, key: string): string {
  return TRANSLATORS[localeOfPath(new URL(request.url).pathname)].t(key);
}

/** What the page's head carries: its language, the catalogue's address, the compiled messages it used. */
export function pageMessages(locale: Locale, used: Set<string>): PageMessages {
  const messages: CompiledMessages = {};
  for (const key of used) if (key in COMPILED[locale]) messages[key] = COMPILED[locale][key];
  return { locale, catalogue: catalogueHref(locale), messages };
}

/**
 * The page's messages as a script element's text: `<` escaped so no text can close the element. The element
 * carries the response's CSP nonce like every other script on the page (e2e/security.spec.ts).
 */
export function pageMessagesScript(page: PageMessages, nonce: string | undefined): string {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return `<script type="application/json" id="mana-messages"${nonceAttribute}>${JSON.stringify(page).replace(/</g, "\\u003c")}</script>`;
}
