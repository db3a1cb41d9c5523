/**
 * The five stack outcomes and the labels the outcome filter shows. Ids are what content/stacks.json
 * stores; `GET /api/content/stacks?outcome=` takes either the id or the label.
 */
export const OUTCOME_IDS = [
  "enhanced-focus",
  "all-day-energy",
  "stress-resilience",
  "deep-sleep",
  "muscle-recovery",
] as const;
export type OutcomeId = (typeof OUTCOME_IDS)[number];

export const outcomeLabels: Record<OutcomeId, string> = {
  "enhanced-focus": "Enhanced focus",
  "all-day-energy": "All-day energy",
  "stress-resilience": "Stress resilience",
  "deep-sleep": "Deep sleep",
  "muscle-recovery": "Muscle recovery",
};

export interface StackOutcome {
  id: OutcomeId;
  label: string;
}

export const stackOutcomes: readonly StackOutcome[] = OUTCOME_IDS.map((id) => ({
  id,
  label: outcomeLabels[id],
}));

/** Finds an outcome by id ('deep-sleep') or label ('Deep sleep'), ignoring case. */
export function findOutcome(value: string): StackOutcome | undefined {
  const v = value.trim().toLowerCase();
  return stackOutcomes.find((o) => o.id === v || o.label.toLowerCase() === v);
}
