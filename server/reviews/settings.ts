import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { shopSettings } from "../db/schema.ts";

const AUTO_PUBLISH = "reviews.autoPublish";

/** Whether new and edited reviews are published at once; off (the owner reads them first) until turned on. */
export async function reviewsAutoPublish(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, AUTO_PUBLISH));
  return row?.value === true;
}

export async function setReviewsAutoPublish(db: DbOrTx, on: boolean): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ key: AUTO_PUBLISH, value: on })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: on, updatedAt: sql`now()` } });
}
