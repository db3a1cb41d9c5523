import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the shop, one route module each.
export default [
  index("routes/home.tsx"),
  route("knowledge", "routes/knowledge.tsx"),
  route("knowledge/:slug", "routes/knowledge-article.tsx"),
  route("story/:slug", "routes/story.tsx"),
  route("stacks", "routes/stacks.tsx"),
  route("stacks/:slug", "routes/stacks-detail.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("products/:slug", "routes/product.tsx"),
  route("dev/outbox", "routes/dev-outbox.tsx"),
  route("auth", "routes/auth.tsx"),
  route("account/:tab?", "routes/account.tsx"),
  route("account/orders/:id", "routes/account-order.tsx"),
  route("orders", "routes/orders.tsx"),
  route("wishlist", "routes/wishlist.tsx"),
  route("preferences", "routes/preferences.tsx"),
  route("products", "routes/products.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("contact", "routes/contact.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("success", "routes/success.tsx"),
  route("pay/:sessionId", "routes/pay.$sessionId.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
