import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
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

const HEAD_END = Buffer.from("</head>");

/**
 * A sink that keeps the rendered document's bytes and, when React ends it, hands `done` the whole document
 * with `html` just before its `</head>` (the whole document is rendered before it is piped, so what the
 * render used is known): the page's messages and its other languages. React leaves elements it did not
 * render in the head alone when it hydrates. One buffer, written in one piece: the document's chunks are
 * neither decoded to text nor streamed through a web stream (docs/performance.md, "The rendered pages'
 * bytes in one piece").
 */
function documentWithHead(html: string, done: (document: Uint8Array<ArrayBuffer>) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      const page = Buffer.concat(chunks);
      const at = page.indexOf(HEAD_END);
      const whole =
        at === -1 ? page : Buffer.concat([page.subarray(0, at), Buffer.from(html), page.subarray(at)]);
      // A Buffer is a Uint8Array over Node's memory; the Response wants one over a plain ArrayBuffer.
      done(new Uint8Array(whole.buffer as ArrayBuffer, whole.byteOffset, whole.byteLength));
      callback();
    },
  });
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
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const head =
            languageAlternates(loadContext, request, url.pathname) +
            pageMessagesScript(pageMessages(locale, used), nonce);
          pipe(
            documentWithHead(head, (document) => {
              clearTimeout(timeoutId);
              resolve(new Response(document, { headers: responseHeaders, status }));
            }),
          );
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
