import { escapeHtml } from "../../core/escape-html.ts";
import { LOCALES, type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import { sitemapEntries } from "../../server/content/sitemap.ts";
import { shopDeps } from "../../server/deps.ts";
import { requestHost, shopOrigin } from "../../server/http/shop-origin.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/sitemap[.]xml";

/**
 * Every product, article, story and stack URL in every language with its last modification, each naming its
 * other languages (resource route; docs/decisions/049-languages.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const origin = shopOrigin(services.env, requestHost(request), "page");
  const entries = await sitemapEntries(shopDeps(services));
  const url = (path: string, locale: Locale) => escapeHtml(origin + pathInLocale(path, locale));
  const alternates = (path: string) =>
    [...LOCALES.map((l) => [l, url(path, l)]), ["x-default", url(path, "en")]]
      .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`)
      .join("");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries
  .flatMap((e) =>
    LOCALES.map(
      (locale) =>
        `  <url><loc>${url(e.path, locale)}</loc><lastmod>${e.lastmod}</lastmod>${alternates(e.path)}</url>`,
    ),
  )
  .join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
