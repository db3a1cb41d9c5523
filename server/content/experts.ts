import { asc, desc, eq } from "drizzle-orm";
import type { Expert } from "../../core/contracts/content.ts";
import type { Db } from "../db/client.ts";
import { experts } from "../db/schema.ts";

/** Highest authority first; `featured` keeps only the hub's featured experts. */
export async function listExperts(db: Db, options: { featured?: boolean } = {}): Promise<Expert[]> {
  return db
    .select()
    .from(experts)
    .where(options.featured ? eq(experts.featured, true) : undefined)
    .orderBy(desc(experts.authorityScore), asc(experts.id));
}

export async function expertById(db: Db, id: number): Promise<Expert | undefined> {
  const [row] = await db.select().from(experts).where(eq(experts.id, id)).limit(1);
  return row;
}
