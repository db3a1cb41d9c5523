import { LOCALES, pathInLocale } from "../../core/i18n/locales.ts";
import { requestHost, shopOrigin } from "../../server/http/shop-origin.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/robots[.]txt";

const PRIVATE = [
  "/checkout",
  "/success",
  "/account",
  "/orders",
  "/wishlist",
  "/preferences",
  "/auth",
  "/newsletter/",
];

/** robots.txt pointing crawlers at the sitemap; private and transactional pages stay out of indexes. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  const origin = shopOrigin(env, requestHost(request), "page");
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin",
    // The personal pages, in every language (docs/decisions/049-languages.md).
    ...PRIVATE.flatMap((path) => LOCALES.map((l) => `Disallow: ${pathInLocale(path, l)}`)),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
