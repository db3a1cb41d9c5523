/**
 * The dashboard's markets (docs/decisions/051-markets-and-currencies.md): which of the four markets the
 * owner sells to and the EU market's countries. What GET /api/admin/markets answers and PUT takes.
 */
import { z } from "zod";
import { EU_COUNTRIES, type MarketId } from "../markets.ts";

export const MARKET_IDS = ["us", "ca", "uk", "eu"] as const satisfies readonly MarketId[];

/** The owner's choice, kept in shop_settings under "markets". */
export interface MarketSettings {
  enabled: MarketId[];
  /** The EU market's countries, a subset of EU_COUNTRIES in its order. */
  euCountries: string[];
}

/** The EU market's countries until the owner picks them. */
export const DEFAULT_EU_COUNTRIES = ["IE", "FR", "DE", "ES", "IT", "NL", "BE"] as const;

/** A shop whose owner has not chosen yet: all four markets, the EU with its default countries. */
export const DEFAULT_MARKET_SETTINGS: MarketSettings = {
  enabled: [...MARKET_IDS],
  euCountries: [...DEFAULT_EU_COUNTRIES],
};

/** PUT /api/admin/markets (and the stored value): duplicates dropped, kept in the shop's own order. */
export const marketSettings = z
  .strictObject({
    enabled: z
      .array(z.enum(MARKET_IDS, { error: "enabled lists market ids: us, ca, uk, eu." }), {
        error: "enabled must be a list of market ids (us, ca, uk, eu).",
      })
      .min(1, "Enable at least one market: the shop must sell somewhere.")
      .max(20, "enabled lists each market once."),
    euCountries: z
      .array(
        z.enum(EU_COUNTRIES, {
          error: `euCountries lists two-letter codes of the EU countries the shop can ship to: ${EU_COUNTRIES.join(", ")}.`,
        }),
        { error: "euCountries must be a list of country codes." },
      )
      .max(50, "euCountries lists each country once."),
  })
  .transform(
    (v): MarketSettings => ({
      enabled: MARKET_IDS.filter((id) => v.enabled.includes(id)),
      euCountries: EU_COUNTRIES.filter((c) => (v.euCountries as string[]).includes(c)),
    }),
  )
  .refine((v) => !v.enabled.includes("eu") || v.euCountries.length > 0, {
    message: "Choose at least one country for the European Union market, or turn the market off.",
    path: ["euCountries"],
  });

/** GET and PUT /api/admin/markets. */
export interface AdminMarketsResponse {
  settings: MarketSettings;
  /**
   * The countries the shop ships to with these markets (server/markets/markets.ts shipToCountries): the
   * checkout, the payment page and the address book offer exactly these.
   */
  shipTo: string[];
  /** Among them, the server's SHIP_TO_COUNTRIES countries that are in no market (their orders in US dollars). */
  alsoShipsTo: string[];
}
