import { escapeHtml } from "../../core/escape-html.ts";
import { isStoryEligible } from "../../core/story.ts";
import { appContext } from "../context.ts";
import type { Route } from "./+types/sitemap[.]xml";

/** Every product, article, story and stack URL with its last modification (resource route). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const { allArticles } = await import("../../server/content/articles.ts");
  const { listStacks } = await import("../../server/content/stacks.ts");
  const origin = (services.env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, "");
  const [products, articles, stacks] = await Promise.all([
    services.catalogue.list(),
    allArticles(services.database.db),
    listStacks(services.database.db, services.catalogue),
  ]);
  const { products: productRows } = await import("../../server/db/schema.ts");
  const updated = new Map(
    (
      await services.database.db
        .select({ id: productRows.id, updatedAt: productRows.updatedAt })
        .from(productRows)
    ).map((r) => [r.id, r.updatedAt.toISOString()]),
  );
  const latest = (dates: string[]) => [...dates].sort().at(-1) ?? "1970-01-01T00:00:00.000Z";
  const stories = articles.filter(isStoryEligible);
  const entries: Array<{ path: string; lastmod: string }> = [
    { path: "/", lastmod: latest([...updated.values()]) },
    { path: "/knowledge", lastmod: latest(articles.map((a) => a.updatedAt)) },
    { path: "/stacks", lastmod: latest(stacks.map((s) => s.updatedAt)) },
    ...products.map((p) => ({ path: `/products/${p.slug}`, lastmod: updated.get(p.id) ?? latest([]) })),
    ...articles
      .filter((a) => !isStoryEligible(a))
      .map((a) => ({ path: `/knowledge/${a.slug}`, lastmod: a.updatedAt })),
    ...stories.map((a) => ({ path: `/story/${a.slug}`, lastmod: a.updatedAt })),
    ...stacks.map((s) => ({ path: `/stacks/${s.slug}`, lastmod: s.updatedAt })),
  ];
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
