import type { Article } from "../../core/contracts/content.ts";
import { buildStory, isStoryEligible, type StoryReference, storyReferenceFor } from "../../core/story.ts";
import type { Db } from "../db/client.ts";
import { allArticles } from "./articles.ts";

/**
 * The story built from an article, with the stories before and after it (ordered by id) and the reference
 * data its blocks name. `translate` gives an article in the page's language, `reference` the reference data
 * in it (server/content/translations.ts); both English by default.
 */
export async function storyWithNeighbours(
  db: Db,
  article: Article,
  translate: (a: Article) => Article = (a) => a,
  reference?: StoryReference,
) {
  const stories = (await allArticles(db)).filter(isStoryEligible).sort((a, b) => a.id - b.id);
  const at = stories.findIndex((s) => s.id === article.id);
  const link = (a: Article | undefined) => (a ? { slug: a.slug, title: translate(a).title } : null);
  const story = buildStory(translate(article));
  return {
    story,
    reference: storyReferenceFor(story, reference),
    previous: at > 0 ? link(stories[at - 1]) : null,
    next: at >= 0 ? link(stories[at + 1]) : null,
  };
}
