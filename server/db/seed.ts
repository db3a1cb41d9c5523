import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "./client.ts";
import { products } from "./schema.ts";

const contentDir = fileURLToPath(new URL("../../content/", import.meta.url));

const productFileSchema = z.array(
  z.object({
    id: z.number().int().positive(),
    slug: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    tagline: z.string().min(1),
    description: z.string().min(1),
    priceCents: z.number().int().positive(),
    subscriptionDiscount: z.number().int().min(0).max(90).nullable(),
    benefits: z.array(z.string().min(1)).min(3),
    category: z.enum(["cognitive", "sleep", "vitality", "stress"]),
    packageSize: z.string().min(1),
    imageUrl: z.string().startsWith("/"),
    accent: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  }),
);

async function readJson(name: string): Promise<unknown> {
  return JSON.parse(await readFile(contentDir + name, "utf8"));
}

/** Loads the catalogue from content/ into the database, replacing what is there, in one transaction. */
export async function seed(db: Db): Promise<{ products: number }> {
  const catalogue = productFileSchema.parse(await readJson("products.json"));
  await db.transaction(async (tx) => {
    for (const p of catalogue) {
      await tx
        .insert(products)
        .values({ ...p, updatedAt: new Date() })
        .onConflictDoUpdate({ target: products.id, set: { ...p, updatedAt: sql`now()` } });
    }
  });
  return { products: catalogue.length };
}

/** Seeds only when the catalogue is empty (first start on a new database). */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  if ((row?.n ?? 0) > 0) return false;
  await seed(db);
  return true;
}
