import type { Article } from "../../core/contracts/content.ts";
import { buildStory, isStoryEligible } from "../../core/story.ts";
import type { Db } from "../db/client.ts";
import { allArticles } from "./articles.ts";

/** The story built from an article, with the stories before and after it (ordered by id). */
export async function storyWithNeighbours(db: Db, article: Article) {
  const stories = (await allArticles(db)).filter(isStoryEligible).sort((a, b) => a.id - b.id);
  const at = stories.findIndex((s) => s.id === article.id);
  const link = (a: Article | undefined) => (a ? { slug: a.slug, title: a.title } : null);
  return {
    story: buildStory(article),
    previous: at > 0 ? link(stories[at - 1]) : null,
    next: at >= 0 ? link(stories[at + 1]) : null,
  };
}
