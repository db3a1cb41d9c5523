import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Mirrors the route table in the product spec, point 2.
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
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
