import { describe, expect, it } from "vitest";
import { HIDDEN_CODE, HIDDEN_LINK, redactMessageText } from "./outbox.ts";

describe("an outbox message as the dashboard shows it", () => {
  it("hides a link's query and long tokens, keeping where it pointed", () => {
    expect(
      redactMessageText(
        "email",
        "Choose a new password: https://shop.example.com/auth/reset?token=abc123XYZ\nThanks",
      ),
    ).toBe(`Choose a new password: https://shop.example.com/auth/reset ${HIDDEN_LINK}\nThanks`);
    expect(
      redactMessageText(
        "email",
        "Confirm: https://shop.example.com/api/auth/verify-email/eyJhbGciOi1JIUzI1NiJ9",
      ),
    ).toBe(`Confirm: https://shop.example.com/api/auth/verify-email/… ${HIDDEN_LINK}`);
  });

  it("keeps a plain link as it is", () => {
    expect(redactMessageText("email", "Visit https://shop.example.com/products/ashwagandha.")).toBe(
      "Visit https://shop.example.com/products/ashwagandha.",
    );
  });

  it("hides a sign-in code in an SMS, not in an e-mail's order number", () => {
    expect(redactMessageText("sms", "Your MANA code is 482913")).toBe(`Your MANA code is ${HIDDEN_CODE}`);
    expect(redactMessageText("email", "Order MANA-2026 total $40")).toBe("Order MANA-2026 total $40");
  });
});
