/**
 * The five stack outcomes (spec point 9, "Outcome filters"), each with the label the filter shows, an
 * icon name and its colours. Ids are what content/stacks.json stores; labels are what the spec's
 * `GET /api/content/stacks?outcome=` sends, so the API accepts either.
 */
export const stackOutcomes = [
  { id: "enhanced-focus", label: "Enhanced focus", icon: "brain", text: "text-verdant", bg: "bg-verdant/10" },
  { id: "all-day-energy", label: "All-day energy", icon: "zap", text: "text-ginseng", bg: "bg-ginseng/10" },
  {
    id: "stress-resilience",
    label: "Stress resilience",
    icon: "shield",
    text: "text-ashwagandha",
    bg: "bg-ashwagandha/10",
  },
  { id: "deep-sleep", label: "Deep sleep", icon: "moon", text: "text-restore", bg: "bg-restore/10" },
  {
    id: "muscle-recovery",
    label: "Muscle recovery",
    icon: "dumbbell",
    text: "text-forest",
    bg: "bg-forest/10",
  },
] as const;

export type StackOutcome = (typeof stackOutcomes)[number];
export type OutcomeId = StackOutcome["id"];

/** Finds an outcome by id ('deep-sleep') or label ('Deep sleep'), ignoring case. */
export function findOutcome(value: string): StackOutcome | undefined {
  const v = value.trim().toLowerCase();
  return stackOutcomes.find((o) => o.id === v || o.label.toLowerCase() === v);
}
