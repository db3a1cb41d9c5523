import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html.ts";

describe("escapeHtml", () => {
  it("turns the five markup characters into character references and leaves the rest", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
    expect(escapeHtml("plain text, ünïcode")).toBe("plain text, ünïcode");
  });

  it("escapes an ampersand once, so an escaped text is not escaped again by accident", () => {
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });
});
