import { describe, expect, it } from "vitest";
import { giftCardEmail } from "./gift-card.ts";

const card = {
  giftCardId: "5b0f2a3e-1111-4222-8333-944445555666",
  to: "friend@example.com",
  code: "ABCD-EFGH-JKLM-NPQR",
  amountCents: 5000,
  recipientName: null,
  senderName: "Sam",
  message: null,
  fromSomeone: true,
  origin: "https://shop.example",
};

// A gift card's e-mail writes its amount in the card's currency, a Canadian card marked CA$ (decision 051).
describe("the gift card e-mail", () => {
  it("writes a Canadian card's amount as CA$ in the subject and the body, in every language", () => {
    const en = giftCardEmail({ ...card, currency: "cad" });
    expect(en.subject).toContain("CA$50.00");
    expect(en.text).toContain("CA$50.00");
    expect(en.html).toContain("CA$50.00");
    const fr = giftCardEmail({ ...card, currency: "cad", locale: "fr" });
    expect(fr.text).toContain("CA$50.00");
    expect(giftCardEmail({ ...card, currency: "gbp" }).text).toContain("£50.00");
  });

  it("writes a US dollar card, or one without a currency, with the plain $", () => {
    expect(giftCardEmail({ ...card, currency: "usd" }).subject).toContain("$50.00");
    expect(giftCardEmail(card).text).not.toContain("CA$");
    expect(giftCardEmail(card).text).toContain("$50.00");
  });
});
