import { Hono } from "hono";
import type { RouterContext } from "react-router";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { type ApiOptions, apiErrorHandler, createApi } from "./api/index.ts";
import type { AppServices } from "./context.ts";
import { setAnswerHeader } from "./http/answer-header.ts";
import { compressAnswers } from "./http/compress-answers.ts";
import { metricsEndpoint, routeLabel } from "./http/metrics.ts";
import { devOutboxGuard, socketPeer } from "./http/outbox-access.ts";
import { servePageCache } from "./http/page-cache.ts";
import { refuseNul } from "./http/refuse-nul.ts";
import { nextRequestId } from "./http/request-id.ts";
import { recordRequest } from "./http/request-log.ts";
import { refuseForeignRequestTarget } from "./http/request-target.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { redirectTrailingSlash } from "./http/trailing-slash.ts";
import type { HttpVariables as Vars } from "./http/variables.ts";

export interface CreateAppOptions extends ApiOptions {
  /**
   * The React Router server build: production passes the built module itself, so React Router flattens
   * and matches its routes once (given a function, it derives its whole route handler again on every
   * request); development passes Vite's live one as a function.
   */
  build?: ServerBuild | (() => Promise<ServerBuild>);
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
    setAnswerHeader(c, "X-Request-Id", requestId);
    recordRequest(services, {
      reqId: requestId,
      method: c.req.method,
      path: c.req.path,
      route: routeLabel(c),
      status: c.res.status,
      started,
    });
  });
  app.use("*", securityHeaders(services.env));
  app.use("*", refuseNul());
  app.use("*", refuseForeignRequestTarget());
  app.use("*", redirectTrailingSlash());
  app.use("*", servePageCache(services.pageCache));
  app.use("*", compressAnswers());

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/metrics", metricsEndpoint(services.metrics, services.env));
  app.get("/readyz", async (c) => {
    try {
      await services.database.ping();
      return c.json({ status: "ready", database: services.database.kind });
    } catch (err) {
      logger.warn({ err }, "readiness check failed");
      return c.json({ status: "unavailable", message: "The database is not reachable." }, 503);
    }
  });

  app.route("/api", createApi(services, { commandToken: options.commandToken }));
  // The dev outbox holds reset links and sign-in codes: only this machine's own visitor reads it.
  app.use("*", devOutboxGuard(services.env));

  options.beforePages?.(app);

  const source = options.build;
  if (source) {
    const handler = createRequestHandler(
      source,
      services.env.NODE_ENV === "production" ? "production" : "development",
    );
    app.all("*", async (c) => {
      const build = typeof source === "function" ? await source() : source;
      // The context key lives in the app bundle; the server entry re-exports it so both sides share one key.
      const { appContext, cspNonceContext, peerAddressContext } = build.entry.module as unknown as {
        appContext: RouterContext<AppServices>;
        cspNonceContext: RouterContext<string | undefined>;
        peerAddressContext: RouterContext<string | undefined>;
      };
      const context = new RouterContextProvider();
      context.set(appContext, services);
      context.set(cspNonceContext, c.get("renderNonce") ?? c.get("cspNonce"));
      // Pages that answer only this machine (the dev outbox) decide from the socket's peer.
      context.set(peerAddressContext, socketPeer(c.env));
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
