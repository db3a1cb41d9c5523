import { data } from "react-router";
import { toSummary } from "../../core/contracts/content.ts";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { isStoryEligible } from "../../core/story.ts";
import { listArticles } from "../../server/content/articles.ts";
import { stackBySlug } from "../../server/content/stacks.ts";
import { stackIn } from "../../server/content/translations.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/stacks-detail";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { database, catalogue, articleWords } = context.get(appContext);
  const locale = localeOfPath(new URL(request.url).pathname);
  const stack =
    params.slug.length <= 200 ? await stackBySlug(database.db, catalogue, params.slug) : undefined;
  if (!stack) throw data(null, { status: 404 });
  const ids = new Set(stack.productCombination.map((p) => p.id));
  const reading = (await listArticles(database.db, { limit: 50 }))
    .filter((a) => !isStoryEligible(a) && a.featuredProducts.some((p) => ids.has(p)))
    .sort((a, b) => Number(b.articleType === "wellness-stack") - Number(a.articleType === "wellness-stack"))
    .slice(0, 3)
    .map((a) => toSummary(articleWords.in(locale, a)));
  return { stack: stackIn(locale, stack), reading };
}
