import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { productLabels } from "../../server/content/product-labels.ts";

// Every product in content/ carries a complete label (Supplement Facts, directions, storage, warnings and
// four to six questions), and a file with a broken label is refused rather than shown half-filled.
const file = () =>
  JSON.parse(readFileSync(new URL("../../content/products.json", import.meta.url), "utf8")) as {
    slug: string;
    label: Record<string, unknown> & { ingredients: Record<string, unknown>[]; faqs: unknown[] };
  }[];

function at<T>(list: T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

describe("product labels in content/products.json", () => {
  const labels = productLabels();

  it("gives each of the four products a label", () => {
    expect([...labels.keys()].sort()).toEqual([
      "ashwagandha",
      "korean-ginseng",
      "total-restore",
      "verdant-edge",
    ]);
  });

  for (const [slug, label] of productLabels()) {
    it(`${slug}: a complete Supplement Facts panel and 4-6 questions`, () => {
      expect(label.servingSize).toMatch(/\d/);
      expect(label.servingsPerContainer).toBe(30);
      expect(label.ingredients.length).toBeGreaterThan(0);
      for (const i of label.ingredients) expect(i.amount).toMatch(/^\d[\d.,]*\s?(mg|mcg|g|IU)$/);
      for (const text of [
        label.otherIngredients,
        label.allergenStatement,
        label.suggestedUse,
        label.storage,
        label.warnings,
      ])
        expect(text.length).toBeGreaterThan(10);
      expect(label.faqs.length).toBeGreaterThanOrEqual(4);
      expect(label.faqs.length).toBeLessThanOrEqual(6);
    });

    it(`${slug}: every claim of what it supports carries the asterisk of the FDA statement`, () => {
      for (const f of label.faqs) {
        for (const sentence of f.answer.split(/(?<=[.!?*])\s+/)) {
          if (/\bsupports?\b/i.test(sentence)) expect(sentence, f.question).toMatch(/\*$/);
        }
      }
    });
  }

  it("refuses a product without a label", () => {
    const broken = file();
    delete (broken[0] as { label?: unknown }).label;
    expect(() => productLabels(broken)).toThrow(/content\/products.json/);
  });

  it("refuses a label with three questions, or seven", () => {
    const three = file();
    at(three, 1).label.faqs = at(three, 1).label.faqs.slice(0, 3);
    expect(() => productLabels(three)).toThrow(/faqs/);
    const seven = file();
    const faqs = at(seven, 1).label.faqs;
    at(seven, 1).label.faqs = [...faqs, ...faqs].slice(0, 7);
    expect(() => productLabels(seven)).toThrow(/faqs/);
  });

  it("refuses an ingredient without an amount, an amount without a unit, or a made-up Daily Value", () => {
    for (const change of [
      (i: Record<string, unknown>) => delete i.amount,
      (i: Record<string, unknown>) => (i.amount = "200"),
      (i: Record<string, unknown>) => (i.dailyValue = "48%"),
      (i: Record<string, unknown>) => (i.dailyValue = 0),
    ]) {
      const broken = file();
      change(at(at(broken, 2).label.ingredients, 0));
      expect(() => productLabels(broken)).toThrow(/ingredients/);
    }
  });

  it("refuses a label missing its allergen statement or warnings", () => {
    for (const key of ["allergenStatement", "warnings", "servingSize"]) {
      const broken = file();
      at(broken, 3).label[key] = " ";
      expect(() => productLabels(broken)).toThrow(new RegExp(key));
    }
  });

  it("names on every label a distributor with a US address and phone to report a reaction to (21 U.S.C. §343(y))", () => {
    for (const [slug, label] of productLabels()) {
      expect(label.distributedBy.name, slug).toMatch(/\w/);
      expect(label.distributedBy.streetAddress, slug).toMatch(/\d/);
      expect(label.distributedBy.state, slug).toMatch(/^[A-Z]{2}$/);
      expect(label.distributedBy.postalCode, slug).toMatch(/^\d{5}/);
      expect(label.distributedBy.phone, slug).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    }
  });

  it("refuses a label without a distributor, or naming one content/distributors.json does not have", () => {
    const without = file();
    delete at(without, 0).label.distributor;
    expect(() => productLabels(without)).toThrow(/distributor/);
    const unknown = file();
    at(unknown, 0).label.distributor = "somebody-else";
    expect(() => productLabels(unknown)).toThrow(/somebody-else/);
  });

  it("ships no Proposition 65 warning, and refuses one of an unknown kind or without its chemical", () => {
    for (const [, label] of productLabels()) expect(label.prop65).toBeUndefined();
    const kinds = file();
    at(kinds, 0).label.prop65 = { type: "mild", chemical: "lead" };
    expect(() => productLabels(kinds)).toThrow(/prop65/);
    const blank = file();
    at(blank, 0).label.prop65 = { type: "cancer", chemical: " " };
    expect(() => productLabels(blank)).toThrow(/prop65/);
    const fine = file();
    at(fine, 0).label.prop65 = { type: "reproductive", chemical: "lead" };
    expect(productLabels(fine).get("korean-ginseng")?.prop65).toEqual({
      type: "reproductive",
      chemical: "lead",
    });
  });
});
