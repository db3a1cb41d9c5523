import { describe, expect, it } from "vitest";
import { currencyCookie, currencyFromCookie } from "./shopper-currency.ts";

describe("the shopper's currency cookie", () => {
  it("reads a currency the shop prices in, else US dollars", () => {
    expect(currencyFromCookie("mana_currency=CAD")).toBe("CAD");
    expect(currencyFromCookie("mana_theme=dark; mana_currency=eur; mana_cart=x")).toBe("EUR");
    expect(currencyFromCookie("mana_currency=GBP")).toBe("GBP");
    expect(currencyFromCookie("mana_currency=JPY")).toBe("USD");
    expect(currencyFromCookie("xmana_currency=CAD")).toBe("USD");
    expect(currencyFromCookie("")).toBe("USD");
    expect(currencyFromCookie(undefined)).toBe("USD");
  });

  it("writes a cookie kept a year for the whole shop", () => {
    expect(currencyCookie("CAD", false)).toBe("mana_currency=CAD; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(currencyCookie("EUR", true)).toContain("; Secure");
  });
});
