import { asc, desc, eq, sql } from "drizzle-orm";
import type { Stack, StackProduct } from "../../core/contracts/content.ts";
import { formatCents } from "../../core/money.ts";
import { stackDiscountPercent } from "../../core/pricing.ts";
import type { Catalogue } from "../catalogue.ts";
import type { Db } from "../db/client.ts";
import { type StackRow, stacks } from "../db/schema.ts";

async function resolve(row: StackRow, catalogue: Catalogue): Promise<Stack> {
  const products = await catalogue.list();
  const combination: StackProduct[] = row.productIds.flatMap((id) => {
    const p = products.find((x) => x.id === id);
    return p
      ? [
          {
            id: p.id,
            slug: p.slug,
            name: p.name,
            tagline: p.tagline,
            price: p.price,
            priceCents: p.priceCents,
            imageUrl: p.imageUrl,
          },
        ]
      : [];
  });
  const individual = combination.reduce((sum, p) => sum + p.priceCents, 0);
  const savings = Math.max(0, individual - row.bundlePriceCents);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    expertEndorsed: row.expertEndorsed,
    popularityScore: row.popularityScore,
    targetOutcomes: row.targetOutcomes,
    synergyExplanation: row.synergyExplanation,
    productCombination: combination,
    pricingStrategy: {
      bundlePrice: formatCents(row.bundlePriceCents),
      savings: formatCents(savings),
      subscriptionDiscount: row.subscriptionDiscount,
      individualPrice: formatCents(individual),
      bundlePriceCents: row.bundlePriceCents,
      savingsCents: savings,
      individualPriceCents: individual,
      discountPercent: stackDiscountPercent(individual, row.bundlePriceCents),
    },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Most popular first; with an outcome id, only stacks that target it. */
export async function listStacks(db: Db, catalogue: Catalogue, outcomeId?: string): Promise<Stack[]> {
  const rows = await db
    .select()
    .from(stacks)
    .where(outcomeId ? sql`${stacks.targetOutcomes} @> ${JSON.stringify([outcomeId])}::jsonb` : undefined)
    .orderBy(desc(stacks.popularityScore), asc(stacks.id));
  return Promise.all(rows.map((r) => resolve(r, catalogue)));
}

export async function stackBySlug(db: Db, catalogue: Catalogue, slug: string): Promise<Stack | undefined> {
  const [row] = await db.select().from(stacks).where(eq(stacks.slug, slug)).limit(1);
  return row ? resolve(row, catalogue) : undefined;
}

export async function stacksForProduct(db: Db, catalogue: Catalogue, productId: number): Promise<Stack[]> {
  const rows = await db
    .select()
    .from(stacks)
    .where(sql`${stacks.productIds} @> ${JSON.stringify([productId])}::jsonb`)
    .orderBy(desc(stacks.popularityScore), asc(stacks.id));
  return Promise.all(rows.map((r) => resolve(r, catalogue)));
}
