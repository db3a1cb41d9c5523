import { OUTCOME_IDS, type OutcomeId } from "./outcomes.ts";

/**
 * The quiz that builds a personal stack: its questions and the rules from answers to products. Pure: the
 * page, the server and the tests read the same rules. Each product earns points from the answers that
 * speak for it; every answer that earned points is a reason shown beside the product. The recommendation
 * is the products at or above the threshold (at most three, at least the best one), less those the shopper
 * already takes; when they are exactly a curated stack's products, the stack is recommended (its price).
 */

/** The four products by id (content/products.json). */
export const QUIZ_PRODUCTS = { ginseng: 1, restore: 2, ashwagandha: 3, verdant: 4 } as const;
type ProductId = (typeof QUIZ_PRODUCTS)[keyof typeof QUIZ_PRODUCTS];

export const SLEEP = ["well", "falling-asleep", "wake-tired"] as const;
export const ENERGY = ["steady", "afternoon-dip", "low"] as const;
export const STRESS = ["rarely", "sometimes", "often"] as const;
export const TRAINING = ["rarely", "weekly", "often"] as const;
export const FORMAT = ["liquid", "capsule", "either"] as const;

export interface QuizAnswers {
  /** One to three of the five outcomes. */
  goals: OutcomeId[];
  sleep: (typeof SLEEP)[number];
  energy: (typeof ENERGY)[number];
  stress: (typeof STRESS)[number];
  training: (typeof TRAINING)[number];
  /** Products the shopper takes already: never recommended again. */
  takes: ProductId[];
  format: (typeof FORMAT)[number];
}

/** The questions in the order the page asks them, one per screen. */
export const QUIZ_QUESTIONS = ["goals", "sleep", "energy", "stress", "training", "takes", "format"] as const;
export type QuizQuestion = (typeof QUIZ_QUESTIONS)[number];

/** Why a product is recommended: the answer that earned it points (the page words each one). */
export type QuizReason =
  | { kind: "goal"; goal: OutcomeId }
  | { kind: "sleep"; value: QuizAnswers["sleep"] }
  | { kind: "energy"; value: QuizAnswers["energy"] }
  | { kind: "stress"; value: QuizAnswers["stress"] }
  | { kind: "training"; value: QuizAnswers["training"] };

export interface QuizPick {
  productId: number;
  score: number;
  reasons: QuizReason[];
}

export interface QuizResult {
  picks: QuizPick[];
  /** The curated stack whose products are exactly the picks, if any: recommend it at its price. */
  stackId: number | null;
  /** Products left out because the shopper takes them already. */
  alreadyTaken: number[];
}

/** A product counts as recommended from this many points. */
export const QUIZ_THRESHOLD = 3;
export const QUIZ_MAX_PICKS = 3;

const LIQUIDS: readonly number[] = [QUIZ_PRODUCTS.ginseng, QUIZ_PRODUCTS.ashwagandha];

/** What each goal earns each product. */
const GOAL_POINTS: Record<OutcomeId, Partial<Record<ProductId, number>>> = {
  "enhanced-focus": { 1: 3, 4: 1 },
  "all-day-energy": { 4: 3, 1: 2 },
  "stress-resilience": { 3: 3 },
  "deep-sleep": { 2: 3, 3: 1 },
  "muscle-recovery": { 2: 3, 4: 3 },
};

/** What each other answer earns: [product, points] pairs. */
const ANSWER_POINTS = {
  sleep: {
    well: [],
    "falling-asleep": [
      [2, 2],
      [3, 1],
    ],
    "wake-tired": [[2, 2]],
  },
  energy: {
    steady: [],
    "afternoon-dip": [[1, 2]],
    low: [
      [4, 2],
      [1, 1],
    ],
  },
  stress: { rarely: [], sometimes: [[3, 1]], often: [[3, 2]] },
  training: {
    rarely: [],
    weekly: [[4, 1]],
    often: [
      [4, 2],
      [2, 1],
    ],
  },
} as const satisfies Record<string, Record<string, readonly (readonly [ProductId, number])[]>>;

/** The stacks a recommendation can be, by id, with their products (content/stacks.json). */
export interface QuizStack {
  id: number;
  productIds: number[];
}

export function recommend(answers: QuizAnswers, stacks: readonly QuizStack[]): QuizResult {
  const scores = new Map<number, QuizPick>(
    Object.values(QUIZ_PRODUCTS).map((id) => [id, { productId: id, score: 0, reasons: [] }]),
  );
  const earn = (id: number, points: number, reason: QuizReason) => {
    const pick = scores.get(id);
    if (!pick || points <= 0) return;
    pick.score += points;
    if (!pick.reasons.some((r) => JSON.stringify(r) === JSON.stringify(reason))) pick.reasons.push(reason);
  };
  for (const goal of answers.goals)
    for (const [id, points] of Object.entries(GOAL_POINTS[goal]))
      earn(Number(id), points ?? 0, { kind: "goal", goal });
  for (const [id, points] of ANSWER_POINTS.sleep[answers.sleep])
    earn(id, points, { kind: "sleep", value: answers.sleep });
  for (const [id, points] of ANSWER_POINTS.energy[answers.energy])
    earn(id, points, { kind: "energy", value: answers.energy });
  for (const [id, points] of ANSWER_POINTS.stress[answers.stress])
    earn(id, points, { kind: "stress", value: answers.stress });
  for (const [id, points] of ANSWER_POINTS.training[answers.training])
    earn(id, points, { kind: "training", value: answers.training });

  const taken = new Set<number>(answers.takes);
  // The format breaks ties only: half a point, never a reason of its own.
  const rank = (p: QuizPick) =>
    p.score +
    (answers.format === "either"
      ? 0
      : LIQUIDS.includes(p.productId) === (answers.format === "liquid")
        ? 0.5
        : 0);
  const ranked = [...scores.values()]
    .filter((p) => !taken.has(p.productId) && p.score > 0)
    .sort((a, b) => rank(b) - rank(a) || a.productId - b.productId);
  const above = ranked.filter((p) => p.score >= QUIZ_THRESHOLD).slice(0, QUIZ_MAX_PICKS);
  const picks = (above.length > 0 ? above : ranked.slice(0, 1)).sort((a, b) => a.productId - b.productId);
  const ids = picks.map((p) => p.productId).join(",");
  const stack = stacks.find((s) => [...s.productIds].sort((a, b) => a - b).join(",") === ids);
  return {
    picks,
    stackId: picks.length > 1 && stack ? stack.id : null,
    alreadyTaken: Object.values(QUIZ_PRODUCTS).filter((id) => taken.has(id)),
  };
}

/** Whether a value is a complete, well-formed set of answers (the server checks what a page sends). */
export function isQuizAnswers(value: unknown): value is QuizAnswers {
  if (typeof value !== "object" || value === null) return false;
  const a = value as Record<string, unknown>;
  const oneOf = (list: readonly string[], v: unknown) => typeof v === "string" && list.includes(v);
  const ids: readonly number[] = Object.values(QUIZ_PRODUCTS);
  return (
    Array.isArray(a.goals) &&
    a.goals.length >= 1 &&
    a.goals.length <= 3 &&
    new Set(a.goals).size === a.goals.length &&
    a.goals.every((g) => oneOf(OUTCOME_IDS, g)) &&
    oneOf(SLEEP, a.sleep) &&
    oneOf(ENERGY, a.energy) &&
    oneOf(STRESS, a.stress) &&
    oneOf(TRAINING, a.training) &&
    oneOf(FORMAT, a.format) &&
    Array.isArray(a.takes) &&
    new Set(a.takes).size === a.takes.length &&
    a.takes.every((id) => typeof id === "number" && ids.includes(id))
  );
}
