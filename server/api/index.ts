import { type ErrorHandler, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { trustedOrigins } from "../auth/auth.ts";
import type { AppServices } from "../context.ts";
import { setAnswerHeader } from "../http/answer-header.ts";
import { limitBody } from "../http/body-limit.ts";
import { errorResponse } from "../http/error-status.ts";
import { sameOrigin } from "../http/same-origin.ts";
import { requestLocale } from "../i18n/request-locale.ts";
import { UNSUBSCRIBE_API_PATH } from "../newsletter/unsubscribe.ts";
import { accountDataApi } from "./account-data.ts";
import { accountSecurityApi } from "./account-security.ts";
import { addressesApi } from "./addresses.ts";
import { adminApi } from "./admin.ts";
import { adminCommandApi } from "./admin-command.ts";
import { authRoutes } from "./auth.ts";
import { bookmarksApi } from "./bookmarks.ts";
import { cartApi } from "./cart.ts";
import { cartBalancesApi, giftCardsApi } from "./cart-balances.ts";
import { checkoutApi } from "./checkout.ts";
import { contentApi } from "./content.ts";
import { newsletterApi } from "./newsletter.ts";
import { ordersApi } from "./orders.ts";
import { preferencesApi } from "./preferences.ts";
import { productContentApi } from "./product-content.ts";
import { productsApi } from "./products.ts";
import { profileApi } from "./profile.ts";
import { quizApi } from "./quiz.ts";
import { reactionsApi } from "./reactions.ts";
import { productReviewsApi, reviewsApi } from "./reviews.ts";
import { searchApi } from "./search.ts";
import { stockNotifyApi } from "./stock-notify.ts";
import { webhooksApi } from "./webhooks.ts";
import { wishlistApi } from "./wishlist.ts";

export interface ApiOptions {
  /**
   * The token of `npm run admin` through this server (POST /api/internal/admin-command): set by a server
   * that holds an embedded database, so the command line never opens it a second time (decision 018).
   */
  commandToken?: string;
}

/** The JSON API under /api. Every answer, errors included, is JSON `{ message, code }` on failure. */
export function createApi(services: AppServices, options: ApiOptions = {}) {
  const api = new Hono();

  api.use(
    "*",
    limitBody({
      maxSize: services.env.BODY_LIMIT_BYTES,
      onError: (c) => c.json({ message: "The request body is too large.", code: "payload_too_large" }, 413),
    }),
  );
  const originCheck = sameOrigin(trustedOrigins(services.env));
  // OAuth providers may POST their callback from their own origin (Apple's form_post); Better Auth
  // checks the state there instead. A mail client's one-click unsubscribe (RFC 8058) comes from anywhere,
  // carries no cookies and is proven by its signed token alone.
  const crossSiteAllowed = (path: string) =>
    path.startsWith("/api/auth/callback/") || path === UNSUBSCRIBE_API_PATH;
  api.use("*", (c, next) => (crossSiteAllowed(c.req.path) ? next() : originCheck(c, next)));
  api.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("cache-control")) setAnswerHeader(c, "Cache-Control", "no-store");
  });

  api.route("/products", productsApi(services));
  // After productsApi so `GET /api/products` stays its; this one only answers /products/:id/...
  api.route("/products", productContentApi(services));
  api.route("/products", stockNotifyApi(services));
  api.route("/products", productReviewsApi(services));
  api.route("/reviews", reviewsApi(services));
  api.route("/content", contentApi(services));
  api.route("/search", searchApi(services));
  // Before cartApi, whose /:id routes would otherwise take /balances and /gift-cards.
  api.route("/cart", cartBalancesApi(services));
  api.route("/cart", cartApi(services));
  api.route("/gift-cards", giftCardsApi(services));
  const { frontDoor } = services.identity;
  if (frontDoor) {
    // The shop's own /api/auth routes first, so Better Auth's catch-all does not swallow them.
    api.route("/auth", profileApi(services));
    api.route("/auth", authRoutes(services, frontDoor));
  }
  api.route("/account", accountDataApi(services));
  api.route("/account", accountSecurityApi(services));
  api.route("/addresses", addressesApi(services));
  api.route("/preferences", preferencesApi(services));
  api.route("/bookmarks", bookmarksApi(services));
  api.route("/wishlist", wishlistApi(services));
  api.route("/quiz", quizApi(services));
  api.route("/checkout", checkoutApi(services));
  const { orders, subscriptions } = ordersApi(services);
  api.route("/orders", orders);
  api.route("/subscriptions", subscriptions);
  api.route("/webhooks", webhooksApi(services));
  api.route("/admin", adminApi(services));
  api.route("/newsletter", newsletterApi(services));
  api.route("/reactions", reactionsApi(services));
  if (options.commandToken && services.database.kind === "pglite")
    api.route("/internal/admin-command", adminCommandApi(services, options.commandToken));

  // Mounted sub-apps do not use their own notFound, so the catch-all is a route of its own.
  api.all("*", (c) =>
    c.json({ message: `No API route for ${c.req.method} ${c.req.path}`, code: "not_found" }, 404),
  );
  api.onError(apiErrorHandler(services));
  return api;
}

/**
 * Every API failure is JSON `{ message, code }`: a domain error with the status server/http/error-status.ts
 * gives it; anything unexpected is logged and answered 500.
 */
export function apiErrorHandler(services: AppServices): ErrorHandler {
  return (err, c) => {
    const known = errorResponse(err, requestLocale(c.req.raw.headers));
    if (known) {
      if (known.status >= 500) services.logger.warn({ err, path: c.req.path }, known.body.message);
      return c.json(known.body, known.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ message: err.message || "Bad request", code: "bad_request" }, err.status);
    }
    services.logger.error({ err, path: c.req.path }, "unhandled API error");
    return c.json({ message: "Something went wrong on our side. Please try again.", code: "internal" }, 500);
  };
}
