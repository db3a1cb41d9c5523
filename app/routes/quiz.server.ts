import { localeOfPath } from "../../core/i18n/locales.ts";
import { OUTCOME_IDS, type OutcomeId } from "../../core/outcomes.ts";
import { isStoryEligible } from "../../core/story.ts";
import { listArticles } from "../../server/content/articles.ts";
import { listStacks } from "../../server/content/stacks.ts";
import { productIn, stackIn } from "../../server/content/translations.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import type { Route } from "./+types/quiz";

/** The knowledge hub's tag that speaks of each outcome (content/articles/*.json `tags`). */
const OUTCOME_TAGS: Record<OutcomeId, string> = {
  "enhanced-focus": "focus",
  "all-day-energy": "energy",
  "stress-resilience": "stress",
  "deep-sleep": "sleep",
  "muscle-recovery": "recovery",
};

/**
 * The quiz's page: the same for every shopper (the answers never reach the server unless a signed-in
 * customer saves them, docs/decisions/053-quiz.md). It carries the products, the stacks and the hub's
 * articles by outcome; the browser applies core/quiz.ts's rules to the answers.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { database, catalogue, articleWords } = context.get(appContext);
  const locale = localeOfPath(new URL(request.url).pathname);
  const [products, stacks, articles] = await Promise.all([
    catalogue.list(),
    listStacks(database.db, catalogue),
    listArticles(database.db, { limit: 50 }),
  ]);
  const { t } = requestTranslator(locale, new Set());
  return {
    products: products.map((p) => {
      const own = productIn(locale, p);
      return {
        id: own.id,
        slug: own.slug,
        name: own.name,
        tagline: own.tagline,
        imageUrl: own.imageUrl,
        accent: own.accent,
        subscriptionDiscount: own.subscriptionDiscount,
        inStock: own.inStock,
      };
    }),
    stacks: stacks.map((s) => stackIn(locale, s)),
    // The hub's articles (stories are for children: not here), each with the outcomes its tags speak of.
    reading: articles
      .filter((a) => !isStoryEligible(a))
      .map((a) => {
        const words = articleWords.in(locale, a);
        return {
          slug: a.slug,
          title: words.title,
          featuredProducts: a.featuredProducts,
          outcomes: OUTCOME_IDS.filter((o) => a.tags.includes(OUTCOME_TAGS[o])),
        };
      })
      .filter((a) => a.outcomes.length > 0),
    meta: { title: t("quiz.meta.title"), description: t("quiz.meta.description") },
  };
}
