import { describe, expect, it } from "vitest";
import { localeOfPath, pathInLocale, pathWithoutLocale, preferredLocale, samePageIn } from "./locales.ts";

describe("a page's language in its URL", () => {
  it("reads the language from the first segment only", () => {
    expect(localeOfPath("/")).toBe("en");
    expect(localeOfPath("/es")).toBe("es");
    expect(localeOfPath("/fr/products/ashwagandha")).toBe("fr");
    expect(localeOfPath("/essentials")).toBe("en");
    expect(localeOfPath("/products/es")).toBe("en");
  });

  it("moves a path between languages, keeping its query and fragment", () => {
    expect(pathInLocale("/products/ashwagandha?x=1#reviews", "es")).toBe(
      "/es/products/ashwagandha?x=1#reviews",
    );
    expect(pathInLocale("/es/products/ashwagandha", "fr")).toBe("/fr/products/ashwagandha");
    expect(pathInLocale("/fr/knowledge", "en")).toBe("/knowledge");
    expect(pathInLocale("/", "fr")).toBe("/fr");
    expect(pathInLocale("/es", "en")).toBe("/");
    expect(pathInLocale("/?code=WELCOME10", "es")).toBe("/es?code=WELCOME10");
    expect(pathWithoutLocale("/es")).toBe("/");
  });

  it("leaves what is not a path of the shop alone", () => {
    expect(pathInLocale("https://example.org/x", "es")).toBe("https://example.org/x");
    expect(pathInLocale("//evil.test/x", "es")).toBe("//evil.test/x");
    expect(pathInLocale("#main", "fr")).toBe("#main");
    expect(pathInLocale("/admin/orders", "es")).toBe("/admin/orders");
    expect(pathInLocale("/api/cart", "fr")).toBe("/api/cart");
    expect(pathInLocale("/administration", "fr")).toBe("/fr/administration");
  });

  it("links the same page in another language, never another site", () => {
    expect(samePageIn({ pathname: "//evil.test/x", search: "", hash: "" }, "es")).toBe("/es/evil.test/x");
    expect(samePageIn({ pathname: "/stacks", search: "?a=1", hash: "#b" }, "fr")).toBe("/fr/stacks?a=1#b");
  });

  it("finds the first of the browser's languages the shop speaks", () => {
    expect(preferredLocale(["de-DE", "es-MX", "en"])).toBe("es");
    expect(preferredLocale(["fr-CA"])).toBe("fr");
    expect(preferredLocale(["de"])).toBeNull();
  });
});
