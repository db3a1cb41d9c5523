import { and, desc, eq, sql } from "drizzle-orm";
import type { BookmarkView } from "../../core/contracts/bookmarks.ts";
import { isStoryEligible } from "../../core/story.ts";
import type { Db } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { articles, bookmarks } from "../db/schema.ts";

const bookmarksOf = perDatabase((db) =>
  db
    .select({
      articleId: articles.id,
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      readingTime: articles.readingTime,
      tags: articles.tags,
      savedAt: bookmarks.createdAt,
    })
    .from(bookmarks)
    .innerJoin(articles, eq(articles.id, bookmarks.articleId))
    .where(eq(bookmarks.userId, sql.placeholder("userId")))
    .orderBy(desc(bookmarks.createdAt), desc(articles.id))
    .prepare("bookmarks_of_user"),
);

/** A customer's reading list, the article saved last first. */
export async function listBookmarks(db: Db, userId: string): Promise<BookmarkView[]> {
  const rows = await bookmarksOf(db).execute({ userId });
  return rows.map(({ tags, savedAt, ...r }) => ({
    ...r,
    href: isStoryEligible({ id: r.articleId, tags }) ? `/story/${r.slug}` : `/knowledge/${r.slug}`,
    savedAt: new Date(savedAt).toISOString(),
  }));
}

/** Saves an article to the list (saving it again changes nothing); false when there is no such article. */
export async function addBookmark(db: Db, userId: string, articleId: number): Promise<boolean> {
  const [article] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, articleId));
  if (!article) return false;
  await db.insert(bookmarks).values({ userId, articleId }).onConflictDoNothing();
  return true;
}

export async function removeBookmark(db: Db, userId: string, articleId: number): Promise<void> {
  await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.articleId, articleId)));
}
