import { readFileSync } from "node:fs";
import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { localeOfPath } from "../core/i18n/locales.ts";
import { themeFromCookie } from "../core/theme.ts";
import { cspNonceContext } from "./context.server.ts";
import { languageAlternates } from "./i18n/alternates.server.ts";
import { pageMessages, pageMessagesScript, requestTranslator } from "./i18n/catalogue.server.ts";
import { ServerTranslatorContext } from "./i18n/i18n.tsx";
import { NonceContext } from "./lib/csp-nonce.ts";
import { ROOT_STYLESHEET_HREF, RootStylesheetContext } from "./lib/root-stylesheet.tsx";
import { ThemeContext } from "./lib/theme.ts";

// The server reads the context keys from here so the server and the app bundle share one key.
export { appContext, cspNonceContext, peerAddressContext } from "./context.server.ts";

export const streamTimeout = 5_000;

/** The built root stylesheet's text (production); development links Vite's live stylesheet instead. */
let rootStylesheet: string | undefined;
function readRootStylesheet(): string | undefined {
  if (import.meta.env.DEV) return undefined;
  // The server bundle sits in <build>/server or <build>/server/assets; the stylesheet in <build>/client.
  for (const up of ["../", "../../"]) {
    if (rootStylesheet !== undefined) break;
    try {
      rootStylesheet = readFileSync(new URL(`${up}client${ROOT_STYLESHEET_HREF}`, import.meta.url), "utf8");
    } catch {
      // Not here; without the file the page links the stylesheet instead.
    }
  }
  return rootStylesheet;
}

/**
 * A stream that writes `html` just before the document's `</head>` (the whole document is rendered before
 * it is piped, so what the render used is known): the page's messages and its other languages. React
 * leaves elements it did not render in the head alone when it hydrates.
 */
function beforeHeadEnd(html: string, out: PassThrough): Transform {
  let pending = "";
  let done = false;
  // A character of several bytes may be split between two chunks.
  const decoder = new StringDecoder("utf8");
  const input = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, decoder.write(chunk));
      pending += decoder.write(chunk);
      const at = pending.indexOf("</head>");
      if (at === -1) {
        // Keep a tail that could hold the start of "</head>".
        const keep = pending.slice(-6);
        const ready = pending.slice(0, -6);
        pending = keep;
        return callback(null, ready);
      }
      done = true;
      const text = pending.slice(0, at) + html + pending.slice(at);
      pending = "";
      callback(null, text);
    },
    flush(callback) {
      const rest = pending + decoder.end();
      callback(null, rest || undefined);
    },
  });
  input.pipe(out);
  return input;
}

/**
 * Renders the whole document before answering (no streaming): pages are small, every visitor and crawler
 * gets complete HTML, and identical anonymous pages can be cached by the server.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Every inline script React and React Router write carries the response's CSP nonce.
  const nonce = loadContext.get(cspNonceContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const used = new Set<string>();
  const translator = requestTranslator(locale, used);
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerTranslatorContext value={translator}>
          <ThemeContext value={themeFromCookie(request.headers.get("cookie"))}>
            <RootStylesheetContext value={readRootStylesheet()}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </RootStylesheetContext>
          </ThemeContext>
        </ServerTranslatorContext>
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const head =
            languageAlternates(loadContext, request, url.pathname) +
            pageMessagesScript(pageMessages(locale, used), nonce);
          pipe(beforeHeadEnd(head, body));
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}
