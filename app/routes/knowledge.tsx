import BookOpen from "lucide-react/icons/book-open";
import Moon from "lucide-react/icons/moon";
import { useNavigation, useSearchParams } from "react-router";
import { ARTICLE_TYPES, articleTypeLabels } from "../../core/article-types.ts";
import { STORY_DEFAULT_READING_TIME } from "../../core/story.ts";
import { ArticleCard } from "../components/knowledge/article-card.tsx";
import { ExpertCard } from "../components/knowledge/expert-card.tsx";
import { SearchBox } from "../components/knowledge/search-box.tsx";
import { Link } from "../i18n/link.tsx";
import type { Route } from "./+types/knowledge";

export { loader } from "./knowledge.server.ts";

/** The hub fetches 50 articles. */

export const meta: Route.MetaFunction = () => [
  { title: "Knowledge Hub | MANA" },
  {
    name: "description",
    content:
      "Research summaries, daily protocols, real stories and expert insight on Korean ginseng, ashwagandha, magnesium and greens, plus bedtime stories for children.",
  },
  { property: "og:title", content: "Knowledge Hub | MANA" },
  { property: "og:type", content: "website" },
];

export default function KnowledgeHub({ loaderData }: Route.ComponentProps) {
  const { type, q, articles, stories, results, experts } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/knowledge";

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
            <BookOpen className="size-4" aria-hidden /> Knowledge Hub
          </p>
          <h1 className="max-w-3xl text-4xl md:text-5xl">Science and ancestral wisdom, explained</h1>
          <p className="max-w-2xl text-lg text-muted">
            Research summaries, daily protocols and real stories from people who use MANA, written with our
            experts and checked against the sources.
          </p>
          <SearchBox initial={q} onSearch={(value) => update("q", value || null)} />
        </div>
      </section>

      <div className="container-shop">
        <nav aria-label="Article types" className="mt-10">
          <ul className="flex flex-wrap justify-center gap-3">
            {ARTICLE_TYPES.map((t) => {
              const active = type === t;
              return (
                <li key={t}>
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() => update("type", active ? null : t)}
                    className={`min-h-11 rounded-full border px-5 text-sm font-semibold transition-colors ${
                      active
                        ? "border-forest bg-forest text-cream"
                        : "border-sand-deep bg-white text-forest hover:border-forest"
                    }`}
                  >
                    {articleTypeLabels[t]}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>

        {experts.length > 0 && !results ? (
          <section aria-labelledby="experts-heading" className="mt-16">
            <h2 id="experts-heading" className="text-3xl">
              Featured experts
            </h2>
            <p className="mt-2 text-muted">
              The scientists and practitioners who write and review our articles.
            </p>
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
                Results for “{q}”
              </h2>
              {results.length === 0 ? (
                <div className="mt-8 rounded-card bg-sand p-10 text-center" role="status">
                  <p className="font-display text-2xl text-forest">No results found</p>
                  <p className="mt-2 text-muted">Try adjusting your search terms</p>
                </div>
              ) : (
                <>
                  <p className="mt-2 text-muted" role="status">
                    {results.length} {results.length === 1 ? "article" : "articles"} found
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
                {type ? articleTypeLabels[type] : "Latest articles"}
              </h2>
              {articles.length === 0 ? (
                <div className="mt-8 rounded-card bg-sand p-10 text-center" role="status">
                  <p className="font-display text-2xl text-forest">No articles available</p>
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
              <Moon className="size-4" aria-hidden /> For children
            </p>
            <h2 id="stories-heading" className="mt-2 text-3xl">
              Bedtime stories
            </h2>
            <p className="mt-2 max-w-2xl text-muted">
              Gentle tales of ancient teachers, patient plant hunters and a king who gave his people letters,
              personalised with your child's name. For ages 5-10.
            </p>
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
                      Story {i + 1} of {stories.length}
                      <span className="font-normal text-muted">
                        {" "}
                        · {s.readingTime || STORY_DEFAULT_READING_TIME} min
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
