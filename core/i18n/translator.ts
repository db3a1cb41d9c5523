import { I18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Locale } from "./locales.ts";

/**
 * What formats the shop's words (docs/decisions/049-languages.md), with no React in it: the pages' provider
 * (app/i18n/i18n.tsx), the pages' server catalogue (catalogue.server.ts) and the server's e-mails and texts
 * (server/i18n/words.ts, which Node runs without the bundler) all format through it.
 */
export type CompiledMessages = Record<string, unknown>;
export type MessageValues = Record<string, unknown>;

export interface Translator {
  locale: Locale;
  t: (key: string, values?: MessageValues) => string;
}

/** A language's messages (ICU text by key) compiled for `@lingui/core`'s runtime. */
export function compileCatalogue(source: Record<string, string>): CompiledMessages {
  const out: CompiledMessages = {};
  for (const [key, message] of Object.entries(source)) out[key] = compileMessage(message);
  return out;
}

export function translatorOf(locale: Locale, messages: CompiledMessages): Translator {
  const i18n = new I18n({ locale, messages: { [locale]: messages as never } });
  return { locale, t: (key, values) => i18n._(key, values) };
}
