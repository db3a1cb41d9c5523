import { describe, expect, it } from "vitest";
import { checkSandboxCard, sandboxCardFingerprint } from "../../server/payments/sandbox-card.ts";

const form = (cardNumber: string) => ({ cardNumber, expiry: "12 / 40", cvc: "123", name: "Test Person" });
const now = new Date("2026-01-01T00:00:00Z");

describe("the sandbox's test cards", () => {
  it("accepts the second success card as a Mastercard", () => {
    expect(checkSandboxCard(form("5200 8282 8282 8210"), now)).toEqual({
      kind: "accepted",
      card: { brand: "Mastercard", last4: "8210", renewal: "succeed" },
    });
    expect(checkSandboxCard(form("4242 4242 4242 4242"), now)).toMatchObject({
      card: { brand: "Visa", last4: "4242" },
    });
  });

  it("fingerprints a card by its number and the server's secret, never showing the number", () => {
    const secret = "a-secret-of-at-least-thirty-two-characters";
    const visa = sandboxCardFingerprint(secret, "4242 4242 4242 4242");
    expect(visa).toMatch(/^[0-9a-f]{32}$/);
    // The same card typed another way, or after a restart with the same secret: the same fingerprint.
    expect(sandboxCardFingerprint(secret, "4242-4242-4242-4242")).toBe(visa);
    expect(sandboxCardFingerprint(secret, "5200 8282 8282 8210")).not.toBe(visa);
    expect(sandboxCardFingerprint(`${secret}!`, "4242 4242 4242 4242")).not.toBe(visa);
    expect(visa).not.toContain("4242");
  });
});
