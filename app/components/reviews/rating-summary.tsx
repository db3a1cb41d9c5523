import type { RatingSummary as Summary } from "../../../core/contracts/reviews.ts";
import { formatAverage } from "../../../core/rating.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { Stars } from "./stars.tsx";

/** Average to one decimal, the count, and a bar per star (5 to 1) with its count. */
export function RatingSummary({ summary }: { summary: Summary }) {
  const t = useT();
  const locale = useLocale();
  if (summary.average === null) return null;
  const average = formatAverage(summary.average, locale);
  return (
    <div className="grid gap-3 rounded-card bg-sand p-5 sm:max-w-sm">
      <p className="flex items-center gap-3">
        <span className="font-display text-4xl">{average}</span>
        <span className="grid gap-1">
          <Stars rating={summary.average} label={t("shop.reviews.average", { average })} />
          <span className="text-sm text-muted">{t("shop.reviews.basedOn", { count: summary.count })}</span>
        </span>
      </p>
      <ul className="grid gap-1.5 text-sm" aria-label={t("shop.reviews.perRating")}>
        {summary.stars.map(({ stars, count }) => (
          <li key={stars} className="grid grid-cols-[4.5rem_1fr_2rem] items-center gap-2">
            <span>{t("shop.reviews.stars", { count: stars })}</span>
            <span aria-hidden className="h-2 overflow-hidden rounded-full bg-cream">
              <span
                className="block h-full rounded-full bg-gold"
                style={{ width: `${summary.count ? (count / summary.count) * 100 : 0}%` }}
              />
            </span>
            <span className="text-right tabular-nums">
              {count}
              <span className="sr-only"> {t("shop.reviews.reviewsWord", { count })}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
