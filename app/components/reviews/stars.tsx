import Star from "lucide-react/icons/star";

/** A rating drawn as five stars, read out as "Rated 4 out of 5" (or the label given). */
export function Stars({ rating, label, size = "size-4" }: { rating: number; label?: string; size?: string }) {
  const whole = Math.round(rating);
  return (
    <span role="img" aria-label={label ?? `Rated ${rating} out of 5`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={`${size} ${n <= whole ? "fill-current text-gold" : "text-muted"}`}
          strokeWidth={1.75}
        />
      ))}
    </span>
  );
}
