import products from "../../content/products.json" with { type: "json" };
import type { ProductLabel } from "../../core/contracts/product-label.ts";
import { productFile } from "../db/content-schemas.ts";

let labels: Map<string, ProductLabel> | undefined;

/**
 * The labels (Supplement Facts, directions, warnings, questions) in content/products.json by product slug.
 * They are editorial text kept with the product's file rather than in the database. The file is imported,
 * so the page bundle carries it, and checked once on first use: a file that does not match is refused here
 * as it is by the seed.
 */
export function productLabels(file: unknown = products): Map<string, ProductLabel> {
  if (file === products && labels) return labels;
  const parsed = productFile.safeParse(file);
  if (!parsed.success) throw new Error(`content/products.json: ${parsed.error.message}`);
  const map = new Map(parsed.data.map((p) => [p.slug, p.label]));
  if (file === products) labels = map;
  return map;
}

export function productLabel(slug: string): ProductLabel | undefined {
  return productLabels().get(slug);
}
