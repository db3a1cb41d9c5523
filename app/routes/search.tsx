import Search from "lucide-react/icons/search";
import { Form } from "react-router";
import {
  markedWords,
  RESULT_GROUPS,
  resultCount,
  SITE_SEARCH_MAX_LENGTH,
  SITE_SEARCH_MIN_LENGTH,
} from "../../core/contracts/search.ts";
import { ArticleHitLines, groupLabels, ProductHitLines } from "../components/search/search-hit.tsx";
import { Button } from "../components/ui/button.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link, useLocalePath } from "../i18n/link.tsx";
import type { Route } from "./+types/search";

export { loader } from "./search.server.ts";

// The title comes from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, state, results } = loaderData;
  const total = results ? resultCount(results) : 0;
  const marks = results ? markedWords(results) : "";
  const t = useT();
  const localePath = useLocalePath();
  return (
    <div className="container-shop max-w-4xl py-12 md:py-16">
      <h1 className="text-4xl">
        {state === "results" ? t("search.page.results", { q }) : t("search.page.title")}
      </h1>
      {/* A plain GET form: the page works the same without JavaScript. */}
      <Form method="get" action={localePath("/search")} role="search" className="mt-6 flex gap-3">
        <label htmlFor="search-page-q" className="sr-only">
          {t("search.label")}
        </label>
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id="search-page-q"
            key={q}
            type="search"
            name="q"
            defaultValue={q}
            minLength={SITE_SEARCH_MIN_LENGTH}
            maxLength={SITE_SEARCH_MAX_LENGTH}
            placeholder={t("search.placeholder")}
            className="h-12 w-full rounded-full border border-sand-deep bg-white pr-4 pl-12 text-base text-ink placeholder:text-muted"
          />
        </div>
        <Button type="submit" size="lg">
          {t("search.page.submit")}
        </Button>
      </Form>

      {state === "empty" ? <p className="mt-8 text-lg text-muted">{t("search.page.empty")}</p> : null}
      {state === "too-short" ? (
        <p className="mt-8 text-lg text-muted" role="status">
          {t("search.page.tooShort", { min: SITE_SEARCH_MIN_LENGTH })}
        </p>
      ) : null}
      {results ? (
        <>
          <p className="mt-8 text-muted" role="status">
            {total === 0 ? t("search.page.none", { q }) : t("search.page.count", { count: total, q })}
          </p>
          {total === 0 ? (
            <p className="mt-4">
              <Link to="/knowledge" className="font-semibold text-forest underline underline-offset-4">
                {t("search.page.browse")}
              </Link>
            </p>
          ) : null}
          {RESULT_GROUPS.map(({ key }) => {
            const hits = results[key];
            if (hits.length === 0) return null;
            return (
              <section key={key} aria-labelledby={`results-${key}`} className="mt-10">
                <h2 id={`results-${key}`} className="text-2xl">
                  {t(groupLabels[key])} <span className="text-base text-muted">({hits.length})</span>
                </h2>
                <ul className="mt-4 grid gap-3">
                  {hits.map((hit) => (
                    <li key={hit.id}>
                      <Link
                        to={hit.url}
                        className="flex items-center gap-4 rounded-2xl border border-sand-deep bg-white p-4 hover:border-forest"
                      >
                        {"name" in hit ? (
                          <ProductHitLines hit={hit} marks={marks} />
                        ) : (
                          <ArticleHitLines hit={hit} marks={marks} story={key === "stories"} />
                        )}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </>
      ) : null}
    </div>
  );
}
