import type { Context } from "hono";

/**
 * Sets a header on an answer that already exists, in place. Hono's `c.header()` on a finished answer first
 * copies the whole Response around its body, once for every header: a rendered page went through seven
 * to nine copies, each a new Response and Headers, and its bytes into a web stream (docs/performance.md, "The
 * rendered pages' bytes in one piece"). An answer the server built has headers it may change; one whose
 * headers are immutable (a `fetch()` answer, `Response.redirect`) is copied once, as `c.header()` does.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
