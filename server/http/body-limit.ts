import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/**
 * Refuses a request body over `maxSize` bytes before anything reads it, by its declared length. Hono's
 * bodyLimit() asks for the request's body stream to see whether there is one, which builds the whole web
 * Request around the Node request, body stream included, for every request that has a body or might: the
 * cart's POST and DELETE went through it, and reading a JSON body then went through web streams
 * too (docs/performance.md). Over HTTP/1.1 a request's body length is its Content-Length, and a request
 * with neither Content-Length nor Transfer-Encoding has none: a request with a declared length is judged by
 * it here, one without a body goes on, and only a chunked one (its length unknown until read) is left to
 * bodyLimit(), which counts the bytes as they come. A request built in the process (`app.request()`, no
 * Node request behind it) goes to bodyLimit() as well.
 */
export function limitBody(options: Parameters<typeof bodyLimit>[0]): MiddlewareHandler {
  const counting = bodyLimit(options);
  return async (c, next) => {
    const fromNode = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
    const chunked = c.req.header("transfer-encoding") !== undefined;
    if (!fromNode || chunked) return counting(c, next);
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const declared = c.req.header("content-length");
    if (declared === undefined) return next();
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0 || length > options.maxSize)
      return options.onError ? options.onError(c) : counting(c, next);
    return next();
  };
}
