import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import type { HttpVariables } from "./variables.ts";

const VARIES_ON_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** compress()'s own threshold: smaller answers are sent as they are. */
const THRESHOLD = 1024;

/**
 * Hono's compress(), without its copy of every answer it looks at. compress() adds `Vary: Accept-Encoding`
 * to an answer it could compress through `c.header()`, which on a finished answer builds a new Response
 * around the old one's body: every JSON answer of the API then went out through a web stream, asked for
 * compression or not (the cart's answers: ~15% of their server time, docs/performance.md). The header is
 * set here in place first, under compress()'s own conditions; compress() finds it and compresses only what
 * a client asked to have compressed.
 */
export function compressAnswers(): MiddlewareHandler<{ Variables: HttpVariables }> {
  const compressor = compress({ threshold: THRESHOLD });
  return (c, next) => {
    if (c.get("skipCompress")) return next();
    return compressor(c, async () => {
      await next();
      if (mayCompress(c)) varyOnEncoding(c);
    });
  };
}

/** compress()'s conditions for an answer it may compress (and so marks as varying on Accept-Encoding). */
function mayCompress(c: Context): boolean {
  const res = c.res;
  const headers = res.headers;
  const length = headers.get("content-length");
  const type = headers.get("content-type");
  return (
    res.status !== 206 &&
    !headers.has("content-encoding") &&
    !headers.has("transfer-encoding") &&
    c.req.method !== "HEAD" &&
    !(length && Number(length) < THRESHOLD) &&
    type !== null &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) &&
    !NO_TRANSFORM.test(headers.get("cache-control") ?? "")
  );
}

function varyOnEncoding(c: Context): void {
  const headers = c.res.headers;
  const current = headers.get("vary");
  if (current === "*" || (current && VARIES_ON_ENCODING.test(current))) return;
  const value = current ? `${current}, Accept-Encoding` : "Accept-Encoding";
  try {
    headers.set("vary", value);
  } catch {
    // An answer with immutable headers (a fetch() answer, Response.redirect): compress() copies it as before.
  }
}
