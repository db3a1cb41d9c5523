import { Hono } from "hono";
import { SUGGESTION_LIMIT, siteSearchQuery } from "../../core/contracts/search.ts";
import type { AppServices } from "../context.ts";
import { readQuery } from "../http/validate.ts";
import { siteSearch } from "../search/site-search.ts";

/**
 * GET /api/search?q=&lang=: the header's suggestions, a few products, articles and stories, searched and
 * worded in the page's language (English without `lang`).
 */
export function searchApi(services: AppServices) {
  const db = services.database.db;
  return new Hono().get("/", async (c) => {
    const { q, lang } = readQuery(c, siteSearchQuery);
    return c.json(await siteSearch(db, q, SUGGESTION_LIMIT, lang));
  });
}
