import { requestHost, shopOrigin } from "../../server/http/shop-origin.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/robots[.]txt";

/** robots.txt pointing crawlers at the sitemap; private and transactional pages stay out of indexes. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  const origin = shopOrigin(env, requestHost(request), "page");
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /checkout",
    "Disallow: /success",
    "Disallow: /account",
    "Disallow: /orders",
    "Disallow: /wishlist",
    "Disallow: /preferences",
    "Disallow: /auth",
    "Disallow: /admin",
    "Disallow: /newsletter/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
