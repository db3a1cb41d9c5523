import { isArticleType } from "../../core/article-types.ts";
import { type Article, toSummary } from "../../core/contracts/content.ts";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { SEARCH_MIN_LENGTH } from "../../core/search.ts";
import { isStoryEligible } from "../../core/story.ts";
import { listArticles, searchArticles } from "../../server/content/articles.ts";
import { listExperts } from "../../server/content/experts.ts";
import { expertIn } from "../../server/content/translations.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import type { Route } from "./+types/knowledge";

/** The hub lists at most this many articles. */
const HUB_ARTICLE_LIMIT = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, articleWords } = context.get(appContext);
  const url = new URL(request.url);
  const rawType = url.searchParams.get("type");
  const type = isArticleType(rawType) ? rawType : null;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const searching = q.length >= SEARCH_MIN_LENGTH;
  const locale = localeOfPath(url.pathname);
  const unfiltered = listArticles(database.db, { limit: HUB_ARTICLE_LIMIT });
  const [articles, everything, experts, results] = await Promise.all([
    type ? listArticles(database.db, { type, limit: HUB_ARTICLE_LIMIT }) : unfiltered,
    unfiltered,
    listExperts(database.db, { featured: true }),
    searching ? searchArticles(database.db, q, undefined, locale) : Promise.resolve(null),
  ]);
  // The grid never shows a story; the story section shows every story, whatever the type filter.
  const stories = everything.filter(isStoryEligible).sort((a, b) => a.id - b.id);
  const { t } = requestTranslator(locale, new Set());
  const summary = (a: Article) => toSummary(articleWords.in(locale, a));
  return {
    head: { title: t("knowledge.meta.title"), description: t("knowledge.meta.description") },
    type,
    q: searching ? q : "",
    articles: articles.filter((a) => !isStoryEligible(a)).map(summary),
    stories: stories.map(summary),
    results: results
      ? results
          .filter((a) => !type || a.articleType === type)
          .map((a) => ({ ...summary(a), story: isStoryEligible(a) }))
      : null,
    experts: experts.map((e) => expertIn(locale, e)),
  };
}
