import { describe, expect, it } from "vitest";
import { reactionWordIn, readsLikeReaction } from "./reaction-words.ts";

describe("a review that reads like a reaction report", () => {
  it.each([
    ["I broke out in a rash on my arms after a week", "rash"],
    ["Woke up with HIVES the second morning", "hives"],
    ["Felt nauseous and dizzy after the first dose", "nauseous"],
    ["It gave me palpitations", "palpitations"],
    ["Ended up in the hospital, stopped taking it", "hospital"],
    ["No side   effects that I noticed, but", "side effects"],
    ["Honestly it made me sick", "made me sick"],
    ["I had a bad reaction to the capsules", "reaction"],
    ["Mild headache the first days", "headache"],
  ])("flags %j", (text, word) => {
    expect(reactionWordIn(text)).toBe(word);
  });

  it.each([
    "Sleeping better after two weeks, lovely taste.",
    "Brash marketing aside, it works for me.", // "rash" inside a word
    "Great value, fast shipping, five stars.",
    "The dropper is easy to use.",
  ])("leaves %j alone", (text) => {
    expect(reactionWordIn(text)).toBeNull();
  });

  it("reads the title and the body", () => {
    expect(readsLikeReaction("Allergic to this?", "Nothing else to say about it at all.")).toBe(true);
    expect(readsLikeReaction("Calm evenings", "Nothing else to say about it at all.")).toBe(false);
  });
});
