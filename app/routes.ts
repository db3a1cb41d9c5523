import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The shop's pages in one language: English at `/`, Spanish under `/es/`, French under `/fr/`
 * (docs/decisions/049-languages.md). Each language's copy of a route has an id of its own.
 */
function shopPages(locale: "" | "es" | "fr") {
  const page = (path: string, file: string) => {
    const id = locale ? `${locale}/${file.replace(/\.tsx?$/, "")}` : undefined;
    if (path === "") return locale ? route(locale, file, { id }) : index(file);
    return id ? route(`${locale}/${path}`, file, { id }) : route(path, file);
  };
  return [
    page("", "routes/home.tsx"),
    page("knowledge", "routes/knowledge.tsx"),
    page("knowledge/:slug", "routes/knowledge-article.tsx"),
    page("story/:slug", "routes/story.tsx"),
    page("stacks", "routes/stacks.tsx"),
    page("stacks/:slug", "routes/stacks-detail.tsx"),
    page("quiz", "routes/quiz.tsx"),
    page("products/:slug", "routes/product.tsx"),
    page("search", "routes/search.tsx"),
    page("auth", "routes/auth.tsx"),
    page("auth/forgot", "routes/auth-forgot.tsx"),
    page("auth/reset", "routes/auth-reset.tsx"),
    page("auth/verify", "routes/auth-verify.tsx"),
    page("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
    page("newsletter/confirm", "routes/newsletter-confirm.tsx"),
    page("account/:tab?", "routes/account.tsx"),
    page("account/orders/:id", "routes/account-order.tsx"),
    page("account/orders/:number/return", "routes/account-order-return.tsx"),
    page("account/subscriptions/:id/card", "routes/subscription-card.tsx"),
    page("subscriptions/manage/:token", "routes/subscription-manage.tsx"),
    page("orders", "routes/orders.tsx"),
    page("orders/:number/invoice", "routes/order-invoice.tsx"),
    page("wishlist", "routes/wishlist.tsx"),
    page("preferences", "routes/preferences.tsx"),
    page("products", "routes/products.tsx"),
    page("terms", "routes/terms.tsx"),
    page("privacy", "routes/privacy.tsx"),
    page("shipping-returns", "routes/shipping-returns.tsx"),
    page("accessibility", "routes/accessibility.tsx"),
    page("contact", "routes/contact.tsx"),
    page("report-a-reaction", "routes/report-a-reaction.tsx"),
    page("reviews/policy", "routes/review-policy.tsx"),
    page("checkout", "routes/checkout.tsx"),
    page("gift-cards", "routes/gift-cards.tsx"),
    page("gift-cards/balance", "routes/gift-cards-balance.tsx"),
    page("success", "routes/success.tsx"),
  ];
}

// Every URL of the shop, one route module each.
export default [
  ...shopPages(""),
  ...shopPages("es"),
  ...shopPages("fr"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("dev/outbox", "routes/dev-outbox.tsx"),
  route("pay/:sessionId", "routes/pay.$sessionId.tsx"),
  route("i18n/:file", "routes/i18n-catalogue.ts"),
  route("admin", "routes/admin-layout.tsx", [
    index("routes/admin-overview.tsx"),
    route("orders", "routes/admin-orders.tsx"),
    route("orders/ship", "routes/admin-orders-ship.tsx"),
    route("orders/:number", "routes/admin-order.tsx"),
    route("orders/:number/invoice", "routes/admin-order-invoice.tsx"),
    route("returns", "routes/admin-returns.tsx"),
    route("returns/:id", "routes/admin-return.tsx"),
    route("products", "routes/admin-products.tsx"),
    route("prices", "routes/admin-prices.tsx"),
    route("markets", "routes/admin-markets.tsx"),
    route("codes", "routes/admin-codes.tsx"),
    route("codes/new", "routes/admin-codes-new.tsx"),
    route("gift-cards", "routes/admin-gift-cards.tsx"),
    route("subscriptions", "routes/admin-subscriptions.tsx"),
    route("subscriptions/:id", "routes/admin-subscription.tsx"),
    route("customers", "routes/admin-customers.tsx"),
    route("customers/:id", "routes/admin-customer.tsx"),
    route("newsletter", "routes/admin-newsletter.tsx"),
    route("outbox", "routes/admin-outbox.tsx"),
    route("outbox/:id", "routes/admin-outbox-message.tsx"),
    route("reviews", "routes/admin-reviews.tsx"),
    route("reactions", "routes/admin-reactions.tsx"),
    route("reactions/:id", "routes/admin-reaction.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
