import { describe, expect, it } from "vitest";
import { type Bundle, type PricingLine, priceCart } from "./pricing.ts";
import { RENEWAL_TERMS, type RenewalLine, renewalDisclosure } from "./renewal-disclosure.ts";

const line = (extra: Partial<RenewalLine> = {}): RenewalLine => ({
  productName: "Ashwagandha",
  quantity: 1,
  isSubscription: true,
  bundleName: null,
  lineTotalCents: 2550,
  savingCents: 0,
  ...extra,
});

const NOV_26 = new Date("2026-11-26T15:30:00Z");

describe("renewalDisclosure", () => {
  it("asks nothing of a cart without a subscription", () => {
    expect(renewalDisclosure([line({ isSubscription: false })], NOV_26)).toBeNull();
    expect(renewalDisclosure([], NOV_26)).toBeNull();
  });

  it("names the product, what each renewal charges, how often, until when, and the first renewal's day", () => {
    const d = renewalDisclosure([line()], NOV_26);
    expect(d?.items).toEqual(["Ashwagandha: $25.50 every month, shipping free"]);
    expect(d?.total).toBeNull();
    expect(d?.firstRenewalDate).toBe("2026-12-26");
    expect(d?.firstCharge).toContain("on December 26, 2026 if you pay today");
    expect(d?.termsVersion).toBe(RENEWAL_TERMS.version);
    expect(d?.text).toContain("until you cancel");
    expect(d?.text).toContain(RENEWAL_TERMS.cancel);
    expect(d?.text.split("\n")).toEqual([
      RENEWAL_TERMS.heading,
      RENEWAL_TERMS.intro,
      "- Ashwagandha: $25.50 every month, shipping free",
      RENEWAL_TERMS.tax,
      d?.firstCharge,
      "If we change the price, we e-mail you the new price at least 7 days before a renewal charges it.",
      RENEWAL_TERMS.cancel,
    ]);
  });

  it("dates the first renewal one calendar month on, the 31st to the last day of a shorter month", () => {
    expect(renewalDisclosure([line()], new Date("2027-01-31T10:00:00Z"))?.firstRenewalDate).toBe(
      "2027-02-28",
    );
    expect(renewalDisclosure([line()], new Date("2026-12-15T23:59:00Z"))?.firstRenewalDate).toBe(
      "2027-01-15",
    );
  });

  it("charges a stack's line its price less its share of the stack's saving, as the subscription will", () => {
    // The Complete MANA System: $130 of products for $100, less 20% as a subscription: $80 a month.
    const prices = [3000, 4000, 3000, 3000];
    const bundle: Bundle = {
      id: "complete",
      name: "Complete MANA System",
      productIds: [1, 2, 3, 4],
      bundlePriceCents: 10000,
      subscriptionDiscount: 20,
    };
    const pricing: PricingLine[] = prices.map((unitCents, i) => ({
      id: String(i),
      productId: i + 1,
      quantity: 1,
      isSubscription: true,
      bundleId: "complete",
      unitCents,
    }));
    const totals = priceCart(pricing, [bundle], 595);
    const names = ["Korean Ginseng", "Total Restore", "Verdant Edge", "Ashwagandha"];
    const lines = totals.lines.map((l, i) => ({
      productName: names[i] ?? "",
      quantity: 1,
      isSubscription: true,
      bundleName: bundle.name,
      lineTotalCents: l.lineCents,
      savingCents: l.savingCents,
    }));
    const d = renewalDisclosure(lines, NOV_26);
    expect(d?.items).toHaveLength(4);
    expect(d?.items[1]).toBe(
      "Total Restore (in the Complete MANA System): $24.62 every month, shipping free",
    );
    expect(d?.total).toBe("In all, $80.00 every month.");
  });

  it("lists each of several subscriptions with its quantity and leaves one-time lines out", () => {
    const d = renewalDisclosure(
      [
        line({ productName: "Korean Ginseng", quantity: 2, lineTotalCents: 5100 }),
        line({ productName: "Verdant Edge", isSubscription: false, lineTotalCents: 3000 }),
        line({ productName: "Total Restore", lineTotalCents: 3400 }),
      ],
      NOV_26,
    );
    expect(d?.items).toEqual([
      "2 x Korean Ginseng: $51.00 every month, shipping free",
      "Total Restore: $34.00 every month, shipping free",
    ]);
    expect(d?.total).toBe("In all, $85.00 every month.");
    expect(d?.text).not.toContain("Verdant Edge");
  });

  it("builds the same text from the same cart and day, so the server can rebuild what the page showed", () => {
    const a = renewalDisclosure([line()], NOV_26);
    const b = renewalDisclosure([line()], new Date("2026-11-26T00:00:01Z"));
    expect(b?.text).toBe(a?.text);
  });
});

describe("renewalDisclosure with a discount code carried into renewals", () => {
  const code = (renewals: "first_order" | "first_n" | "every", renewalCount: number | null = null) => ({
    code: "WELCOME10",
    kind: "percent" as const,
    percent: 10,
    renewals,
    renewalCount,
  });
  const discounted = (extra: Partial<RenewalLine> = {}) =>
    line({ lineTotalCents: 2833, codeCents: 283, ...extra });

  it("states the discounted price, for how many renewals, and the price after them", () => {
    const d = renewalDisclosure([discounted()], NOV_26, RENEWAL_TERMS, code("first_n", 3));
    expect(d?.items).toEqual([
      "Ashwagandha: $25.50 every month for the first 3 renewals with the code WELCOME10, then $28.33 every month, shipping free",
    ]);
    expect(d?.text).toContain("- Ashwagandha: $25.50 every month for the first 3 renewals");
    expect(renewalDisclosure([discounted()], NOV_26, RENEWAL_TERMS, code("first_n", 1))?.items[0]).toContain(
      "for the first renewal with the code WELCOME10, then $28.33",
    );
  });

  it("states a price discounted at every renewal", () => {
    const d = renewalDisclosure([discounted()], NOV_26, RENEWAL_TERMS, code("every"));
    expect(d?.items).toEqual([
      "Ashwagandha: $25.50 every month with the code WELCOME10 (instead of $28.33), shipping free",
    ]);
  });

  it("is the plain disclosure for a first-order code, or a line the code did not discount", () => {
    const plain = renewalDisclosure([line({ lineTotalCents: 2833 })], NOV_26);
    expect(renewalDisclosure([discounted()], NOV_26, RENEWAL_TERMS, code("first_order"))?.text).toBe(
      plain?.text,
    );
    expect(
      renewalDisclosure([discounted({ codeCents: 0 })], NOV_26, RENEWAL_TERMS, code("first_n", 3))?.text,
    ).toBe(plain?.text);
  });

  it("totals several subscriptions while discounted and after", () => {
    const d = renewalDisclosure(
      [discounted(), discounted({ productName: "Total Restore", lineTotalCents: 3400, codeCents: 340 })],
      NOV_26,
      RENEWAL_TERMS,
      code("first_n", 2),
    );
    expect(d?.total).toBe("In all, $56.10 every month for the first 2 renewals, then $62.33 every month.");
  });
});
