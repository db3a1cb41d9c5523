import { describe, expect, it } from "vitest";
import { cardBrand, formatCardNumber, formatExpiry } from "./card-format.ts";

describe("the test card form's formatting", () => {
  it("groups the card number in fours as it is typed or pasted", () => {
    expect(formatCardNumber("4242")).toBe("4242");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-4242 4242x4242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
  });

  it("names the brand from the first digits", () => {
    expect(cardBrand("4242")).toBe("Visa");
    expect(cardBrand("5555 5555")).toBe("Mastercard");
    expect(cardBrand("2223")).toBe("Mastercard");
    expect(cardBrand("3782")).toBe("American Express");
    expect(cardBrand("6011")).toBe("Discover");
    expect(cardBrand("")).toBeNull();
    expect(cardBrand("9")).toBeNull();
  });

  it.each([
    ["1234", "12 / 34"],
    ["12/34", "12 / 34"],
    ["12 / 34", "12 / 34"],
    ["12", "12 / "],
    ["1", "1"],
    ["4", "04 / "],
    ["04 / 2", "04 / 2"],
    ["1/2", "01 / 2"],
    ["13", "01 / 3"],
    ["123456", "12 / 34"],
  ])("writes the expiry %s as %s", (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it("lets a backspace remove the separator", () => {
    expect(formatExpiry("12 /", true)).toBe("12");
  });
});
