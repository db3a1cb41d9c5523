import Calendar from "lucide-react/icons/calendar";
import Clock from "lucide-react/icons/clock";
import { useEffect, useRef } from "react";
import { DEFAULT_READING_TIME } from "../../core/article-types.ts";
import { localeOfPath, pathInLocale } from "../../core/i18n/locales.ts";
import { ArticleGrid } from "../components/knowledge/article-grid.tsx";
import { useArticleTypeLabel } from "../components/knowledge/article-type-label.ts";
import { BookmarkButton } from "../components/knowledge/bookmark-button.tsx";
import { ContentBlocks } from "../components/knowledge/content-blocks.tsx";
import { ReadAloud } from "../components/knowledge/read-aloud.tsx";
import { RelatedProductCard } from "../components/knowledge/related-product-card.tsx";
import { useTrackEvent } from "../components/knowledge/use-track-event.ts";
import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { StoryReader } from "../components/stories/story-reader.tsx";
import { useLocale, useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/knowledge-article";

export { headers, loader } from "./knowledge-article.server.ts";

const SITE_NAME = "MANA";

/** The article page's head: '{title} | MANA', description, robots, Open Graph, Twitter, article metadata, JSON-LD. */
export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData)
    return [{ title: `Article not found | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const { seo } = loaderData;
  // The page's own address, in its language (docs/decisions/049-languages.md).
  const url = `${seo.origin}${pathInLocale(`/knowledge/${seo.slug}`, localeOfPath(location.pathname))}`;
  const image = seo.image.startsWith("http") ? seo.image : `${seo.origin}${seo.image}`;
  const author = loaderData.kind === "article" ? loaderData.author : null;
  const { imageAlt } = seo;
  return [
    { title: `${seo.title} | ${SITE_NAME}` },
    { name: "description", content: seo.excerpt },
    { name: "robots", content: "index, follow, max-image-preview:large" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "article" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.excerpt },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "675" },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.excerpt },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { property: "article:published_time", content: seo.publishDate },
    { property: "article:modified_time", content: seo.updatedAt },
    { property: "article:section", content: seo.category },
    ...seo.tags.map((tag) => ({ property: "article:tag", content: tag })),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: seo.title,
        description: seo.excerpt,
        image: [image],
        datePublished: seo.publishDate,
        dateModified: seo.updatedAt,
        wordCount: seo.wordCount,
        keywords: seo.tags.join(", "),
        articleSection: seo.category,
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        author: author
          ? { "@type": "Person", name: author.name, ...(author.website ? { url: author.website } : {}) }
          : { "@type": "Organization", name: SITE_NAME },
        publisher: {
          "@type": "Organization",
          name: SITE_NAME,
          logo: { "@type": "ImageObject", url: `${seo.origin}/images/logo-mark.svg` },
        },
      },
    },
  ];
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const typeLabel = useArticleTypeLabel();
  const track = useTrackEvent();
  const articleId = loaderData.kind === "article" ? loaderData.article.id : loaderData.story.id;
  const { mutate } = track;
  // The article's text, for Listen.
  const body = useRef<HTMLDivElement>(null);
  // A view event on load (the server keeps one per visitor per hour).
  useEffect(() => {
    mutate({ articleId, eventType: "view" });
  }, [articleId, mutate]);

  if (loaderData.kind === "story") {
    return (
      <StoryReader
        key={loaderData.story.id}
        story={loaderData.story}
        previous={loaderData.previous}
        next={loaderData.next}
        reference={loaderData.reference}
      />
    );
  }
  const { article, author, recommendations, products, featuredProductIds } = loaderData;
  const onProductOpen = (productId: number) => mutate({ articleId, eventType: "product_click", productId });
  const featured = products.filter((p) => featuredProductIds.includes(p.id));

  return (
    <article className="pb-16">
      <header className="bg-sand">
        <div className="container-shop max-w-6xl py-12 md:py-16">
          <div className="max-w-4xl">
            <nav aria-label={t("knowledge.article.breadcrumb")} className="text-sm">
              <Link to="/knowledge" className="font-medium text-forest underline underline-offset-4">
                {t("knowledge.hub.name")}
              </Link>
              <span className="text-muted" aria-hidden>
                {" "}
                /{" "}
              </span>
              <span className="text-muted">{typeLabel(article.articleType)}</span>
            </nav>
            <h1 className="mt-4 text-4xl md:text-5xl">{article.title}</h1>
            <p className="mt-4 text-xl text-muted">{article.excerpt}</p>
            <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-muted">
              {author ? (
                <span className="inline-flex items-center gap-3">
                  <img
                    src={author.headshotUrl}
                    alt=""
                    width={40}
                    height={40}
                    className="size-10 rounded-full bg-cream"
                  />
                  <span>
                    <span className="font-semibold text-ink">{author.name}</span>, {author.credentials}
                  </span>
                </span>
              ) : null}
              <span className="inline-flex items-center gap-2">
                <Calendar className="size-4" aria-hidden />
                <time dateTime={article.publishDate}>{formatDate(article.publishDate, locale)}</time>
              </span>
              <span className="inline-flex items-center gap-2">
                <Clock className="size-4" aria-hidden />{" "}
                {t("knowledge.minRead", { minutes: article.readingTime || DEFAULT_READING_TIME })}
              </span>
            </div>
            <div className="mt-6 flex flex-wrap gap-3">
              <ReadAloud target={body} />
              <BookmarkButton articleId={article.id} />
            </div>
          </div>
        </div>
      </header>

      <div className="container-shop mt-10 grid max-w-6xl gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 max-w-[68ch]">
          <img
            src={article.featuredImage}
            alt=""
            width={1200}
            height={675}
            // The page's largest picture (its LCP element): fetched before the scripts.
            fetchPriority="high"
            className="mb-10 w-full rounded-card bg-sand shadow-card"
          />
          <div ref={body}>
            <ContentBlocks blocks={article.contentBlocks} products={products} onProductOpen={onProductOpen} />
          </div>
          {article.tags.length > 0 ? (
            <ul className="mt-10 flex flex-wrap gap-2" aria-label={t("knowledge.article.tags")}>
              {article.tags.map((t) => (
                <li key={t} className="rounded-full bg-sand px-3 py-1 text-sm text-forest">
                  #{t}
                </li>
              ))}
            </ul>
          ) : null}
          {author ? (
            <aside
              aria-label={t("knowledge.article.aboutAuthor")}
              className="mt-12 flex gap-5 rounded-card bg-white p-6 shadow-card"
            >
              <img
                src={author.headshotUrl}
                alt={t("knowledge.expert.portrait", { name: author.name })}
                width={80}
                height={80}
                className="size-20 shrink-0 rounded-full bg-sand"
              />
              <div>
                <p className="font-display text-xl text-forest">{author.name}</p>
                <p className="text-sm text-muted">{author.credentials}</p>
                <p className="mt-2 text-base">{author.bio}</p>
              </div>
            </aside>
          ) : null}
        </div>

        {featured.length > 0 ? (
          <aside aria-labelledby="related-products" className="lg:sticky lg:top-24 lg:self-start">
            <h2 id="related-products" className="text-2xl">
              {t("knowledge.article.relatedProducts")}
            </h2>
            <ul className="mt-4 flex flex-col gap-4">
              {featured.map((p) => (
                <li key={p.id}>
                  <RelatedProductCard product={p} onOpen={onProductOpen} compact />
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
      </div>

      <ArticleGrid
        id="recommended"
        title={t("knowledge.article.keepReading")}
        articles={recommendations}
        columns={4}
      />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <RouteErrorPage
      error={error}
      notFound={{ title: t("knowledge.article.notFound"), text: t("knowledge.article.notFoundText") }}
      to="/knowledge"
      linkLabel={t("knowledge.backToHub")}
    />
  );
}
