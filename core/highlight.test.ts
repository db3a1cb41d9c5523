import { describe, expect, it } from "vitest";
import { highlightParts } from "./highlight.ts";

const marked = (text: string, q: string) =>
  highlightParts(text, q)
    .filter((p) => p.match)
    .map((p) => p.text);

describe("highlightParts", () => {
  it("marks the start of a word that begins with a query word, whatever the case", () => {
    expect(highlightParts("Organic Ashwagandha Root", "ashw")).toEqual([
      { text: "Organic ", match: false },
      { text: "Ashw", match: true },
      { text: "agandha Root", match: false },
    ]);
  });

  it("marks every query word, and not a match inside a word", () => {
    expect(marked("Root of the ashwagandha root", "root ash")).toEqual(["Root", "ash", "root"]);
    expect(marked("Cashew", "ash")).toEqual([]);
  });

  it("treats the query's punctuation as text, never as a pattern", () => {
    expect(marked("A (b) c.*", ".* (b")).toEqual(["b"]);
    expect(highlightParts("plain", "")).toEqual([{ text: "plain", match: false }]);
  });

  it("keeps the whole text, marked or not", () => {
    const text = "Sleep, stress and ashwagandha: a bedtime story";
    expect(
      highlightParts(text, "sle ash bed")
        .map((p) => p.text)
        .join(""),
    ).toBe(text);
  });
});
