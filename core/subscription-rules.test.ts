import { describe, expect, it } from "vitest";
import {
  addMonths,
  afterFailedCharge,
  allowedActions,
  canDo,
  checkPriceNoticeDay,
  planAction,
  priceNoticeWindow,
  refusal,
  renewalAmountCents,
  SUBSCRIPTION_ACTIONS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionState,
  shownNextBilling,
} from "./subscription-rules.ts";

const now = new Date("2027-01-10T12:00:00Z");
const active: SubscriptionState = {
  status: "active",
  nextBillingDate: new Date("2027-01-20T12:00:00Z"),
  intervalMonths: 1,
  pausedUntil: null,
  endsAt: null,
};

describe("subscription rules", () => {
  it("allows each status only its moves, and a cancelled subscription none", () => {
    expect(allowedActions("active")).toEqual([
      "pause",
      "skip",
      "frequency",
      "quantity",
      "swap",
      "next-date",
      "cancel",
      "address",
      "payment-method",
    ]);
    expect(allowedActions("paused")).toContain("resume");
    expect(allowedActions("paused")).not.toContain("skip");
    expect(allowedActions("past_due")).toEqual(["cancel", "address", "payment-method"]);
    expect(allowedActions("cancelled")).toEqual([]);
    expect(allowedActions("no-such-status")).toEqual([]);
    for (const status of SUBSCRIPTION_STATUSES)
      for (const action of SUBSCRIPTION_ACTIONS)
        if (!canDo(status, action)) expect(refusal(status, action)).toMatch(/\.$/);
  });

  it("refuses an impossible move with a reason the customer can act on", () => {
    expect(planAction({ ...active, status: "cancelled" }, { action: "resume" }, now)).toEqual({
      ok: false,
      code: "not_allowed",
      message: "This subscription is cancelled: it cannot be resumed.",
    });
    expect(planAction(active, { action: "resume" }, now)).toMatchObject({
      ok: false,
      message: "This subscription is not paused.",
    });
    expect(planAction({ ...active, status: "paused" }, { action: "skip" }, now)).toMatchObject({
      ok: false,
      message: "A paused subscription cannot be skipped: resume it first.",
    });
  });

  it("pauses for whole months from the next delivery, or until resumed", () => {
    expect(planAction(active, { action: "pause", months: 2 }, now)).toEqual({
      ok: true,
      changes: {
        status: "paused",
        pausedUntil: new Date("2027-03-20T12:00:00Z"),
        nextBillingDate: new Date("2027-03-20T12:00:00Z"),
      },
    });
    expect(planAction(active, { action: "pause", months: null }, now)).toEqual({
      ok: true,
      changes: { status: "paused", pausedUntil: null },
    });
  });

  it("resumes on the planned date, or tomorrow when it has passed", () => {
    const paused = { ...active, status: "paused" as const };
    expect(planAction(paused, { action: "resume" }, now)).toMatchObject({
      changes: { status: "active", nextBillingDate: active.nextBillingDate },
    });
    const long = { ...paused, nextBillingDate: new Date("2026-12-01T00:00:00Z") };
    expect(planAction(long, { action: "resume" }, now)).toMatchObject({
      changes: { nextBillingDate: new Date("2027-01-11T12:00:00Z") },
    });
  });

  it("skips one interval, and changes frequency without moving the date", () => {
    expect(planAction({ ...active, intervalMonths: 2 }, { action: "skip" }, now)).toEqual({
      ok: true,
      changes: { nextBillingDate: new Date("2027-03-20T12:00:00Z") },
    });
    expect(planAction(active, { action: "frequency", months: 3 }, now)).toEqual({
      ok: true,
      changes: { intervalMonths: 3 },
    });
  });

  it("moves the next date to a day from tomorrow to 60 days out, no further", () => {
    const ok = new Date("2027-03-11T09:00:00Z");
    expect(planAction(active, { action: "next-date", date: ok }, now)).toEqual({
      ok: true,
      changes: { nextBillingDate: ok },
    });
    for (const date of [new Date("2027-01-10T20:00:00Z"), new Date("2027-03-12T00:00:00Z")])
      expect(planAction(active, { action: "next-date", date }, now)).toMatchObject({
        ok: false,
        code: "invalid_date",
      });
  });

  it("cancels at the end of the paid period when active, at once when paused or unpaid", () => {
    expect(planAction(active, { action: "cancel" }, now)).toEqual({
      ok: true,
      changes: { status: "cancelled", pausedUntil: null, endsAt: active.nextBillingDate },
    });
    expect(planAction({ ...active, status: "past_due" }, { action: "cancel" }, now)).toMatchObject({
      changes: { endsAt: now },
    });
  });

  it("shows no next billing date once cancelled or while paused until resumed", () => {
    expect(shownNextBilling(active)).toEqual(active.nextBillingDate);
    expect(shownNextBilling({ ...active, status: "cancelled" })).toBeNull();
    expect(shownNextBilling({ ...active, status: "paused" })).toBeNull();
    const until = new Date("2027-02-20T00:00:00Z");
    expect(shownNextBilling({ ...active, status: "paused", pausedUntil: until })).toEqual(until);
  });

  it("adds calendar months, keeping the day or the month's last day", () => {
    expect(addMonths(new Date("2027-01-31T08:00:00Z"), 1)).toEqual(new Date("2027-02-28T08:00:00Z"));
    expect(addMonths(new Date("2027-11-15T00:00:00Z"), 3)).toEqual(new Date("2028-02-15T00:00:00Z"));
  });

  it("retries a failed renewal after 1, 3 and 5 days, then cancels", () => {
    const first = new Date("2027-01-20T00:00:00Z");
    expect(afterFailedCharge(first, 1)).toEqual({
      status: "past_due",
      retryAt: new Date("2027-01-21T00:00:00Z"),
    });
    expect(afterFailedCharge(first, 2)).toEqual({
      status: "past_due",
      retryAt: new Date("2027-01-23T00:00:00Z"),
    });
    expect(afterFailedCharge(first, 3)).toEqual({
      status: "past_due",
      retryAt: new Date("2027-01-25T00:00:00Z"),
    });
    expect(afterFailedCharge(first, 4)).toEqual({ status: "cancelled" });
  });
});

describe("a price change for existing subscriptions (decision 043)", () => {
  it("takes effect 7 to 30 days ahead, 30 by default; any other day or text is refused", () => {
    expect(priceNoticeWindow(now)).toEqual({
      earliest: "2027-01-17",
      latest: "2027-02-09",
      default: "2027-02-09",
    });
    expect(checkPriceNoticeDay("2027-01-17", now)).toEqual({
      ok: true,
      from: new Date("2027-01-17T00:00:00Z"),
    });
    expect(checkPriceNoticeDay("2027-02-09", now).ok).toBe(true);
    for (const day of ["2027-01-16", "2027-02-10", "2027-01-10", "2027-02-30", "17/01/2027", ""])
      expect(checkPriceNoticeDay(day, now), day).toMatchObject({
        ok: false,
        message: expect.stringMatching(/7 to 30 days/),
      });
  });

  it("charges the new price from the first renewal on or after its date, the old one before", () => {
    const sub = {
      amountCents: 2550,
      pendingAmountCents: 2720,
      pendingAmountFrom: new Date("2027-02-01T00:00:00Z"),
    };
    expect(renewalAmountCents({ ...sub, nextBillingDate: new Date("2027-01-31T12:00:00Z") })).toBe(2550);
    expect(renewalAmountCents({ ...sub, nextBillingDate: new Date("2027-02-01T12:00:00Z") })).toBe(2720);
    expect(
      renewalAmountCents({
        ...sub,
        pendingAmountCents: null,
        nextBillingDate: new Date("2027-03-01T12:00:00Z"),
      }),
    ).toBe(2550);
  });
});
