import { describe, expect, it } from "vitest";
import { DEFAULT_MARKET_SETTINGS, marketSettings } from "../../core/contracts/admin-markets.ts";
import { marketsOf, shipToOf } from "./markets.ts";

describe("the owner's markets (decision 051)", () => {
  it("all four by default, the EU with its seven default countries", () => {
    expect(marketsOf(DEFAULT_MARKET_SETTINGS).map((m) => [m.id, m.currency])).toEqual([
      ["us", "USD"],
      ["ca", "CAD"],
      ["uk", "GBP"],
      ["eu", "EUR"],
    ]);
    expect(shipToOf(DEFAULT_MARKET_SETTINGS, ["US", "CA"])).toEqual([
      "US",
      "CA",
      "GB",
      "IE",
      "FR",
      "DE",
      "ES",
      "IT",
      "NL",
      "BE",
    ]);
  });

  it("ships to the enabled markets' countries only, and keeps a configured country outside every market", () => {
    const settings = { enabled: ["ca" as const, "eu" as const], euCountries: ["FR", "AT"] };
    expect(marketsOf(settings).find((m) => m.id === "eu")?.countries).toEqual(["FR", "AT"]);
    // US is in a market that is off; MX is in none, so the switches leave it as SHIP_TO_COUNTRIES says.
    expect(shipToOf(settings, ["US", "MX", "CA"])).toEqual(["CA", "FR", "AT", "MX"]);
  });

  it("reads a choice in the shop's order, without duplicates, and refuses what cannot be", () => {
    expect(marketSettings.parse({ enabled: ["eu", "us", "eu"], euCountries: ["DE", "IE", "DE"] })).toEqual({
      enabled: ["us", "eu"],
      euCountries: ["IE", "DE"],
    });
    expect(marketSettings.safeParse({ enabled: [], euCountries: [] }).success).toBe(false);
    expect(marketSettings.safeParse({ enabled: ["eu"], euCountries: [] }).success).toBe(false);
    expect(marketSettings.safeParse({ enabled: ["us"], euCountries: [] }).success).toBe(true);
    expect(marketSettings.safeParse({ enabled: ["mx"], euCountries: [] }).success).toBe(false);
    expect(marketSettings.safeParse({ enabled: ["us"], euCountries: ["GB"] }).success).toBe(false);
    expect(marketSettings.safeParse({ enabled: ["US"], euCountries: [] }).success).toBe(false);
  });
});
