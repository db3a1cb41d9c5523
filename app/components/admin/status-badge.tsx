/** A dashboard status in words, outlined in a colour that says the same (never by colour alone). */
export function StatusBadge({
  tone,
  children,
}: {
  tone: "good" | "warn" | "bad" | "plain";
  children: string;
}) {
  const colour = {
    good: "border-verdant text-verdant",
    warn: "border-gold text-gold",
    bad: "border-danger text-danger",
    plain: "border-sand-deep text-muted",
  }[tone];
  return (
    <span
      className={`inline-flex items-center rounded-full border-2 bg-white px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${colour}`}
    >
      {children}
    </span>
  );
}
