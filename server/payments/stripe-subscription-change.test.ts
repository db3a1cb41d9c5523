import { describe, expect, it } from "vitest";
import type { BillingTerms } from "./provider.ts";
import { stripeSubscriptionState } from "./provider.ts";
import { stripeSubscriptionChange } from "./stripe-provider.ts";

const now = new Date("2027-01-10T12:00:00Z");
const next = new Date("2027-02-01T09:00:00Z");
const unix = (d: Date) => d.getTime() / 1000;
const terms: BillingTerms = {
  status: "active",
  productId: 2,
  productName: "Ginseng",
  amountCents: 3400,
  intervalMonths: 1,
  nextBillingDate: next,
  pausedUntil: null,
};

describe("what a subscription change asks of Stripe", () => {
  it("asks nothing when nothing Stripe bills changed (an address)", () => {
    expect(stripeSubscriptionChange(terms, { ...terms }, now)).toBeNull();
  });

  it("a new address with other taxes sets the subscription's tax rates; one with the same taxes only moves the address (decision 050)", () => {
    const hst = { name: "HST" as const, ratePercent: "13", included: false, country: "CA", region: "ON" };
    const toronto = {
      fullName: "A",
      line1: "1 King St",
      line2: null,
      city: "Toronto",
      region: "ON",
      postalCode: "M5V 2T6",
      country: "CA",
      phone: null,
    };
    const before = { ...terms, taxes: [hst], address: toronto };
    const ottawa = { ...toronto, city: "Ottawa", postalCode: "K1A 0A6" };
    expect(stripeSubscriptionChange(before, { ...before, address: ottawa }, now)).toEqual({
      cancel: null,
      params: {},
      newPrice: false,
      newAddress: true,
    });
    const quebec = { ...toronto, city: "Montréal", region: "QC", postalCode: "H2X 1Y4" };
    const gst = { ...hst, name: "GST" as const, ratePercent: "5", region: null };
    const qst = { ...hst, name: "QST" as const, ratePercent: "9.975", region: "QC" };
    expect(stripeSubscriptionChange(before, { ...before, address: quebec, taxes: [gst, qst] }, now)).toEqual({
      cancel: null,
      params: {},
      newPrice: false,
      newTaxes: true,
      newAddress: true,
    });
    expect(stripeSubscriptionChange(before, { ...before }, now)).toBeNull();
  });

  it("a timed pause pauses collection until its end and moves the next charge there", () => {
    const until = new Date("2027-03-01T09:00:00Z");
    const after = { ...terms, status: "paused" as const, pausedUntil: until, nextBillingDate: until };
    expect(stripeSubscriptionChange(terms, after, now)).toEqual({
      cancel: null,
      newPrice: false,
      params: {
        pause_collection: { behavior: "void", resumes_at: unix(until) },
        trial_end: unix(until),
        proration_behavior: "none",
      },
    });
  });

  it("a pause until resumed pauses collection with no end and leaves the date; resuming clears it", () => {
    const paused = { ...terms, status: "paused" as const };
    expect(stripeSubscriptionChange(terms, paused, now)).toEqual({
      cancel: null,
      newPrice: false,
      params: { pause_collection: { behavior: "void" } },
    });
    expect(stripeSubscriptionChange(paused, terms, now)).toEqual({
      cancel: null,
      newPrice: false,
      params: { pause_collection: "" },
    });
  });

  it("a skip or a new date moves the next charge (trial_end), with nothing prorated", () => {
    const later = new Date("2027-03-01T09:00:00Z");
    expect(stripeSubscriptionChange(terms, { ...terms, nextBillingDate: later }, now)).toEqual({
      cancel: null,
      newPrice: false,
      params: { trial_end: unix(later), proration_behavior: "none" },
    });
  });

  it("a new frequency, quantity or product is a new price, the date kept so nothing is billed now", () => {
    for (const after of [
      { ...terms, intervalMonths: 2 },
      { ...terms, amountCents: 6800 },
      { ...terms, productId: 3, productName: "Ashwagandha", amountCents: 2400 },
    ])
      expect(stripeSubscriptionChange(terms, after, now)).toEqual({
        cancel: null,
        newPrice: true,
        params: { trial_end: unix(next), proration_behavior: "none" },
      });
  });

  it("a date that has passed (a price change while paused until resumed) is not sent as trial_end", () => {
    const paused = { ...terms, status: "paused" as const, nextBillingDate: new Date("2027-01-01T00:00:00Z") };
    expect(stripeSubscriptionChange(paused, { ...paused, intervalMonths: 3 }, now)).toEqual({
      cancel: null,
      newPrice: true,
      params: { proration_behavior: "none" },
    });
  });

  it("cancel: an active subscription at the end of its period, a paused or unpaid one now", () => {
    const cancelled = { ...terms, status: "cancelled" as const };
    expect(stripeSubscriptionChange(terms, cancelled, now)).toEqual({ cancel: "at_period_end" });
    expect(stripeSubscriptionChange({ ...terms, status: "paused" }, cancelled, now)).toEqual({
      cancel: "now",
    });
    expect(stripeSubscriptionChange({ ...terms, status: "past_due" }, cancelled, now)).toEqual({
      cancel: "now",
    });
    expect(stripeSubscriptionChange(cancelled, cancelled, now)).toBeNull();
  });
});

describe("a Stripe subscription as the shop's state", () => {
  const item = { items: { data: [{ current_period_end: 1_800_000_000 }] } };
  it("reads a trial as active, paused collection as paused, unpaid as past due", () => {
    expect(stripeSubscriptionState({ id: "sub_1", status: "trialing", ...item }).status).toBe("active");
    expect(
      stripeSubscriptionState({
        id: "sub_1",
        status: "active",
        pause_collection: { behavior: "void" },
        ...item,
      }).status,
    ).toBe("paused");
    expect(stripeSubscriptionState({ id: "sub_1", status: "unpaid", ...item }).status).toBe("past_due");
  });

  it("reads one set to end at its period's end as cancelled, ending then, with the shop's id", () => {
    expect(
      stripeSubscriptionState({
        id: "sub_1",
        status: "active",
        cancel_at_period_end: true,
        metadata: { subscriptionId: "8c1f" },
        ...item,
      }),
    ).toEqual({
      id: "sub_1",
      status: "cancelled",
      currentPeriodEnd: 1_800_000_000,
      endsAt: 1_800_000_000,
      shopSubscriptionId: "8c1f",
    });
    expect(stripeSubscriptionState({ id: "sub_1", status: "active", ...item }, true)).toMatchObject({
      status: "cancelled",
      endsAt: null,
    });
  });
});
