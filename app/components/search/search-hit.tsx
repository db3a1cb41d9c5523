import type { ArticleHit, ProductHit } from "../../../core/contracts/search.ts";
import { useT } from "../../i18n/i18n.tsx";
import { usePrices } from "../../lib/currency.ts";
import { Highlighted } from "./highlighted.tsx";

/** Each result group's heading, by message key. */
export const groupLabels = {
  products: "search.group.products",
  articles: "search.group.articles",
  stories: "search.group.stories",
} as const;

/**
 * One search result's lines, as the header's box (`compact`) and the /search page show them: the box
 * wraps them in an option, the page in a link. `marks` are the words to mark: the query's, and the words
 * its typos were taken for.
 */
export function ProductHitLines({
  hit,
  marks,
  compact,
}: {
  hit: ProductHit;
  marks: string;
  compact?: boolean;
}) {
  const t = useT();
  // The price in the shopper's currency (decision 051), or that the product is not sold in it.
  const prices = usePrices();
  const cents = prices.product(hit.id);
  const size = compact ? 40 : 64;
  return (
    <>
      <img
        src={hit.imageUrl}
        alt=""
        width={size}
        height={size}
        className={
          compact
            ? "size-10 shrink-0 rounded-lg bg-sand object-contain"
            : "size-16 shrink-0 rounded-xl bg-sand object-contain"
        }
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className={compact ? "font-semibold text-ink" : "font-display text-lg text-forest"}>
          <Highlighted text={hit.name} query={marks} />
        </span>
        <span className={compact ? "truncate text-sm text-muted" : "text-muted"}>
          <Highlighted text={hit.tagline} query={marks} />
        </span>
      </span>
      <span className={`font-semibold text-gold tabular-nums${compact ? " text-sm" : ""}`}>
        {cents === null ? t("shop.price.unavailable", { currency: prices.sign }) : prices.format(cents)}
        {hit.inStock ? null : (
          <span className="block text-sm font-normal text-muted">{t("search.hit.outOfStock")}</span>
        )}
      </span>
    </>
  );
}

export function ArticleHitLines({
  hit,
  marks,
  story,
  compact,
}: {
  hit: ArticleHit;
  marks: string;
  story: boolean;
  compact?: boolean;
}) {
  const t = useT();
  const about = t(story ? "search.hit.story" : "search.hit.read", { minutes: hit.readingTime });
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
      <span className={compact ? "font-semibold text-ink" : "font-display text-lg text-forest"}>
        <Highlighted text={hit.title} query={marks} />
      </span>
      <span className={compact ? "truncate text-sm text-muted" : "text-muted"}>
        {compact ? `${about} · ` : null}
        <Highlighted text={hit.excerpt} query={marks} />
      </span>
      {compact ? null : <span className="text-sm text-muted">{about}</span>}
    </span>
  );
}
