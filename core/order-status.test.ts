import { describe, expect, it } from "vitest";
import { assertMove, canMove, OrderTransitionError } from "./order-status.ts";

describe("order status moves", () => {
  it.each([
    ["pending", "processing"],
    ["pending", "cancelled"],
    ["processing", "shipped"],
    ["processing", "cancelled"],
    ["shipped", "delivered"],
  ] as const)("allows %s -> %s", (from, to) => {
    expect(canMove(from, to)).toBe(true);
  });

  it.each([
    ["pending", "shipped"],
    ["pending", "delivered"],
    ["processing", "pending"],
    ["shipped", "cancelled"],
    ["delivered", "cancelled"],
    ["cancelled", "processing"],
    ["nonsense", "processing"],
  ] as const)("refuses %s -> %s with a clear message", (from, to) => {
    expect(canMove(from, to)).toBe(false);
    expect(() => assertMove("MANA-TEST2345", from, to)).toThrow(OrderTransitionError);
    expect(() => assertMove("MANA-TEST2345", from, to)).toThrow(`Order MANA-TEST2345 is ${from}`);
  });
});
