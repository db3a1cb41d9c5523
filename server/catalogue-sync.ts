import { sql } from "drizzle-orm";
import type { AppServices } from "./context.ts";
import type { DbOrTx } from "./db/client.ts";
import type { ShopDeps } from "./deps.ts";

/**
 * Every app process keeps the catalogue and the anonymous pages in memory (decision 003). When a price,
 * a discount or the stock changes, all of them drop their copies within a second (decision 019): the
 * change is announced with `pg_notify` inside the transaction that makes it, and the database delivers it
 * to every listening process when, and only if, that transaction commits (PostgreSQL to each process's
 * listening connection; PGlite, one process, as the commit returns).
 */
export const CATALOGUE_CHANNEL = "mana_catalogue";

export interface CatalogueChange {
  /** Whether what a page shows changed (a price, a discount, in or out of stock); else only the catalogue. */
  pages: boolean;
}

/** Announces a change to every process; call it inside the transaction that makes the change. */
export async function announceCatalogueChange(tx: DbOrTx, change: CatalogueChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${JSON.stringify(change)})`);
}

/** Drops this process's copies: the catalogue always, the cached pages when what they show changed. */
export function applyCatalogueChange(
  deps: Pick<ShopDeps, "catalogue" | "pageCache">,
  change: CatalogueChange,
): void {
  deps.catalogue.invalidate();
  if (change.pages) deps.pageCache.clear();
}

/** Reads an announcement; anything unreadable (or missed announcements: null) drops everything. */
export function readCatalogueChange(payload: string | null): CatalogueChange {
  try {
    const parsed = JSON.parse(payload ?? "") as Partial<CatalogueChange>;
    return { pages: parsed.pages !== false };
  } catch {
    return { pages: true };
  }
}

/** Applies the changes any process announces to this one's caches, until `stop()`. */
export async function syncCatalogue(
  services: Pick<AppServices, "catalogue" | "pageCache" | "database">,
): Promise<{ stop(): Promise<void> }> {
  const listening = await services.database.listen?.(CATALOGUE_CHANNEL, (payload) =>
    applyCatalogueChange(services, readCatalogueChange(payload)),
  );
  return listening ?? { stop: async () => {} };
}
