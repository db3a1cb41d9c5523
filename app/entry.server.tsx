import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { themeFromCookie } from "../core/theme.ts";
import { cspNonceContext } from "./context.server.ts";
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
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ThemeContext value={themeFromCookie(request.headers.get("cookie"))}>
          <RootStylesheetContext value={readRootStylesheet()}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </RootStylesheetContext>
        </ThemeContext>
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
          pipe(body);
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
