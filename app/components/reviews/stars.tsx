import { useT } from "../../i18n/i18n.tsx";

/** One star's outline (24 × 24), drawn here rather than taken from the icon set: cards on every page use it. */
const STAR = "12 2 15.09 8.26 22 9.27 17 14.14 18.18 21.02 12 17.77 5.82 21.02 7 14.14 2 9.27 8.91 8.26";

/** A rating drawn as five stars, read out as "Rated 4 out of 5" (or the label given). */
export function Stars({ rating, label, size = "size-4" }: { rating: number; label?: string; size?: string }) {
  const t = useT();
  const whole = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={label ?? t("shop.reviews.rated", { rating })}
      className="inline-flex gap-0.5"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          aria-hidden
          viewBox="0 0 24 24"
          fill={n <= whole ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth={1.75}
          strokeLinejoin="round"
          className={`${size} ${n <= whole ? "text-gold" : "text-muted"}`}
        >
          <polygon points={STAR} />
        </svg>
      ))}
    </span>
  );
}
