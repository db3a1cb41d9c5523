import { describe, expect, it } from "vitest";
import {
  CURRENCIES,
  currencyOf,
  currencyOfCountry,
  isEuropeanMarket,
  MARKETS,
  marketOfCountry,
  marketOfCurrency,
} from "./markets.ts";
import { formatMoney, formatWholeMoney } from "./money.ts";

describe("markets", () => {
  it("puts each shipping country in one market at most", () => {
    const seen = MARKETS.flatMap((m) => m.countries);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("gives every currency one market", () => {
    expect(MARKETS.map((m) => m.currency).sort()).toEqual([...CURRENCIES].sort());
  });

  it("finds a country's market and currency, in any case", () => {
    expect(marketOfCountry("ca")?.id).toBe("ca");
    expect(currencyOfCountry("FR")).toBe("EUR");
    expect(currencyOfCountry("GB")).toBe("GBP");
    expect(currencyOfCountry("US")).toBe("USD");
    expect(marketOfCountry("JP")).toBeNull();
    expect(currencyOfCountry("JP")).toBe("USD");
  });

  it("finds the market a browsing currency stands for, and which ask for Europe's statements", () => {
    expect(marketOfCurrency("GBP").id).toBe("uk");
    expect(marketOfCurrency("EUR").id).toBe("eu");
    expect(MARKETS.filter(isEuropeanMarket).map((m) => m.id)).toEqual(["uk", "eu"]);
  });

  it("reads a stored currency", () => {
    expect(currencyOf("cad")).toBe("CAD");
    expect(currencyOf("EUR")).toBe("EUR");
    expect(currencyOf("jpy")).toBeNull();
    expect(currencyOf(null)).toBeNull();
  });
});

describe("formatMoney", () => {
  it("writes each currency with its sign, a Canadian dollar marked as such", () => {
    expect(formatMoney(3000)).toBe("$30.00");
    expect(formatMoney(4000, "CAD")).toBe("CA$40.00");
    expect(formatMoney(2900, "EUR")).toBe("€29.00");
    expect(formatMoney(2500, "GBP")).toBe("£25.00");
    expect(formatMoney(-595, "CAD")).toBe("-CA$5.95");
  });

  it("writes a whole amount without its cents, and any other with them (formatWholeMoney)", () => {
    expect(formatWholeMoney(10_000, "CAD")).toBe("CA$100");
    expect(formatWholeMoney(1000)).toBe("$10");
    expect(formatWholeMoney(795, "CAD")).toBe("CA$7.95");
    expect(formatWholeMoney(1050, "GBP")).toBe("£10.50");
  });
});
