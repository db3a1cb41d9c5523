import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import {
  ARTICLE_LIMIT_DEFAULT,
  articlesQuery,
  contentId,
  contentSlug,
  expertsQuery,
  recommendationsQuery,
  searchQuery,
  stacksQuery,
  trackBody,
} from "../../core/contracts/content-queries.ts";
import { SEARCH_MIN_LENGTH } from "../../core/search.ts";
import { countViews, recordEvent, visitorCookieRemovals, visitorKey } from "../content/analytics.ts";
import {
  articleById,
  articleBySlug,
  articleCategories,
  listArticles,
  recommendFor,
  searchArticles,
} from "../content/articles.ts";
import { expertById, listExperts } from "../content/experts.ts";
import { listStacks, stackBySlug } from "../content/stacks.ts";
import type { AppServices } from "../context.ts";
import { InvalidInput, notFound } from "../domain-errors.ts";
import { parseWith, readJsonBody, readQuery } from "../http/validate.ts";

function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}

/** The content calls under /api/content: articles, experts, search, recommendations, analytics, stacks. */
export function contentApi(services: AppServices) {
  const db = services.database.db;
  return new Hono()
    .get("/articles", async (c) => {
      const q = readQuery(c, articlesQuery);
      // Children's stories are articles too: the list includes them and the hub page splits them out
      // with the shared isStoryEligible rule (grid without them, story section with them).
      return c.json(await listArticles(db, { type: q.type, limit: q.limit ?? ARTICLE_LIMIT_DEFAULT }));
    })
    .get("/articles/:slug", async (c) => {
      const s = parseWith(contentSlug, c.req.param("slug"), "slug");
      const article = await articleBySlug(db, s);
      if (!article) throw notFound("Article not found");
      return c.json(article);
    })
    .get("/experts", async (c) => {
      const q = readQuery(c, expertsQuery);
      return c.json(await listExperts(db, { featured: q.featured === "true" }));
    })
    .get("/experts/:id", async (c) => {
      const expertId = parseWith(contentId, c.req.param("id"), "expert id");
      const expert = await expertById(db, expertId);
      if (!expert) throw notFound("Expert not found");
      return c.json(expert);
    })
    .get("/categories", async (c) => {
      return c.json(await articleCategories(db));
    })
    .get("/search", async (c) => {
      const query = readQuery(c, searchQuery);
      const q = query.q.trim();
      if (q.length < SEARCH_MIN_LENGTH) return c.json([]);
      const found = await searchArticles(db, q, undefined, query.lang);
      return c.json(query.lang === "en" ? found : found.map((a) => services.articleWords.in(query.lang, a)));
    })
    .get("/recommendations", async (c) => {
      const { articleId } = readQuery(c, recommendationsQuery);
      const article = await articleById(db, articleId);
      if (!article) throw notFound("Article not found");
      return c.json(await recommendFor(db, article));
    })
    .get("/analytics/articles/:id", async (c) => {
      const articleId = parseWith(contentId, c.req.param("id"), "article id");
      if (!(await articleById(db, articleId))) throw notFound("Article not found");
      return c.json({ articleId, views: await countViews(db, articleId) });
    })
    .post("/analytics/track", async (c) => {
      const event = await readJsonBody(c, trackBody);
      if (!(await articleById(db, event.articleId))) throw notFound("Article not found");
      if (event.eventType === "product_click" && !(await services.catalogue.byId(event.productId))) {
        throw new InvalidInput("invalid_input", "Invalid request body: productId: unknown product");
      }
      const key = visitorKey({ ip: clientIp(c), userAgent: c.req.header("user-agent") ?? "" });
      // No cookie counts a reader (decision 045); one left from before is dropped.
      for (const removal of visitorCookieRemovals(c.req.header("cookie")))
        c.header("Set-Cookie", removal, { append: true });
      const recorded = await recordEvent(db, event, key);
      return c.json({ recorded }, 202);
    })
    .get("/stacks", async (c) => {
      const { outcome } = readQuery(c, stacksQuery);
      return c.json(await listStacks(db, services.catalogue, outcome));
    })
    .get("/stacks/:slug", async (c) => {
      const s = parseWith(contentSlug, c.req.param("slug"), "slug");
      const stack = await stackBySlug(db, services.catalogue, s);
      if (!stack) throw notFound("Stack not found");
      return c.json(stack);
    });
}
