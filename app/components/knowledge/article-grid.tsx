import { ArticleCard } from "./article-card.tsx";

type Article = Parameters<typeof ArticleCard>[0]["article"];

/** A titled grid of article cards (recommendations, further reading); nothing when there are none. */
export function ArticleGrid({
  id,
  title,
  articles,
  columns,
}: {
  id: string;
  title: string;
  articles: Article[];
  columns: 3 | 4;
}) {
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby={id} className="container-shop mt-20">
      <h2 id={id} className="text-3xl">
        {title}
      </h2>
      <ul className={`mt-8 grid gap-8 sm:grid-cols-2 ${columns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
        {articles.map((a) => (
          <li key={a.id}>
            <ArticleCard article={a} />
          </li>
        ))}
      </ul>
    </section>
  );
}
