import BookOpen from "lucide-react/icons/book-open";
import Moon from "lucide-react/icons/moon";
import { useNavigation, useSearchParams } from "react-router";
import { ARTICLE_TYPES } from "../../core/article-types.ts";
import { pathWithoutLocale } from "../../core/i18n/locales.ts";
import { STORY_DEFAULT_READING_TIME } from "../../core/story.ts";
import { ArticleCard } from "../components/knowledge/article-card.tsx";
import { useArticleTypeLabel } from "../components/knowledge/article-type-label.ts";
import { ExpertCard } from "../components/knowledge/expert-card.tsx";
import { SearchBox } from "../components/knowledge/search-box.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import type { Route } from "./+types/knowledge";

export { loader } from "./knowledge.server.ts";

/** The hub fetches 50 articles. */

/** The head's words come in the page's language from the loader. */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.head.title },
  { name: "description", content: loaderData?.head.description },
  { property: "og:title", content: loaderData?.head.title },
  { property: "og:type", content: "website" },
];

export default function KnowledgeHub({ loaderData }: Route.ComponentProps) {
  const { type, q, articles, stories, results, experts } = loaderData;
  const t = useT();
  const typeLabel = useArticleTypeLabel();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy =
    navigation.state === "loading" && pathWithoutLocale(navigation.location.pathname) === "/knowledge";

  const update = (key: "q" | "type", value: string | null) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === "q", preventScrollReset: true },
    );

  return (
    <div className="pb-16">
      <section className="bg-sand">
        <div className="container-shop flex flex-col items-center gap-6 py-16 text-center md:py-20">
          <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-widest text-gold uppercase">
            <BookOpen className="size-4" aria-hidden /> {t("knowledge.hub.name")}
          </p>
          <h1 className="max-w-3xl text-4xl md:text-5xl">{t("knowledge.hub.title")}</h1>
          <p className="max-w-2xl text-lg text-muted">{t("knowledge.hub.intro")}</p>
          <SearchBox initial={q} onSearch={(value) => update("q", value || null)} />
        </div>
      </section>

      <div className="container-shop">
        <nav aria-label={t("knowledge.hub.types")} className="mt-10">
          <ul className="flex flex-wrap justify-center gap-3">
            {ARTICLE_TYPES.map((option) => {
              const active = type === option;
              return (
                <li key={option}>
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() => update("type", active ? null : option)}
                    className={`min-h-11 rounded-full border px-5 text-sm font-semibold transition-colors ${
                      active
                        ? "border-forest bg-forest text-cream"
                        : "border-sand-deep bg-white text-forest hover:border-forest"
                    }`}
                  >
                    {typeLabel(option)}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>

        {experts.length > 0 && !results ? (
          <section aria-labelledby="experts-heading" className="mt-16">
            <h2 id="experts-heading" className="text-3xl">
              {t("knowledge.experts.title")}
            </h2>
            <p className="mt-2 text-muted">{t("knowledge.experts.intro")}</p>
            <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
              {experts.map((e) => (
                <li key={e.id}>
                  <ExpertCard expert={e} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="articles-heading" aria-busy={busy} className="mt-16">
          {results ? (
            <>
              <h2 id="articles-heading" className="text-3xl">
                {t("knowledge.results.title", { query: q })}
              </h2>
              {results.length === 0 ? (
                <div className="mt-8 rounded-card bg-sand p-10 text-center" role="status">
                  <p className="font-display text-2xl text-forest">{t("knowledge.results.none")}</p>
                  <p className="mt-2 text-muted">{t("knowledge.results.noneHint")}</p>
                </div>
              ) : (
                <>
                  <p className="mt-2 text-muted" role="status">
                    {t("knowledge.results.count", { count: results.length })}
                  </p>
                  <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
                    {results.map((a) => (
                      <li key={a.id}>
                        <ArticleCard article={a} href={a.story ? `/story/${a.slug}` : undefined} />
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          ) : (
            <>
              <h2 id="articles-heading" className="text-3xl">
                {type ? typeLabel(type) : t("knowledge.latest")}
              </h2>
              {articles.length === 0 ? (
                <div className="mt-8 rounded-card bg-sand p-10 text-center" role="status">
                  <p className="font-display text-2xl text-forest">{t("knowledge.empty")}</p>
                </div>
              ) : (
                <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
                  {articles.map((a) => (
                    <li key={a.id}>
                      <ArticleCard article={a} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>

        {!results && stories.length > 0 ? (
          <section aria-labelledby="stories-heading" className="mt-20 rounded-card bg-restore/5 p-6 md:p-10">
            <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-widest text-restore uppercase">
              <Moon className="size-4" aria-hidden /> {t("knowledge.stories.eyebrow")}
            </p>
            <h2 id="stories-heading" className="mt-2 text-3xl">
              {t("knowledge.stories.title")}
            </h2>
            <p className="mt-2 max-w-2xl text-muted">{t("knowledge.stories.intro")}</p>
            <ol className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {stories.map((s, i) => (
                <li
                  key={s.id}
                  className="group relative flex flex-col overflow-hidden rounded-card bg-white shadow-card"
                >
                  <img
                    src={s.featuredImage}
                    alt=""
                    width={1200}
                    height={675}
                    loading="lazy"
                    className="aspect-video w-full bg-sand object-cover"
                  />
                  <div className="flex flex-1 flex-col gap-2 p-6">
                    <p className="text-sm font-semibold text-restore">
                      {t("knowledge.stories.position", { number: i + 1, total: stories.length })}
                      <span className="font-normal text-muted">
                        {" "}
                        {t("knowledge.stories.minutes", {
                          minutes: s.readingTime || STORY_DEFAULT_READING_TIME,
                        })}
                      </span>
                    </p>
                    <h3 className="text-xl">
                      <Link
                        to={`/story/${s.slug}`}
                        className="after:absolute after:inset-0 after:content-['']"
                      >
                        {s.title}
                      </Link>
                    </h3>
                    <p className="line-clamp-3 text-muted">{s.excerpt}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </div>
    </div>
  );
}
