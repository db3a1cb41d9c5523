import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysBefore, lowestPriceOf } from "./omnibus.ts";

describe("the lowest price of the last 30 days", () => {
  const today = "2026-11-27";

  it("counts the days in the window and the price in force when it began", () => {
    expect(
      lowestPriceOf(
        [
          { day: "2026-09-01", amountCents: 2500 },
          { day: "2026-11-20", amountCents: 3200 },
        ],
        today,
      ),
    ).toBe(2500);
  });

  it("forgets a price that ended before the window", () => {
    expect(
      lowestPriceOf(
        [
          { day: "2026-09-01", amountCents: 1900 },
          { day: "2026-10-01", amountCents: 2900 },
          { day: "2026-11-20", amountCents: 3200 },
        ],
        today,
      ),
    ).toBe(2900);
  });

  it("counts a reduction inside the window, and nothing after today", () => {
    const points = [
      { day: "2026-10-01", amountCents: 2900 },
      { day: "2026-11-10", amountCents: 2400 },
      { day: "2026-11-12", amountCents: 2900 },
      { day: "2026-11-30", amountCents: 1000 },
    ];
    expect(lowestPriceOf(points, today)).toBe(2400);
  });

  it("has no figure without a history", () => {
    expect(lowestPriceOf([], today)).toBeNull();
    expect(lowestPriceOf([{ day: "2026-12-01", amountCents: 100 }], today)).toBeNull();
  });

  it("takes the window's edge day as inside it", () => {
    expect(daysBefore(today, 30)).toBe("2026-10-28");
    expect(
      lowestPriceOf(
        [
          { day: "2026-10-20", amountCents: 3000 },
          { day: "2026-10-28", amountCents: 2000 },
        ],
        today,
      ),
    ).toBe(2000);
  });

  it("is never above today's price and never below the lowest point", () => {
    const day = fc.integer({ min: 0, max: 120 }).map((n) => daysBefore(today, n));
    fc.assert(
      fc.property(
        fc.array(fc.record({ day, amountCents: fc.integer({ min: 0, max: 50000 }) }), { minLength: 1 }),
        (raw) => {
          const points = [...new Map(raw.map((p) => [p.day, p])).values()];
          const lowest = lowestPriceOf(points, today);
          const current = [...points].sort((a, b) => (a.day < b.day ? 1 : -1))[0];
          expect(lowest).not.toBeNull();
          expect(lowest).toBeLessThanOrEqual(current?.amountCents ?? 0);
          expect(lowest).toBeGreaterThanOrEqual(Math.min(...points.map((p) => p.amountCents)));
        },
      ),
    );
  });
});
