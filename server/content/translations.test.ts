import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import products from "../../content/products.json" with { type: "json" };
import { splitChapters } from "../../core/story.ts";
import { missingFields, missingMarkdown, staleFields, translationReports } from "./translation-check.ts";
import { labelIn, overlay, productIn } from "./translations.ts";

const root = join(import.meta.dirname, "../..");
const reports = translationReports(join(root, "content"));

describe("content translations (decision 049, Content)", () => {
  it("lists what each language lacks, in docs/translations-missing.md", () => {
    for (const { locale, missing } of reports)
      console.info(`${locale}: ${missing.length} items of content/ without a whole translation`);
    writeFileSync(join(root, "docs/translations-missing.md"), missingMarkdown(reports));
  });

  it("names no item or field the English content does not have", () => {
    expect(reports.map((r) => ({ locale: r.locale, stale: r.stale }))).toEqual(
      reports.map((r) => ({ locale: r.locale, stale: [] })),
    );
  });

  it("leaves nothing of the products, stacks and experts in English", () => {
    const catalogue = ["products.json", "stacks.json", "experts.json"];
    for (const { locale, missing } of reports)
      expect({ locale, missing: missing.filter((m) => catalogue.includes(m.file)) }).toEqual({
        locale,
        missing: [],
      });
  });

  it("finds a missing field and a stale one", () => {
    const english = { tagline: "Calm", benefits: ["a", "b"], priceCents: 100 };
    expect(missingFields("products", english, { benefits: ["x"] })).toEqual(["tagline", "benefits.1"]);
    expect(
      staleFields("products", english, { priceCents: 1, benefits: ["x", "y", "z"], taglin: "C" }),
    ).toEqual(["priceCents", "benefits.2", "taglin"]);
  });

  it("lays a translation over English only where the field is translatable", () => {
    const english = { tagline: "Calm", priceCents: 100 };
    expect(overlay("products", english, { tagline: "Calma", priceCents: 1 })).toEqual({
      tagline: "Calma",
      priceCents: 100,
    });
  });

  it("gives English as it is, and the product's words in Spanish and French", () => {
    const ashwagandha = products.find((p) => p.slug === "ashwagandha");
    if (!ashwagandha) throw new Error("content/products.json has no ashwagandha");
    expect(productIn("en", ashwagandha)).toBe(ashwagandha);
    const es = productIn("es", ashwagandha);
    const fr = productIn("fr", ashwagandha);
    expect(es.name).toBe("Ashwagandha");
    expect(es.tagline).not.toBe(ashwagandha.tagline);
    expect(fr.description).not.toBe(ashwagandha.description);
    expect(es.priceCents).toBe(ashwagandha.priceCents);
    const label = { ...ashwagandha.label, distributedBy: {} } as unknown as Parameters<typeof labelIn>[2];
    expect(labelIn("en", "ashwagandha", label)).toBe(label);
    const esLabel = labelIn("es", "ashwagandha", label);
    expect(esLabel.faqs[0]?.question).not.toBe(label.faqs[0]?.question);
    expect(esLabel.ingredients.map((i) => i.amount)).toEqual(label.ingredients.map((i) => i.amount));
  });

  it("splits a translated story into the chapters and blocks of the English one", () => {
    // A chapter starts at a text block whose first line reads as a title (core/story.ts, isChapterTitle:
    // a capital letter first, no . ! ? or …), so a translated title must read as one too (not "¿Quién…?"),
    // and a translated paragraph must not (it ends with its punctuation).
    const shape = (blocks: unknown[]) =>
      splitChapters(blocks).map((c) => ({ blocks: c.blocks.map((b) => b.type) }));
    for (const locale of ["es", "fr"]) {
      const dir = join(root, "content/i18n", locale, "stories");
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
        const english = JSON.parse(readFileSync(join(root, "content/stories", name), "utf8"));
        const translation = JSON.parse(readFileSync(join(dir, name), "utf8"));
        const translated = overlay("articles", english, translation);
        expect({ story: `${locale}/${name}`, chapters: shape(translated.contentBlocks) }).toEqual({
          story: `${locale}/${name}`,
          chapters: shape(english.contentBlocks),
        });
      }
    }
  });
});
