import fc from "fast-check";
import { describe, expect, it } from "vitest";
import stacksFile from "../content/stacks.json" with { type: "json" };
import { OUTCOME_IDS } from "./outcomes.ts";
import {
  ENERGY,
  FORMAT,
  isQuizAnswers,
  QUIZ_MAX_PICKS,
  type QuizAnswers,
  recommend,
  SLEEP,
  STRESS,
  TRAINING,
} from "./quiz.ts";

const stacks = stacksFile.map((s) => ({ id: s.id, productIds: s.productIds }));
const neutral: QuizAnswers = {
  goals: [],
  sleep: "well",
  energy: "steady",
  stress: "rarely",
  training: "rarely",
  takes: [],
  format: "either",
};
const ask = (answers: Partial<QuizAnswers>) => recommend({ ...neutral, ...answers }, stacks);
const ids = (answers: Partial<QuizAnswers>) => ask(answers).picks.map((p) => p.productId);

describe("the quiz's recommendation", () => {
  it("gives each goal alone its product, and muscle recovery its stack", () => {
    expect(ids({ goals: ["enhanced-focus"] })).toEqual([1]);
    expect(ids({ goals: ["all-day-energy"] })).toEqual([4]);
    expect(ids({ goals: ["stress-resilience"] })).toEqual([3]);
    expect(ids({ goals: ["deep-sleep"] })).toEqual([2]);
    expect(ask({ goals: ["muscle-recovery"] })).toMatchObject({ stackId: 5 });
  });

  it("recommends the curated stack whose products are exactly the picks", () => {
    expect(ask({ goals: ["enhanced-focus", "stress-resilience"] }).stackId).toBe(2);
    expect(ask({ goals: ["deep-sleep", "stress-resilience"] }).stackId).toBe(3);
    expect(ask({ goals: ["enhanced-focus", "all-day-energy"] }).stackId).toBe(4);
    expect(ask({ goals: ["all-day-energy", "stress-resilience", "deep-sleep"] })).toMatchObject({
      stackId: 6,
    });
    expect(ask({ goals: ["enhanced-focus"] }).stackId).toBeNull();
  });

  it("ties each pick to the answers that earned it", () => {
    const result = ask({ goals: ["deep-sleep"], sleep: "wake-tired", stress: "often" });
    const restore = result.picks.find((p) => p.productId === 2);
    expect(restore?.reasons).toEqual([
      { kind: "goal", goal: "deep-sleep" },
      { kind: "sleep", value: "wake-tired" },
    ]);
    const ashwagandha = result.picks.find((p) => p.productId === 3);
    expect(ashwagandha?.reasons).toEqual([
      { kind: "goal", goal: "deep-sleep" },
      { kind: "stress", value: "often" },
    ]);
  });

  it("lets the other answers bring in a product without its goal", () => {
    expect(ids({ goals: ["enhanced-focus"], energy: "low", training: "often" })).toEqual([1, 4]);
    expect(ask({ goals: ["enhanced-focus"], stress: "often", sleep: "falling-asleep" })).toMatchObject({
      picks: [{ productId: 1 }, { productId: 3 }],
      stackId: 2,
    });
  });

  it("never recommends what the shopper takes already, and says so", () => {
    const result = ask({ goals: ["enhanced-focus", "stress-resilience"], takes: [3] });
    expect(result.picks.map((p) => p.productId)).toEqual([1]);
    expect(result.alreadyTaken).toEqual([3]);
    expect(ask({ goals: ["stress-resilience"], takes: [3] }).picks).toEqual([]);
  });

  it("breaks a tie by the preferred form, liquid or capsule", () => {
    const tie: Partial<QuizAnswers> = { goals: ["all-day-energy", "enhanced-focus", "muscle-recovery"] };
    expect(ids({ ...tie, takes: [4], format: "liquid" })).toEqual([1, 2]);
    expect(ids({ goals: ["muscle-recovery"], takes: [], format: "capsule" })).toEqual([2, 4]);
  });

  it("holds its rules for every set of answers", () => {
    const answers = fc.record({
      goals: fc.uniqueArray(fc.constantFrom(...OUTCOME_IDS), { minLength: 1, maxLength: 3 }),
      sleep: fc.constantFrom(...SLEEP),
      energy: fc.constantFrom(...ENERGY),
      stress: fc.constantFrom(...STRESS),
      training: fc.constantFrom(...TRAINING),
      takes: fc.uniqueArray(fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const), {
        maxLength: 4,
      }),
      format: fc.constantFrom(...FORMAT),
    });
    fc.assert(
      fc.property(answers, (a) => {
        expect(isQuizAnswers(a)).toBe(true);
        const result = recommend(a, stacks);
        expect(result.picks.length).toBeLessThanOrEqual(QUIZ_MAX_PICKS);
        // Nothing to recommend only when what the answers point to is taken already.
        if (result.picks.length === 0) expect(result.alreadyTaken.length).toBeGreaterThan(0);
        for (const p of result.picks) {
          expect(a.takes).not.toContain(p.productId);
          expect(p.reasons.length).toBeGreaterThan(0);
        }
        if (result.stackId !== null) {
          const stack = stacks.find((s) => s.id === result.stackId);
          expect([...(stack?.productIds ?? [])].sort()).toEqual(result.picks.map((p) => p.productId));
        }
      }),
    );
  });
});

describe("the quiz's answers as the server checks them", () => {
  const good = { ...neutral, goals: ["deep-sleep"] };
  it("takes a complete set", () => expect(isQuizAnswers(good)).toBe(true));
  it.each([
    ["no goal", { ...good, goals: [] }],
    ["four goals", { ...good, goals: ["deep-sleep", "enhanced-focus", "all-day-energy", "muscle-recovery"] }],
    ["a goal twice", { ...good, goals: ["deep-sleep", "deep-sleep"] }],
    ["an unknown goal", { ...good, goals: ["flight"] }],
    ["an unknown answer", { ...good, sleep: "never" }],
    ["an unknown product", { ...good, takes: [9] }],
    ["a product twice", { ...good, takes: [1, 1] }],
    ["a missing answer", { ...good, format: undefined }],
    ["not an object", "deep-sleep"],
  ])("refuses %s", (_, value) => expect(isQuizAnswers(value)).toBe(false));
});
