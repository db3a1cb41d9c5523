import { describe, expect, it } from "vitest";
import { checkoutCurrency, firstCountry } from "../../routes/checkout.server.ts";
import { orderCurrencyFor } from "./checkout-currency.ts";

describe("the checkout's currency (decision 051)", () => {
  it("is the market's currency of a country shipped to, and no other", () => {
    const shipTo = ["US", "CA"];
    expect(orderCurrencyFor(shipTo, "US", "CAD")).toBe("USD");
    expect(orderCurrencyFor(shipTo, "CA", "USD")).toBe("CAD");
    // France forced into the form: refused, so the page keeps the currency it shows.
    expect(orderCurrencyFor(shipTo, "FR", "USD")).toBe("USD");
    expect(orderCurrencyFor(["US", "CA", "GB", "FR"], "FR", "USD")).toBe("EUR");
  });

  it("starts where the first saved address ships, else in the shopper's market, else the first country", () => {
    expect(firstCountry(["US", "CA"], "CA", "USD")).toBe("CA");
    expect(firstCountry(["US", "CA"], null, "CAD")).toBe("CA");
    expect(firstCountry(["US", "CA"], null, "GBP")).toBe("US");
    expect(firstCountry(["US", "CA", "GB"], null, "GBP")).toBe("GB");
  });

  it("prices in the currency the page asks for only when the shop ships to its market", () => {
    expect(checkoutCurrency("CAD", ["US", "CA"], "US")).toBe("CAD");
    expect(checkoutCurrency("EUR", ["US", "CA"], "US")).toBe("USD");
    expect(checkoutCurrency("cad", ["US", "CA"], "US")).toBe("USD");
    expect(checkoutCurrency(null, ["US", "CA"], "CA")).toBe("CAD");
  });
});
