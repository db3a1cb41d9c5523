import { type Context, Hono } from "hono";
import { z } from "zod";
import type { ReadingList } from "../../core/contracts/bookmarks.ts";
import { addBookmark, listBookmarks, removeBookmark } from "../content/bookmarks.ts";
import type { AppServices } from "../context.ts";
import { notFound } from "../domain-errors.ts";
import { requireUser } from "../http/require-user.ts";

const articleIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The reading list under /api/bookmarks: the signed-in customer's own saved articles.
 *   GET / (a guest gets an empty list, signedIn false) · PUT /:articleId · DELETE /:articleId
 */
export function bookmarksApi(services: AppServices) {
  const db = services.database.db;

  const signedIn = requireUser(services, "Please sign in to save articles to your reading list.");
  const articleIdOf = (c: Context) => {
    const id = articleIdParam.safeParse(c.req.param("articleId"));
    if (!id.success) throw notFound("Article not found.");
    return id.data;
  };

  return new Hono()
    .get("/", async (c) => {
      const user = await services.identity.getUser(c.req.raw.headers);
      const list: ReadingList = user
        ? { signedIn: true, bookmarks: await listBookmarks(db, user.id) }
        : { signedIn: false, bookmarks: [] };
      return c.json(list);
    })
    .put("/:articleId", signedIn, async (c) => {
      const { user } = c.var;
      if (!(await addBookmark(db, user.id, articleIdOf(c)))) throw notFound("Article not found.");
      return c.json({ signedIn: true, bookmarks: await listBookmarks(db, user.id) } satisfies ReadingList);
    })
    .delete("/:articleId", signedIn, async (c) => {
      const { user } = c.var;
      await removeBookmark(db, user.id, articleIdOf(c));
      return c.json({ signedIn: true, bookmarks: await listBookmarks(db, user.id) } satisfies ReadingList);
    });
}
