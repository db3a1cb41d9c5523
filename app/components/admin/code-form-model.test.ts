import { describe, expect, it } from "vitest";
import { adminCodeCreate } from "../../../core/contracts/admin-codes.ts";
import { formErrorsOf, readCodeAmounts, readCodeForm } from "./code-form-model.ts";
import { codeDates, usesText } from "./code-text.ts";

const PRODUCTS = [1, 2, 3, 4];

describe("the new-code form", () => {
  it("turns dollars into cents, days into UTC moments (the last day included) and ticked boxes into the body", () => {
    const { body, errors } = readCodeForm(
      {
        code: " spring15 ",
        kind: "amount",
        amount: "$7.5",
        percent: "not read for an amount code",
        minimum: "50",
        startsOn: "2026-12-01",
        endsOn: "2026-12-31",
        maxUses: "100",
        oncePerCustomer: "on",
        combinesWithBundles: "on",
        "product-3": "on",
        "product-1": "on",
        renewals: "first_n",
        renewalCount: "3",
      },
      PRODUCTS,
    );
    expect(errors).toEqual({});
    expect(body).toEqual({
      code: "spring15",
      kind: "amount",
      amountCents: 750,
      minSubtotalCents: 5000,
      startsAt: "2026-12-01T00:00:00.000Z",
      endsAt: "2027-01-01T00:00:00.000Z",
      maxUses: 100,
      oncePerCustomer: true,
      firstOrderOnly: false,
      combinesWithBundles: true,
      productIds: [1, 3],
      renewals: "first_n",
      renewalCount: 3,
    });
    expect(adminCodeCreate.parse(body).code).toBe("SPRING15");
  });

  it("reads the amount off and the minimum in CAD, EUR and GBP, signs allowed; a blank currency is left out (decision 051)", () => {
    const { body, errors } = readCodeForm(
      {
        code: "SAVE5",
        kind: "amount",
        amount: "5",
        minimum: "50",
        "amount-CAD": "CA$7",
        "minimum-CAD": "70,00",
        "amount-GBP": "£4.00",
        "minimum-GBP": "40",
      },
      PRODUCTS,
    );
    expect(errors).toEqual({});
    expect(body.amounts).toEqual([
      { currency: "CAD", amountCents: 700, minSubtotalCents: 7000 },
      { currency: "GBP", amountCents: 400, minSubtotalCents: 4000 },
    ]);
    expect(adminCodeCreate.safeParse(body).success).toBe(true);
    // A percentage code's amount fields are not read; a wrong amount is said beside its field.
    expect(readCodeAmounts({ "amount-EUR": "5", "minimum-EUR": "five" }, "percent")).toEqual({
      amounts: [{ currency: "EUR" }],
      errors: {
        "minimum-EUR": "Enter the minimum order in EUR as a number with up to two decimals, such as 5.00.",
      },
    });
    // The rules' messages go beside the currency's field.
    const missing = adminCodeCreate.safeParse({
      ...body,
      amounts: [{ currency: "EUR", minSubtotalCents: 5000 }],
    });
    expect(missing.success).toBe(false);
    expect(formErrorsOf({ "amounts.EUR.amountCents": "Enter the amount off in EUR." })).toEqual({
      "amount-EUR": "Enter the amount off in EUR.",
    });
  });

  it("leaves out what is blank: every product, no dates, no limit, the first order only", () => {
    const { body, errors } = readCodeForm({ code: "SHIPFREE", kind: "free_shipping" }, PRODUCTS);
    expect(errors).toEqual({});
    expect(body).toEqual({
      code: "SHIPFREE",
      kind: "free_shipping",
      oncePerCustomer: false,
      firstOrderOnly: false,
      combinesWithBundles: false,
      renewals: "first_order",
    });
  });

  it("answers a message per field it cannot read", () => {
    const { errors } = readCodeForm(
      {
        code: "",
        kind: "percent",
        percent: "ten",
        minimum: "40.999",
        startsOn: "2026-02-30",
        endsOn: "2026-01-01",
        maxUses: "0",
        renewals: "first_n",
        renewalCount: "30",
      },
      PRODUCTS,
    );
    expect(errors).toEqual({
      code: "Enter the code shoppers will type, such as SPRING15.",
      percent: "The percentage is a whole number, 1 or more.",
      minimum: "Enter the minimum order in dollars and cents, such as 5.00.",
      startsOn: "Enter the first day as a date, such as 2026-12-01.",
      maxUses: "The limit of uses is a whole number, 1 or more.",
      renewalCount: "The number of renewals can be at most 24.",
    });
    expect(readCodeForm({ code: "X1X", kind: "" }, PRODUCTS).errors).toEqual({
      kind: "Choose what the code gives.",
    });
    expect(
      readCodeForm(
        { code: "X1X", kind: "percent", percent: "5", startsOn: "2026-03-02", endsOn: "2026-03-01" },
        [],
      ).errors,
    ).toEqual({ endsOn: "The last day must be on or after the first day." });
  });

  it("puts the server's message about a body field beside the form's field", () => {
    expect(formErrorsOf({ amountCents: "a", productIds: "b", endsAt: "c", code: "d" })).toEqual({
      amount: "a",
      products: "b",
      endsOn: "c",
      code: "d",
    });
  });
});

describe("a code as the list words it", () => {
  it("says a day's dates as days, the last one included, and other moments as they are", () => {
    expect(codeDates({ startsAt: "2026-12-01T00:00:00.000Z", endsAt: "2027-01-01T00:00:00.000Z" })).toEqual([
      "From December 1, 2026.",
      "Through December 31, 2026.",
    ]);
    expect(codeDates({ startsAt: null, endsAt: "2026-12-01T15:30:00.000Z" })).toEqual([
      "Until Dec 1, 2026, 3:30 PM UTC.",
    ]);
  });

  it("counts uses against the limit and says those in checkout apart", () => {
    expect(usesText({ uses: 3, reserved: 0, maxUses: null })).toBe("3 (no limit)");
    expect(usesText({ uses: 3, reserved: 2, maxUses: 100 })).toBe("3 of 100 (+2 in checkout)");
  });
});
