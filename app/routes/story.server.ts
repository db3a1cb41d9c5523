import { data, redirect } from "react-router";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { isStoryEligible } from "../../core/story.ts";
import { articleBySlug } from "../../server/content/articles.ts";
import { storyWithNeighbours } from "../../server/content/stories.ts";
import { storyReferenceIn } from "../../server/content/translations.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/story";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { database, articleWords } = context.get(appContext);
  const article = params.slug.length <= 200 ? await articleBySlug(database.db, params.slug) : undefined;
  if (!article) throw data("Story Not Found", { status: 404 });
  // An article that is not eligible as a story is read on its own page.
  if (!isStoryEligible(article)) throw redirect(`/knowledge/${article.slug}`);
  const locale = localeOfPath(new URL(request.url).pathname);
  return storyWithNeighbours(
    database.db,
    article,
    (a) => articleWords.in(locale, a),
    storyReferenceIn(locale),
  );
}
