import ArrowLeft from "lucide-react/icons/arrow-left";
import { ArticleGrid } from "../components/knowledge/article-grid.tsx";
import { OutcomeChip } from "../components/stacks/outcome-icon.tsx";
import { StackBadges, StackButtons, StackFooter, StackPrice } from "../components/stacks/stack-card.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { stackFiguresOf, usePrices } from "../lib/currency.ts";
import type { Route } from "./+types/stacks-detail";

export { loader } from "./stacks-detail.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.stack.name} | MANA` },
        { name: "description", content: loaderData.stack.description },
        { property: "og:title", content: loaderData.stack.name },
        { property: "og:type", content: "product.group" },
      ]
    : [{ title: "404 Page Not Found | MANA" }];

export default function StackDetail({ loaderData }: Route.ComponentProps) {
  const { stack, reading } = loaderData;
  const t = useT();
  // Every price in the shopper's currency (decision 051).
  const prices = usePrices();
  const figures = stackFiguresOf(stack, prices);
  return (
    <div className="pb-16">
      <div className="container-shop pt-8">
        <Link
          to="/stacks"
          className="inline-flex min-h-11 items-center gap-2 font-medium text-forest underline underline-offset-4"
        >
          <ArrowLeft className="size-4" aria-hidden /> {t("stacks.detail.back")}
        </Link>
      </div>
      <div className="container-shop mt-6 grid gap-12 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div>
          <StackBadges stack={stack} />
          <h1 className="mt-4 text-4xl md:text-5xl">{stack.name}</h1>
          <p className="mt-4 text-xl text-muted">{stack.description}</p>
          <ul className="mt-6 flex flex-wrap gap-2" aria-label={t("stacks.card.outcomes")}>
            {stack.targetOutcomes.map((o) => (
              <li key={o}>
                <OutcomeChip outcome={o} />
              </li>
            ))}
          </ul>
          <section aria-labelledby="how" className="mt-12">
            <h2 id="how" className="text-2xl">
              {t("stacks.card.howItWorks")}
            </h2>
            <p className="mt-3 max-w-[68ch] text-lg leading-relaxed">{stack.synergyExplanation}</p>
          </section>
          <section aria-labelledby="includes" className="mt-12">
            <h2 id="includes" className="text-2xl">
              {t("stacks.card.includes", { count: stack.productCombination.length })}
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2">
              {stack.productCombination.map((p) => (
                <li key={p.id} className="flex gap-4 rounded-card bg-white p-5 shadow-card">
                  <img
                    src={p.imageUrl}
                    alt=""
                    width={96}
                    height={96}
                    className="size-24 shrink-0 rounded-xl bg-sand"
                  />
                  <div>
                    <h3 className="text-lg">
                      <Link to={`/products/${p.slug}`} className="underline-offset-4 hover:underline">
                        {p.name}
                      </Link>
                    </h3>
                    <p className="text-sm text-muted">{p.tagline}</p>
                    <p className="mt-1 text-sm">
                      <span className="font-semibold text-gold">
                        {prices.product(p.id) === null
                          ? t("shop.price.unavailable", { currency: prices.sign })
                          : prices.format(prices.product(p.id) ?? 0)}
                      </span>{" "}
                      <span className="text-muted">{t("stacks.card.supply")}</span>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <aside
          aria-label={t("stacks.detail.priceLabel")}
          className="flex flex-col gap-5 self-start rounded-card bg-white p-6 shadow-card lg:sticky lg:top-24"
        >
          <StackPrice stack={stack} />
          {figures ? (
            <p className="text-sm text-muted">
              {t("stacks.detail.save", {
                percent: figures.discountPercent,
                savings: prices.format(figures.savingsCents),
              })}
            </p>
          ) : null}
          <StackButtons stack={stack} showDetails={false} />
          <StackFooter stack={stack} />
        </aside>
      </div>
      <ArticleGrid id="reading" title={t("stacks.detail.reading")} articles={reading} columns={3} />
    </div>
  );
}
