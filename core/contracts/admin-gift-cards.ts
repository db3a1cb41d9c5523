/**
 * The dashboard's gift cards and store credit (docs/decisions/047-gift-cards-credit-and-points.md):
 * GET /api/admin/gift-cards lists the cards (never a code: its last four only), POST issues one,
 * POST /api/admin/gift-cards/:id/void voids one with a reason, and
 * POST /api/admin/customers/:id/credit gives a customer store credit as a goodwill gesture.
 */
import { z } from "zod";
import { GIFT_CARD_LIMIT_CENTS, GIFT_CARD_MESSAGE_MAX } from "../gift-card-amounts.ts";
import { BASE_CURRENCY, CURRENCIES, type Currency } from "../markets.ts";

/** A gift card as the dashboard lists it. */
export interface AdminGiftCardView {
  id: string;
  last4: string | null;
  initialCents: number;
  balanceCents: number;
  /** The card's currency (decision 051), upper case. */
  currency: Currency;
  recipientEmail: string;
  recipientName: string | null;
  /** pending (its order not paid yet) | active | voided */
  status: string;
  delivered: boolean;
  deliverOn: string | null;
  /** The order that bought it; null when the owner issued it. */
  orderNumber: string | null;
  issuedBy: string | null;
  note: string | null;
  createdAt: string;
}

export interface AdminGiftCardsResponse {
  giftCards: AdminGiftCardView[];
}

const optionalText = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, `${what} can be at most ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : null));

const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;

/**
 * POST /api/admin/gift-cards: a card issued by the owner, delivered to the recipient at once, in a
 * currency (US dollars when none is given; decision 051). The amount's bounds here are the widest any
 * currency allows; the server holds it to the currency's own (its price list's `gift_card:min` and `max`).
 */
export const adminGiftCardIssue = z.strictObject({
  amountCents: z
    .number({ error: "Enter the amount in cents." })
    .int("The amount must be a whole number of cents.")
    .min(1, "The amount must be more than zero.")
    .max(GIFT_CARD_LIMIT_CENTS, `The amount can be at most ${dollars(GIFT_CARD_LIMIT_CENTS)}.`),
  currency: z
    .enum(CURRENCIES, { error: `The currency is one of ${CURRENCIES.join(", ")}.` })
    .default(BASE_CURRENCY),
  recipientEmail: z
    .email({ error: "Enter the recipient's e-mail address." })
    .max(254, "The e-mail address is too long."),
  recipientName: optionalText(100, "The name"),
  message: optionalText(GIFT_CARD_MESSAGE_MAX, "The message"),
  note: optionalText(500, "The note"),
});
export type AdminGiftCardIssue = z.infer<typeof adminGiftCardIssue>;

/** POST /api/admin/gift-cards/:id/void: why the card is voided (kept in its audit row). */
export const adminGiftCardVoid = z.strictObject({
  reason: z
    .string({ error: "Say why the card is voided." })
    .trim()
    .min(3, "Say why the card is voided.")
    .max(500, "The reason can be at most 500 characters."),
});

/** The most store credit one gesture gives, in minor units of its currency (a typo guard). */
export const MAX_GOODWILL_CENTS = 50_000;

/**
 * POST /api/admin/customers/:id/credit: store credit given as a goodwill gesture, with its note, in one of
 * the shop's currencies (upper case; US dollars when not given): the customer's credit in that currency
 * (decision 051).
 */
export const adminCreditGive = z.strictObject({
  amountCents: z
    .number({ error: "Enter the amount in cents." })
    .int("The amount must be a whole number of cents.")
    .min(1, "The amount must be more than 0.00.")
    .max(MAX_GOODWILL_CENTS, `The amount can be at most ${(MAX_GOODWILL_CENTS / 100).toFixed(2)}.`),
  currency: z
    .enum(CURRENCIES, { error: `The currency must be one of ${CURRENCIES.join(", ")}.` })
    .default(BASE_CURRENCY),
  note: z
    .string({ error: "Say why the credit is given." })
    .trim()
    .min(3, "Say why the credit is given.")
    .max(500, "The note can be at most 500 characters."),
});

/** What the customer page shows of a customer's balances and the referrals they made. */
export interface AdminCustomerBalances {
  /** US dollars (kept from before the currencies; `byCurrency` has every one). */
  creditCents: number;
  points: number;
  /** Each currency's credit and points that are not zero, US dollars first (decision 051). */
  byCurrency: { currency: Currency; creditCents: number; points: number }[];
  referrals: {
    orderNumber: string;
    status: string;
    voidReason: string | null;
    at: string;
    creditedAt: string | null;
  }[];
}
