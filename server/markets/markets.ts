import { eq, sql } from "drizzle-orm";
import {
  DEFAULT_MARKET_SETTINGS,
  type MarketSettings,
  marketSettings,
} from "../../core/contracts/admin-markets.ts";
import { MARKETS, type Market, marketOfCountry } from "../../core/markets.ts";
import { type AuditActor, recordAudit } from "../audit/audit.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { shopSettings } from "../db/schema.ts";
import type { Env } from "../env.ts";

/** The shop_settings key of the owner's markets. */
export const MARKETS_SETTING = "markets";

/** The owner's markets as stored; the default (all four, decision 051) until they save a choice. */
export async function marketSettingsOf(db: DbOrTx): Promise<MarketSettings> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, MARKETS_SETTING));
  if (!row) return DEFAULT_MARKET_SETTINGS;
  const parsed = marketSettings.safeParse(row.value);
  // Only this module writes the key, through the same schema; anything else reads as the default.
  return parsed.success ? parsed.data : DEFAULT_MARKET_SETTINGS;
}

/** The markets a choice enables, the EU with the countries chosen for it. Pure. */
export function marketsOf(settings: MarketSettings): Market[] {
  return MARKETS.filter((m) => settings.enabled.includes(m.id)).map((m) =>
    m.id === "eu" ? { ...m, countries: settings.euCountries } : m,
  );
}

/**
 * The countries a choice ships to: every enabled market's countries, then the countries of `configured`
 * (SHIP_TO_COUNTRIES) that belong to no market, which the switches do not govern (an order there is in US
 * dollars, core/markets.ts currencyOfCountry). A market's country is shipped to only while its market is on
 * (and, in the EU, chosen). Pure.
 */
export function shipToOf(settings: MarketSettings, configured: readonly string[]): string[] {
  const countries = marketsOf(settings).flatMap((m) => m.countries);
  const outside = configured.filter((c) => !marketOfCountry(c));
  return [...new Set([...countries, ...outside])];
}

/** The markets the owner sells to now (decision 051). */
export async function enabledMarkets(db: DbOrTx): Promise<Market[]> {
  return marketsOf(await marketSettingsOf(db));
}

/**
 * The countries the shop ships to by the owner's markets: for the checkout's country list and its check of
 * a shipping address (see shipToOf). Not read by the checkout yet, which follows SHIP_TO_COUNTRIES.
 */
export async function shipToCountries(db: DbOrTx, env: Pick<Env, "SHIP_TO_COUNTRIES">): Promise<string[]> {
  return shipToOf(await marketSettingsOf(db), env.SHIP_TO_COUNTRIES);
}

/** Saves the owner's markets with an audit row (before and after) in one transaction. */
export async function saveMarketSettings(
  db: Db,
  actor: AuditActor,
  settings: MarketSettings,
): Promise<{ settings: MarketSettings; changed: boolean }> {
  return db.transaction(async (tx) => {
    // The row locked when it exists, so two saves are recorded one after the other.
    await tx
      .select({ key: shopSettings.key })
      .from(shopSettings)
      .where(eq(shopSettings.key, MARKETS_SETTING))
      .for("update");
    const before = await marketSettingsOf(tx);
    if (JSON.stringify(before) === JSON.stringify(settings)) return { settings, changed: false };
    await tx
      .insert(shopSettings)
      .values({ key: MARKETS_SETTING, value: settings })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value: settings, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      actor,
      action: "markets-updated",
      targetType: "shop-settings",
      targetId: MARKETS_SETTING,
      before: { ...before },
      after: { ...settings },
    });
    return { settings, changed: true };
  });
}
