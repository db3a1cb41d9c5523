import { eq, sql } from "drizzle-orm";
import {
  DEFAULT_MARKET_SETTINGS,
  type MarketSettings,
  marketSettings,
} from "../../core/contracts/admin-markets.ts";
import {
  type Currency,
  currencyOfCountry,
  MARKETS,
  type Market,
  marketOfCountry,
} from "../../core/markets.ts";
import { type PriceTable, priceOf } from "../../core/price-lists.ts";
import { type AuditActor, recordAudit } from "../audit/audit.ts";
import { announceCatalogueChange } from "../catalogue-sync.ts";
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
 * (and, in the EU, chosen); SHIP_TO_COUNTRIES listing it changes nothing. Pure.
 */
export function shipToOf(settings: MarketSettings, configured: readonly string[]): string[] {
  const countries = marketsOf(settings).flatMap((m) => m.countries);
  return [...new Set([...countries, ...outsideMarkets(configured)])];
}

/** The countries of `configured` (SHIP_TO_COUNTRIES) in no market: shipped to whatever the switches say. Pure. */
export function outsideMarkets(configured: readonly string[]): string[] {
  return configured.filter((c) => !marketOfCountry(c));
}

/**
 * The countries of `shipTo` whose orders are in `currency`: where a payment page may collect the address
 * of an order in that currency (a CAD order: Canada; a US dollar one: the US and the countries in no
 * market). Pure.
 */
export function countriesIn(shipTo: readonly string[], currency: Currency): string[] {
  return shipTo.filter((c) => currencyOfCountry(c) === currency);
}

/** The markets the owner sells to now (decision 051). */
export async function enabledMarkets(db: DbOrTx): Promise<Market[]> {
  return marketsOf(await marketSettingsOf(db));
}

/** Where the markets are read from: the database, or the catalogue's copy of them (`Catalogue.marketSettings`). */
export type MarketsSource = DbOrTx | { marketSettings(): Promise<MarketSettings> };

function settingsFrom(from: MarketsSource): Promise<MarketSettings> {
  return "marketSettings" in from ? from.marketSettings() : marketSettingsOf(from);
}

/**
 * The countries the shop ships to (decision 051): the owner's enabled markets' countries, then the
 * SHIP_TO_COUNTRIES countries in no market (see shipToOf). The checkout's country list, its check of a
 * shipping address, the address book, the payment page's collected countries and the shipping page read
 * it. Give the catalogue (`services.catalogue`) on every request: it keeps the setting until a save
 * announces a change (server/catalogue-sync.ts).
 */
export async function shipToCountries(
  from: MarketsSource,
  env: Pick<Env, "SHIP_TO_COUNTRIES">,
): Promise<string[]> {
  return shipToOf(await settingsFrom(from), env.SHIP_TO_COUNTRIES);
}

/** A market's shipping figures in its currency: the flat rate and the free-shipping threshold. */
export interface ShippingRate {
  currency: Currency;
  flatCents: number;
  freeOverCents: number;
}

/**
 * The shipping figures of each enabled market, in its currency, from the price lists (decision 051), in the
 * markets' order; a currency without both figures is left out. What the terms and shipping pages state.
 */
export async function shippingRates(
  catalogue: {
    marketSettings(): Promise<MarketSettings>;
    priceTable(flatShippingCents: number): Promise<PriceTable>;
  },
  flatShippingCents: number,
): Promise<ShippingRate[]> {
  const [settings, table] = await Promise.all([
    catalogue.marketSettings(),
    catalogue.priceTable(flatShippingCents),
  ]);
  return marketsOf(settings).flatMap((m) => {
    const flatCents = priceOf(table, "shipping:flat", m.currency);
    const freeOverCents = priceOf(table, "shipping:free_over", m.currency);
    return flatCents === null || freeOverCents === null
      ? []
      : [{ currency: m.currency, flatCents, freeOverCents }];
  });
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
    // Every process drops its copy of the markets and its cached pages (the shipping page lists the
    // countries), when and only if this transaction commits (server/catalogue-sync.ts).
    await announceCatalogueChange(tx, { pages: true });
    return { settings, changed: true };
  });
}
