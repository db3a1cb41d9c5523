import { describe, expect, it } from "vitest";
import { TYPO_SIMILARITY, trigramSimilarity, trigramsOf } from "./typo-words.ts";

const similarity = (a: string, b: string) => trigramSimilarity(trigramsOf(a), trigramsOf(b));

describe("trigram similarity (as pg_trgm measures it)", () => {
  it("pads a word as pg_trgm does", () => {
    expect([...trigramsOf("cat")].sort()).toEqual(["  c", " ca", "at ", "cat"]);
  });

  it("matches one-letter typos and not unrelated words", () => {
    expect(similarity("ashwaganda", "ashwagandha")).toBeGreaterThanOrEqual(TYPO_SIMILARITY);
    expect(similarity("magnesum", "magnesium")).toBeGreaterThanOrEqual(TYPO_SIMILARITY);
    expect(similarity("ginseng", "magnesium")).toBeLessThan(TYPO_SIMILARITY);
    expect(similarity("sleep", "sleep")).toBe(1);
  });
});
