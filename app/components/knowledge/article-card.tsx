import Clock from "lucide-react/icons/clock";
import { DEFAULT_READING_TIME, hubProductLabels } from "../../../core/article-types.ts";
import type { ArticleSummary } from "../../../core/contracts/content.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { useArticleTypeLabel } from "./article-type-label.ts";

/** What a card needs: the article without its content blocks (the server's type; erased from the bundle). */

/** An article in the hub grid or in recommendations; the whole card is one link. */
export function ArticleCard({
  article,
  href = `/knowledge/${article.slug}`,
  headingLevel = 3,
}: {
  article: ArticleSummary;
  href?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const t = useT();
  const typeLabel = useArticleTypeLabel();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card transition-shadow hover:shadow-lg">
      <img
        src={article.featuredImage}
        alt=""
        width={1200}
        height={675}
        loading="lazy"
        className="aspect-video w-full bg-sand object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="rounded-full bg-sand px-3 py-1 font-semibold text-forest">
            {typeLabel(article.articleType)}
          </span>
          <span className="inline-flex items-center gap-1 text-muted">
            <Clock className="size-4" aria-hidden />
            {t("knowledge.minRead", { minutes: article.readingTime || DEFAULT_READING_TIME })}
          </span>
        </p>
        <Heading className="text-xl">
          <Link to={href} className="after:absolute after:inset-0 after:content-['']">
            {article.title}
          </Link>
        </Heading>
        <p className="line-clamp-3 text-muted">{article.excerpt}</p>
        {article.featuredProducts.length > 0 ? (
          <ul className="mt-auto flex flex-wrap gap-2 pt-2" aria-label={t("knowledge.card.featuredProducts")}>
            {article.featuredProducts.map((id) => (
              <li key={id} className="rounded-full border border-sand-deep px-2.5 py-0.5 text-sm text-ink">
                {hubProductLabels[id] ?? t("knowledge.card.product", { id })}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
