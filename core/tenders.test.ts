import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyTenders, balancesNotInCurrency, pointsEarned, pointsForCents, refundSplit } from "./tenders.ts";

const none = { giftCards: [], creditCents: 0, pointsBalance: 0, pointSteps: 0 };

describe("tenders: what pays an order after its total", () => {
  it("gift cards first, then store credit, then whole steps of points; the card pays the rest", () => {
    const r = applyTenders(10_000, 10_000, {
      giftCards: [{ id: "a", balanceCents: 2500 }],
      creditCents: 1000,
      pointsBalance: 250,
      pointSteps: 2,
    });
    expect(r.tenders).toEqual([
      { kind: "gift_card", giftCardId: "a", cents: 2500 },
      { kind: "credit", cents: 1000 },
      { kind: "points", cents: 1000, points: 200 },
    ]);
    expect(r.dueCents).toBe(5500);
  });

  it("a gift card larger than the order pays it all and keeps the rest", () => {
    const r = applyTenders(3595, 3595, { ...none, giftCards: [{ id: "a", balanceCents: 5000 }] });
    expect(r).toMatchObject({ tenderedCents: 3595, dueCents: 0 });
  });

  it("pays only the payable part: never a subscription or a gift card in the cart", () => {
    const r = applyTenders(8000, 3000, { ...none, giftCards: [{ id: "a", balanceCents: 10_000 }] });
    expect(r).toMatchObject({ tenderedCents: 3000, dueCents: 5000 });
  });

  it("a step of points never pays less than its $5", () => {
    const r = applyTenders(700, 700, { ...none, pointsBalance: 1000, pointSteps: 5 });
    expect(r.tenders).toEqual([{ kind: "points", cents: 500, points: 100 }]);
    expect(applyTenders(400, 400, { ...none, pointsBalance: 1000, pointSteps: 1 }).tenders).toEqual([]);
  });

  it("earns a point per whole dollar; gives back 5 cents a point, rounded up", () => {
    expect(pointsEarned(6995)).toBe(69);
    expect(pointsEarned(-1)).toBe(0);
    expect(pointsForCents(500)).toBe(100);
    expect(pointsForCents(7)).toBe(2);
  });

  it("refunds go back to gift cards first, then credit, then points, then the card", () => {
    const tenders = [
      { id: "g", kind: "gift_card" as const, cents: 2000, refundedCents: 500 },
      { id: "c", kind: "credit" as const, cents: 1000, refundedCents: 0 },
      { id: "p", kind: "points" as const, cents: 500, refundedCents: 0 },
    ];
    expect(refundSplit(4000, tenders)).toEqual([
      { tenderId: "g", kind: "gift_card", cents: 1500 },
      { tenderId: "c", kind: "credit", cents: 1000 },
      { tenderId: "p", kind: "points", cents: 500 },
      { tenderId: null, kind: "card", cents: 1000 },
    ]);
  });

  it("never tenders more than the payable part or a balance, never a negative amount, and the parts sum", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: -100, max: 20_000 }), { maxLength: 3 }),
        fc.integer({ min: -100, max: 20_000 }),
        fc.integer({ min: -100, max: 5000 }),
        fc.integer({ min: 0, max: 60 }),
        (total, payable, cards, credit, points, steps) => {
          const r = applyTenders(total, payable, {
            giftCards: cards.map((b, i) => ({ id: String(i), balanceCents: b })),
            creditCents: credit,
            pointsBalance: points,
            pointSteps: steps,
          });
          expect(r.tenderedCents).toBeLessThanOrEqual(Math.min(total, payable));
          expect(r.tenderedCents + r.dueCents).toBe(total);
          for (const t of r.tenders) expect(t.cents).toBeGreaterThan(0);
          r.tenders.forEach((t) => {
            if (t.kind === "gift_card") expect(t.cents).toBeLessThanOrEqual(cards[Number(t.giftCardId)] ?? 0);
            if (t.kind === "credit") expect(t.cents).toBeLessThanOrEqual(credit);
            if (t.kind === "points") {
              expect(t.points % 100).toBe(0);
              expect(t.points).toBeLessThanOrEqual(Math.max(0, points));
              expect(t.cents).toBe(t.points * 5);
            }
          });
          const back = refundSplit(
            total,
            r.tenders.map((t, i) => ({ id: String(i), kind: t.kind, cents: t.cents, refundedCents: 0 })),
          );
          expect(back.reduce((s, b) => s + b.cents, 0)).toBe(total);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("in another currency the credit and points given (the customer's in it) pay; a gift card in another does not", () => {
    const sources = {
      giftCards: [
        { id: "usd", balanceCents: 2000 },
        { id: "cad", balanceCents: 1000, currency: "CAD" as const },
      ],
      creditCents: 1200,
      pointsBalance: 250,
      pointSteps: 3,
    };
    // CA$10.00 of card, CA$12.00 of credit, then two CA$5.00 steps (500 minor units each, decision 051).
    expect(applyTenders(5418, 5418, sources, "CAD")).toEqual({
      tenders: [
        { kind: "gift_card", giftCardId: "cad", cents: 1000 },
        { kind: "credit", cents: 1200 },
        { kind: "points", cents: 1000, points: 200 },
      ],
      tenderedCents: 3200,
      dueCents: 5418 - 3200,
    });
    expect(balancesNotInCurrency(sources, "CAD")).toEqual([
      { kind: "gift_card", giftCardId: "usd", currency: "USD" },
    ]);
  });
});
