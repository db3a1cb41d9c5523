import { escapeHtml } from "../../core/escape-html.ts";
import { sitemapEntries } from "../../server/content/sitemap.ts";
import { shopDeps } from "../../server/deps.ts";
import { requestHost, shopOrigin } from "../../server/http/shop-origin.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/sitemap[.]xml";

/** Every product, article, story and stack URL with its last modification (resource route). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const origin = shopOrigin(services.env, requestHost(request), "page");
  const entries = await sitemapEntries(shopDeps(services));
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries
  .map((e) => `  <url><loc>${escapeHtml(origin + e.path)}</loc><lastmod>${e.lastmod}</lastmod></url>`)
  .join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
