import { readFileSync } from "node:fs";
import { z } from "zod";
import distributors from "../../content/distributors.json" with { type: "json" };
import products from "../../content/products.json" with { type: "json" };
import { labelDistributor, type ProductLabelView, prop65Label } from "../../core/contracts/product-label.ts";
import type { CartProp65Warning } from "../../core/prop65.ts";
import { productFile } from "../db/content-schemas.ts";

export const distributorFile = z.record(z.string().regex(/^[a-z0-9-]+$/), labelDistributor);

/** A file of Proposition 65 warnings by product slug (PROP65_FILE), added to the labels' own. */
export const prop65File = z.record(z.string().regex(/^[a-z0-9-]+$/), prop65Label);

let labels: Map<string, ProductLabelView> | undefined;
const withWarnings = new Map<string, Map<string, ProductLabelView>>();

/**
 * The labels (Supplement Facts, directions, warnings, questions, distributor) in content/products.json by
 * product slug, each with its distributor from content/distributors.json. They are editorial text kept
 * with the product's file rather than in the database. The files are imported, so the page bundle carries
 * them, and checked once on first use: a file that does not match, or a label naming a distributor the
 * file does not have, is refused here as it is by the seed.
 */
export function productLabels(
  file: unknown = products,
  distributorsOf: unknown = distributors,
): Map<string, ProductLabelView> {
  const shipped = file === products && distributorsOf === distributors;
  if (shipped && labels) return labels;
  const parsed = productFile.safeParse(file);
  if (!parsed.success) throw new Error(`content/products.json: ${parsed.error.message}`);
  const known = distributorFile.safeParse(distributorsOf);
  if (!known.success) throw new Error(`content/distributors.json: ${known.error.message}`);
  const map = new Map<string, ProductLabelView>();
  for (const p of parsed.data) {
    const distributedBy = known.data[p.label.distributor];
    if (!distributedBy)
      throw new Error(
        `content/products.json: ${p.slug}'s label names distributor "${p.label.distributor}", which content/distributors.json does not have`,
      );
    map.set(p.slug, { ...p.label, distributedBy });
  }
  if (shipped) labels = map;
  return map;
}

/**
 * The labels with the warnings of a PROP65_FILE added (read once per path). The shop's own warnings live
 * in content/products.json; the file lets a shop under test give a product a warning without shipping one.
 */
function labelsWith(prop65Path: string | undefined): Map<string, ProductLabelView> {
  if (!prop65Path) return productLabels();
  const cached = withWarnings.get(prop65Path);
  if (cached) return cached;
  const parsed = prop65File.safeParse(JSON.parse(readFileSync(prop65Path, "utf8")));
  if (!parsed.success) throw new Error(`${prop65Path}: ${parsed.error.message}`);
  const map = new Map(productLabels());
  for (const [slug, prop65] of Object.entries(parsed.data)) {
    const label = map.get(slug);
    if (label) map.set(slug, { ...label, prop65 });
  }
  withWarnings.set(prop65Path, map);
  return map;
}

export function productLabel(slug: string, prop65Path?: string): ProductLabelView | undefined {
  return labelsWith(prop65Path).get(slug);
}

/** The Proposition 65 warnings of the given products (each once, in the order given), for checkout. */
export function prop65WarningsOf(
  products: { slug: string; name: string }[],
  prop65Path?: string,
): CartProp65Warning[] {
  const seen = new Set<string>();
  const out: CartProp65Warning[] = [];
  for (const p of products) {
    const warning = productLabel(p.slug, prop65Path)?.prop65;
    if (!warning || seen.has(p.slug)) continue;
    seen.add(p.slug);
    out.push({ productName: p.name, warning });
  }
  return out;
}
