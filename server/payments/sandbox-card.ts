import { createHmac } from "node:crypto";
import { z } from "zod";
import type { CardErrors, SandboxPayResult } from "../../core/contracts/checkout.ts";

/** Test cards (the same numbers Stripe's test mode uses). */
export const SANDBOX_SUCCESS_CARD = "4242424242424242";
/** A second card that pays (Stripe's Mastercard debit test number), so a test can pay with another card than 4242. */
export const SANDBOX_OTHER_SUCCESS_CARD = "5200828282828210";
export const SANDBOX_DECLINED_CARD = "4000000000000002";
/** Pays at checkout, then declines every renewal charge, so a failed renewal can be tried locally. */
export const SANDBOX_RENEWAL_DECLINE_CARD = "4000000000000341";

/** What the sandbox keeps of an accepted test card: never the number. */
export interface SandboxCardKind {
  brand: string;
  last4: string;
  renewal: "succeed" | "decline";
}

const cardForm = z.object({
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
  name: z.string().max(200),
});

export type CardCheck =
  | { kind: "accepted"; card: SandboxCardKind }
  | Extract<SandboxPayResult, { kind: "invalid" | "declined" }>;

function checkExpiry(raw: string, now: Date): string | null {
  // "MM / YY", "MM/YYYY", or the four digits alone ("1234"), as a form without JavaScript sends them.
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(raw);
  if (!m) return "Enter the expiry date as MM / YY.";
  const month = Number(m[1]);
  const year = Number(m[2]) + ((m[2] ?? "").length === 2 ? 2000 : 0);
  if (month < 1 || month > 12) return "Enter the expiry date as MM / YY.";
  // A card is valid until the end of its expiry month.
  if (new Date(Date.UTC(year, month, 1)) <= now) return "Your card has expired.";
  return null;
}

const TEST_CARDS: string[] = [
  SANDBOX_SUCCESS_CARD,
  SANDBOX_OTHER_SUCCESS_CARD,
  SANDBOX_DECLINED_CARD,
  SANDBOX_RENEWAL_DECLINE_CARD,
];

/**
 * The sandbox's "bank": checks the card form like a card page would. Only the test cards are known: the
 * success cards (4242 4242 4242 4242, 5200 8282 8282 8210) are accepted, the declined card refused, and
 * 4000 0000 0000 0341 accepted now but declined at renewal, as in Stripe's test mode.
 */
export function checkSandboxCard(form: Record<string, unknown>, now: Date): CardCheck {
  const parsed = cardForm.safeParse(form);
  if (!parsed.success) return { kind: "invalid", fieldErrors: { cardNumber: "Fill in the card details." } };
  const { cardNumber, expiry, cvc, name } = parsed.data;
  const digits = cardNumber.replace(/[\s-]/g, "");
  const fieldErrors: CardErrors = {};
  if (!/^\d{12,19}$/.test(digits)) fieldErrors.cardNumber = "Enter the card number.";
  else if (!TEST_CARDS.includes(digits))
    fieldErrors.cardNumber = "This is not a test card. In test mode, pay with 4242 4242 4242 4242.";
  const expiryError = checkExpiry(expiry, now);
  if (expiryError) fieldErrors.expiry = expiryError;
  if (!/^\d{3,4}$/.test(cvc.trim())) fieldErrors.cvc = "Enter the 3 or 4 digit security code.";
  if (name.trim().length === 0) fieldErrors.name = "Enter the name on the card.";
  if (Object.keys(fieldErrors).length) return { kind: "invalid", fieldErrors };

  if (digits === SANDBOX_DECLINED_CARD) {
    return {
      kind: "declined",
      message: "Your card was declined. Try another card; you have not been charged.",
    };
  }
  return {
    kind: "accepted",
    card: {
      brand: digits.startsWith("5") ? "Mastercard" : "Visa",
      last4: digits.slice(-4),
      renewal: digits === SANDBOX_RENEWAL_DECLINE_CARD ? "decline" : "succeed",
    },
  };
}

/**
 * Which test card paid, as Stripe's `card.fingerprint` says it: the same for the same number, never the
 * number. An HMAC-SHA256 of the digits keyed with the server's secret, so it stays the same across
 * restarts and nobody without the secret can tell the card from it.
 */
export function sandboxCardFingerprint(secret: string, cardNumber: string): string {
  const digits = cardNumber.replace(/[\s-]/g, "");
  return createHmac("sha256", secret)
    .update(`sandbox-card-fingerprint\n${digits}`)
    .digest("hex")
    .slice(0, 32);
}
