import type { ProductContent } from "../../../core/contracts/content.ts";
import { isStoryEligible } from "../../../core/story.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { apiRequest } from "../../lib/api.ts";
import { useQuery } from "../../lib/query.ts";

/** Product detail content: up to 2 research, 2 protocol, 2 stacks, 3 stories, 2 expert insights. */
export function RelatedContent({ productId }: { productId: number }) {
  const t = useT();
  const locale = useLocale();
  const path = `/api/products/${productId}/content${locale === "en" ? "" : `?lang=${locale}`}`;
  const { data } = useQuery({
    queryKey: [path],
    queryFn: () => apiRequest<ProductContent>("GET", path),
  });
  if (!data) return null;
  const stories = data.articles.filter(isStoryEligible).slice(0, 3);
  const byType = (type: string, n: number) =>
    data.articles.filter((a) => !isStoryEligible(a) && a.articleType === type).slice(0, n);
  const groups = [
    {
      title: "shop.related.research",
      items: byType("research", 2).map((a) => ({
        key: a.slug,
        to: `/knowledge/${a.slug}`,
        title: a.title,
        text: a.excerpt,
      })),
    },
    {
      title: "shop.related.protocols",
      items: byType("protocol", 2).map((a) => ({
        key: a.slug,
        to: `/knowledge/${a.slug}`,
        title: a.title,
        text: a.excerpt,
      })),
    },
    {
      title: "shop.related.insights",
      items: byType("expert-insight", 2).map((a) => ({
        key: a.slug,
        to: `/knowledge/${a.slug}`,
        title: a.title,
        text: a.excerpt,
      })),
    },
    {
      title: "shop.related.stacks",
      items: data.stacks
        .slice(0, 2)
        .map((s) => ({ key: s.slug, to: `/stacks/${s.slug}`, title: s.name, text: s.description })),
    },
    {
      title: "shop.related.stories",
      items: stories.map((a) => ({ key: a.slug, to: `/story/${a.slug}`, title: a.title, text: a.excerpt })),
    },
  ].filter((g) => g.items.length > 0);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="container-shop py-12">
      <h2 id="related-title" className="text-2xl">
        {t("shop.related.title")}
      </h2>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        {groups.map((g) => (
          <div key={g.title}>
            <h3 className="font-sans text-sm font-semibold tracking-wider text-gold uppercase">
              {t(g.title)}
            </h3>
            <ul className="mt-3 grid gap-3">
              {g.items.map((i) => (
                <li key={i.key}>
                  <Link to={i.to} className="block rounded-card bg-white p-4 shadow-card hover:bg-sand">
                    <span className="font-display text-lg text-forest">{i.title}</span>
                    <span className="mt-1 block text-sm text-muted">{i.text}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
