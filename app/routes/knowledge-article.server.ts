import { data } from "react-router";
import { toSummary } from "../../core/contracts/content.ts";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { isStoryEligible } from "../../core/story.ts";
import { articleBySlug, recommendFor } from "../../server/content/articles.ts";
import { expertById } from "../../server/content/experts.ts";
import { storyWithNeighbours } from "../../server/content/stories.ts";
import { expertIn, productIn, storyReferenceIn } from "../../server/content/translations.ts";
import { requestHost, shopOrigin } from "../../server/http/shop-origin.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import type { Route } from "./+types/knowledge-article";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const db = services.database.db;

  const english = params.slug.length <= 200 ? await articleBySlug(db, params.slug) : undefined;
  if (!english) throw data("Article not found", { status: 404 });
  const origin = shopOrigin(services.env, requestHost(request), "page");
  const locale = localeOfPath(new URL(request.url).pathname);
  const translate = <A extends { slug: string }>(a: A) => services.articleWords.in(locale, a);
  const article = translate(english);
  const { t } = requestTranslator(locale, new Set());
  // No cookie here: the page is the same for every anonymous visitor and is cached (decision 003). The
  // view-tracking call issues the anonymous visitor cookie (server/api/content.ts).
  const seo = {
    origin,
    title: article.title,
    excerpt: article.excerpt,
    slug: article.slug,
    image: article.featuredImage,
    publishDate: article.publishDate,
    updatedAt: article.updatedAt,
    tags: article.tags,
    category: article.category,
    wordCount: article.wordCount,
    imageAlt: t("knowledge.meta.imageAlt", { title: article.title }),
  };

  if (isStoryEligible(article)) {
    const story = await storyWithNeighbours(db, english, translate, storyReferenceIn(locale));
    return data({ kind: "story" as const, seo, ...story });
  }
  const [author, recommendations, products] = await Promise.all([
    article.expertAuthorId ? expertById(db, article.expertAuthorId) : Promise.resolve(undefined),
    recommendFor(db, article),
    services.catalogue.list(),
  ]);
  const mentioned = new Set([
    ...article.featuredProducts,
    ...article.contentBlocks.flatMap((b) => (b.type === "product-card" ? [b.productId] : [])),
  ]);
  return data({
    kind: "article" as const,
    seo,
    article,
    author: author ? expertIn(locale, author) : null,
    recommendations: recommendations.map(translate).map(toSummary),
    products: products
      .filter((p) => mentioned.has(p.id))
      .map((p) => productIn(locale, p))
      .map(({ id, slug, name, tagline, price, imageUrl, packageSize }) => ({
        id,
        slug,
        name,
        tagline,
        price,
        imageUrl,
        packageSize,
      })),
    featuredProductIds: article.featuredProducts,
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}
