import { describe, expect, it } from "vitest";
import { fillFacts, parseLegalText } from "./legal-text.ts";

describe("legal text", () => {
  it("reads headings, paragraphs, lists, links and strong words", () => {
    const blocks = parseLegalText(
      "## What we keep\n\nYour **orders** and\nyour [account](/account).\n\n- one\n- two\n  more\n\n### Cookies",
    );
    expect(blocks).toEqual([
      { kind: "h2", text: "What we keep", id: "what-we-keep" },
      {
        kind: "p",
        inline: [
          { kind: "text", text: "Your " },
          { kind: "strong", text: "orders" },
          { kind: "text", text: " and your " },
          { kind: "link", text: "account", href: "/account" },
          { kind: "text", text: "." },
        ],
      },
      {
        kind: "ul",
        items: [[{ kind: "text", text: "one" }], [{ kind: "text", text: "two more" }]],
      },
      { kind: "h3", text: "Cookies", id: "cookies" },
    ]);
  });

  it("fills in the facts the code gives, and refuses one it does not", () => {
    expect(fillFacts("Shipping is {{ rate }}.", { rate: "$5.95" })).toBe("Shipping is $5.95.");
    expect(() => fillFacts("{{nothing}}", {})).toThrow("no fact named {{nothing}}");
  });
});
