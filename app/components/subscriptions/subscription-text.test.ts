import { describe, expect, it } from "vitest";
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { requestTranslator } from "../../i18n/catalogue.server.ts";
import {
  cardReturnToast,
  cardText,
  changedToast,
  discountText,
  nextDateBounds,
  pendingPriceLine,
  priceForQuantityCents,
  priceLine,
  productLine,
  scheduleLine,
  shortAddress,
} from "./subscription-text.ts";

const now = new Date("2027-01-10T12:00:00Z");
const en = requestTranslator("en", new Set());
const fr = requestTranslator("fr", new Set());
const t = en.t;
const sub: SubscriptionView = {
  id: "5b0f2a3e-1111-4222-8333-944445555666",
  productId: 1,
  productName: "Korean Ginseng",
  amount: "27.20",
  currency: "USD",
  plusTax: false,
  interval: "month",
  intervalMonths: 1,
  quantity: 1,
  bundleId: "",
  status: "active",
  nextBillingDate: "2027-01-20T12:00:00.000Z",
  pausedUntil: null,
  endsAt: null,
  pendingAmount: null,
  pendingFrom: null,
  discountLine: null,
  discount: null,
  shippingAddress: {
    fullName: "Sam Shopper",
    line1: "1 Main St",
    line2: "Apt 4",
    city: "Springfield",
    region: "IL",
    postalCode: "62701",
    country: "US",
    phone: null,
  },
  cardLabel: "Visa ending 4242",
  actions: ["pause", "skip", "frequency", "quantity", "swap", "next-date", "cancel", "address"],
};

describe("subscription wording", () => {
  it("names the product with its quantity only when a delivery holds more than one", () => {
    expect(productLine(sub)).toBe("Korean Ginseng");
    expect(productLine({ ...sub, quantity: 3 })).toBe("3x Korean Ginseng");
  });

  it("prices a delivery with its frequency", () => {
    expect(priceLine(t, sub)).toBe("$27.20 every month");
    expect(priceLine(t, { ...sub, amount: "54.40", intervalMonths: 2 })).toBe("$54.40 every 2 months");
  });

  it("prices a subscription bought in another currency in it, a Canadian one marked CA$ in every language", () => {
    const cad = { ...sub, amount: "36.00", currency: "CAD" as const };
    expect(priceLine(t, cad)).toBe("CA$36.00 every month");
    expect(priceLine(fr.t, cad)).toBe("CA$36.00 chaque mois");
    expect(priceLine(t, { ...sub, amount: "24.65", currency: "EUR" })).toBe("€24.65 every month");
    // Renewals that add the taxes of the address say so (decision 050), in the page's language.
    const taxed = { ...cad, plusTax: true };
    expect(priceLine(t, taxed)).toBe("CA$36.00 plus tax every month");
    expect(priceLine(fr.t, taxed)).toBe("CA$36.00 plus taxes chaque mois");
    expect(priceLine(requestTranslator("es", new Set()).t, taxed)).toBe("CA$36.00 más impuestos cada mes");
    expect(
      pendingPriceLine(en, { ...taxed, pendingAmount: "38.00", pendingFrom: "2027-03-04T12:00:00.000Z" }),
    ).toContain("CA$38.00 plus tax every month");
    expect(
      pendingPriceLine(en, { ...cad, pendingAmount: "38.00", pendingFrom: "2027-03-04T12:00:00.000Z" }),
    ).toContain("CA$38.00 every month");
  });

  it("shows the next billing date, a pause's end, or when a cancelled one ends", () => {
    expect(scheduleLine(en, sub, now)).toBe("Next billing January 20, 2027");
    expect(
      scheduleLine(
        en,
        {
          ...sub,
          status: "paused",
          pausedUntil: "2027-02-20T12:00:00.000Z",
          nextBillingDate: "2027-02-20T12:00:00.000Z",
        },
        now,
      ),
    ).toBe("Paused until February 20, 2027");
    expect(scheduleLine(en, { ...sub, status: "paused", nextBillingDate: null }, now)).toBe("Paused");
    const cancelled = { ...sub, status: "cancelled", nextBillingDate: null };
    expect(scheduleLine(en, { ...cancelled, endsAt: "2027-01-20T12:00:00.000Z" }, now)).toBe(
      "Ends on January 20, 2027",
    );
    expect(scheduleLine(en, { ...cancelled, endsAt: "2027-01-02T12:00:00.000Z" }, now)).toBe(
      "Ended on January 2, 2027",
    );
  });

  it("writes the address short", () => {
    expect(shortAddress(sub.shippingAddress as NonNullable<typeof sub.shippingAddress>)).toBe(
      "Sam Shopper, 1 Main St, Springfield",
    );
  });

  it("offers dates from tomorrow to 60 days from today", () => {
    expect(nextDateBounds(now)).toEqual({ min: "2027-01-11", max: "2027-03-11" });
  });

  it("prices a new quantity at the subscription's price per unit", () => {
    expect(priceForQuantityCents(sub, 2)).toBe(5440);
    expect(priceForQuantityCents({ amount: "54.40", quantity: 2 }, 3)).toBe(8160);
  });

  it("names what each action changed", () => {
    expect(changedToast(en, "frequency", sub, { ...sub, intervalMonths: 2 }, now)).toEqual({
      title: "Frequency changed",
      description: "Korean Ginseng now ships every 2 months.",
    });
    expect(
      changedToast(en, "swap", sub, { ...sub, productName: "Ashwagandha", amount: "28.05" }, now).description,
    ).toBe("Ashwagandha replaces Korean Ginseng, $28.05 every month.");
    expect(
      changedToast(
        en,
        "pause",
        sub,
        { ...sub, status: "paused", nextBillingDate: null, pausedUntil: null },
        now,
      ).description,
    ).toBe("Korean Ginseng is paused until you resume it.");
    expect(
      changedToast(
        en,
        "cancel",
        sub,
        { ...sub, status: "cancelled", nextBillingDate: null, endsAt: "2027-01-20T12:00:00.000Z" },
        now,
      ).description,
    ).toBe("Korean Ginseng ends on January 20, 2027. Nothing is charged after that.");
  });

  it("words the schedule and the price in the page's language", () => {
    expect(scheduleLine(fr, sub, now)).toBe("Prochain prélèvement le 20 janvier 2027");
    expect(priceLine(fr.t, { ...sub, intervalMonths: 2 })).toBe("$27.20 tous les 2 mois");
  });

  it("words the return from the save-card page, and ignores anything else", () => {
    expect(cardReturnToast(t, "saved")?.title).toBe("Card updated");
    expect(cardReturnToast(t, "renewed")?.title).toBe("Card updated and your renewal went through");
    expect(cardReturnToast(t, "declined")).toMatchObject({
      title: "That card was declined too",
      variant: "destructive",
    });
    expect(cardReturnToast(t, "<script>")).toBeNull();
    expect(cardReturnToast(t, null)).toBeNull();
  });
});

describe("cardText", () => {
  it("words a saved card in the page's language, and keeps a label of another shape", () => {
    expect(cardText(en.t, "Visa ending 4242")).toBe("Visa ending 4242");
    expect(cardText(fr.t, "Visa ending 4242")).toBe("Visa se terminant par 4242");
    expect(cardText(requestTranslator("es", new Set()).t, "American Express ending 0005")).toBe(
      "American Express terminada en 0005",
    );
    expect(cardText(fr.t, "Test card")).toBe("Test card");
  });
});

describe("discountText", () => {
  it("words a code carried into the renewals in the page's language", () => {
    const left = { code: "WELCOME10", renewalsLeft: 3, price: "$30.60", off: "$3.40" };
    expect(discountText(en.t, left)).toBe("WELCOME10: 3 discounted renewals left ($30.60 each, $3.40 off)");
    expect(discountText(fr.t, { ...left, renewalsLeft: 1 })).toBe(
      "WELCOME10 : encore 1 renouvellement réduit ($30.60 chacun, $3.40 de réduction)",
    );
    expect(discountText(en.t, { ...left, renewalsLeft: null })).toBe(
      "WELCOME10: discounted at every renewal ($30.60 each, $3.40 off)",
    );
  });
});
