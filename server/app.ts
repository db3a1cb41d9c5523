import { Hono } from "hono";
import { compress } from "hono/compress";
import type { RouterContext } from "react-router";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { apiErrorHandler, createApi } from "./api/index.ts";
import type { AppServices } from "./context.ts";
import { buildTemplate, fillTemplate } from "./http/nonce-template.ts";
import { PageCache } from "./http/page-cache.ts";
import { refuseNul } from "./http/refuse-nul.ts";
import { nextRequestId } from "./http/request-id.ts";
import { NONCE_PLACEHOLDER, securityHeaders } from "./http/security-headers.ts";

type Vars = { requestId: string; cspNonce: string; renderNonce?: string; skipCompress?: boolean };

/** What Hono's compress() would compress: text, JSON, XML and scripts. */
const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:json|javascript|xml|[\w.+-]*\+(?:json|xml)))/i;

export interface CreateAppOptions {
  /** The React Router server build (production: the built module; development: Vite's live one). */
  getBuild?: () => Promise<ServerBuild>;
  /** Extra middleware mounted before page rendering, e.g. static files in production. */
  beforePages?: (app: Hono<{ Variables: Vars }>) => void;
}

/** The whole HTTP surface: health probes, /api/*, and every other path rendered by React Router. */
export function createApp(services: AppServices, options: CreateAppOptions = {}) {
  const app = new Hono<{ Variables: Vars }>();
  const { logger } = services;

  app.use("*", async (c, next) => {
    const requestId = nextRequestId();
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    logger.info(
      {
        reqId: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  });
  app.use("*", securityHeaders(services.env));
  app.use("*", refuseNul());
  // Anonymous public pages: answered from the cache, or rendered once and stored (decision 003). Pages
  // are rendered with a placeholder nonce and stored (gzipped here, one variant per encoding) as a
  // template, so every answer gets its own CSP nonce without a render or a recompression (decision 006).
  app.use("*", async (c, next) => {
    const cookie = c.req.header("cookie");
    const url = c.req.path + (c.req.url.includes("?") ? c.req.url.slice(c.req.url.indexOf("?")) : "");
    if (!PageCache.cacheable(c.req.method, url, cookie)) return next();
    const key = PageCache.key(url, c.req.header("accept-encoding"));
    const hit = services.pageCache.get(key);
    if (hit) {
      const body = hit.template ? fillTemplate(hit.template, c.get("cspNonce")) : hit.body;
      return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), {
        status: hit.status,
        headers: [...hit.headers, ["x-page-cache", "hit"]],
      });
    }
    c.set("renderNonce", NONCE_PLACEHOLDER);
    c.set("skipCompress", true);
    await next();
    const res = c.res;
    const plain = Buffer.from(await res.arrayBuffer());
    const gzip =
      key.startsWith("gzip ") &&
      plain.length >= 1024 &&
      !res.headers.has("content-encoding") &&
      COMPRESSIBLE.test(res.headers.get("content-type") ?? "");
    const template = buildTemplate(plain, gzip ? "gzip" : "identity");
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    if (gzip) headers.set("content-encoding", "gzip");
    if (res.status === 200 && !res.headers.has("set-cookie") && c.req.method === "GET") {
      const stored = [...headers.entries()].filter(([k]) => k !== "x-request-id");
      // Only an answer with nonce slots (a page) is kept as a template; a JSON read is served as stored.
      const slots = template.offsets.length > 0 ? template : undefined;
      services.pageCache.set(key, {
        status: res.status,
        headers: stored,
        body: template.body,
        template: slots,
      });
    }
    const body = fillTemplate(template, c.get("cspNonce"));
    c.res = new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), {
      status: res.status,
      headers,
    });
  });
  const compressor = compress();
  app.use("*", (c, next) => (c.get("skipCompress") ? next() : compressor(c, next)));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await services.database.ping();
      return c.json({ status: "ready", database: services.database.kind });
    } catch (err) {
      logger.warn({ err }, "readiness check failed");
      return c.json({ status: "unavailable", message: "The database is not reachable." }, 503);
    }
  });

  app.route("/api", createApi(services));

  options.beforePages?.(app);

  const getBuild = options.getBuild;
  if (getBuild) {
    const handler = createRequestHandler(
      getBuild,
      services.env.NODE_ENV === "production" ? "production" : "development",
    );
    app.all("*", async (c) => {
      const build = await getBuild();
      // The context key lives in the app bundle; the server entry re-exports it so both sides share one key.
      const { appContext, cspNonceContext } = build.entry.module as unknown as {
        appContext: RouterContext<AppServices>;
        cspNonceContext: RouterContext<string | undefined>;
      };
      const context = new RouterContextProvider();
      context.set(appContext, services);
      context.set(cspNonceContext, c.get("renderNonce") ?? c.get("cspNonce"));
      return handler(c.req.raw, context);
    });
  }
  app.onError((err, c) => {
    if (c.req.path.startsWith("/api/")) return apiErrorHandler(services)(err, c);
    logger.error({ err, path: c.req.path }, "unhandled error");
    return c.text("Something went wrong on our side. Please try again.", 500);
  });
  return app;
}
