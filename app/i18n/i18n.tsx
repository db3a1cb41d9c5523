import { createContext, use, useEffect, useMemo, useRef, useState } from "react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../core/i18n/locales.ts";
import {
  type CompiledMessages,
  type MessageValues,
  type Translator,
  translatorOf,
} from "../../core/i18n/translator.ts";

/**
 * The shop's words in the page's language (docs/decisions/049-languages.md). Messages are ICU, keyed,
 * per language in `app/i18n/messages/<locale>.json`, compiled once on the server. A page carries the
 * compiled messages its server render used (a JSON script in its head, written by app/entry.server.tsx);
 * the browser hydrates with those, then fetches its language's whole catalogue (one cached file) for what
 * later renders need (dialogs, toasts, the next page). Only the page's language ever reaches the browser.
 */
export type { CompiledMessages, MessageValues, Translator };

/** What a page's head carries for the browser: its language, the catalogue's address, the messages used. */
export interface PageMessages {
  locale: Locale;
  catalogue: string;
  messages: CompiledMessages;
}

export const PAGE_MESSAGES_ID = "mana-messages";

/** The request's translator, given by app/entry.server.tsx while rendering on the server. */
export const ServerTranslatorContext = createContext<Translator | null>(null);

const TranslatorContext = createContext<Translator>(translatorOf(DEFAULT_LOCALE, {}));

function readPageMessages(): PageMessages {
  const el = document.getElementById(PAGE_MESSAGES_ID);
  const fallback: PageMessages = { locale: DEFAULT_LOCALE, catalogue: "", messages: {} };
  if (!el?.textContent) return fallback;
  const parsed = JSON.parse(el.textContent) as PageMessages;
  return isLocale(parsed.locale) ? parsed : fallback;
}

let whole: Promise<CompiledMessages> | null = null;
/** The language's whole catalogue, asked for once per page load (immutable, cached by the browser). */
function wholeCatalogue(href: string): Promise<CompiledMessages> {
  whole ??= fetch(href, { credentials: "omit" }).then((r) =>
    r.ok ? (r.json() as Promise<CompiledMessages>) : {},
  );
  return whole;
}

/** Whether the page's translator has its language's whole catalogue (always on the server). */
const WholeCatalogueContext = createContext(true);

function BrowserTranslator({ children }: { children: React.ReactNode }) {
  const [page] = useState(readPageMessages);
  const [messages, setMessages] = useState(page.messages);
  const [whole, setWhole] = useState(!page.catalogue);
  useEffect(() => {
    if (!page.catalogue) return;
    let live = true;
    const arrived = (all: CompiledMessages) => {
      if (!live) return;
      setMessages((used) => ({ ...all, ...used }));
      setWhole(true);
    };
    // A catalogue that cannot come leaves the page with the words it carries: nothing waits for it forever.
    wholeCatalogue(page.catalogue).then(arrived, () => arrived({}));
    return () => {
      live = false;
    };
  }, [page.catalogue]);
  // Every `t` handed out formats with the newest messages: one kept by a callback from an earlier render (a
  // toast after a request) still finds the words that arrived since. A new object per catalogue, so the
  // pages render again with them.
  const newest = useRef<Translator | null>(null);
  const translator = useMemo<Translator>(() => {
    newest.current = translatorOf(page.locale, messages);
    return { locale: page.locale, t: (key, values) => (newest.current as Translator).t(key, values) };
  }, [page.locale, messages]);
  return (
    <TranslatorContext value={translator}>
      <WholeCatalogueContext value={whole}>{children}</WholeCatalogueContext>
    </TranslatorContext>
  );
}

/** Puts the page's translator around the document: the request's on the server, the page's in the browser. */
export function TranslatorProvider({ children }: { children: React.ReactNode }) {
  const server = use(ServerTranslatorContext);
  if (server) return <TranslatorContext value={server}>{children}</TranslatorContext>;
  return <BrowserTranslator>{children}</BrowserTranslator>;
}

/** `t("shell.nav.products")`: the message in the page's language, with its values. */
export function useT(): Translator["t"] {
  return use(TranslatorContext).t;
}

/**
 * Whether every message of the page's language can be formatted now: false in the browser until the whole
 * catalogue has arrived. What formats words the server render did not use, outside a render (a toast
 * shown by a component the server never rendered), waits for it.
 */
export function useWholeCatalogue(): boolean {
  return use(WholeCatalogueContext);
}

/** The page's language. */
export function useLocale(): Locale {
  return use(TranslatorContext).locale;
}

export { translatorOf };
