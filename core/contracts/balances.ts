/**
 * The wire contract of what pays an order besides the card (docs/decisions/047-gift-cards-credit-and-points.md):
 * gift cards applied to the cart, store credit and Wellness Points, the gift-card balance check, and gift
 * cards bought in the cart.
 */
import { z } from "zod";
import { GIFT_CARD_LIMIT_CENTS, GIFT_CARD_MESSAGE_MAX } from "../gift-card-amounts.ts";
import type { Currency } from "../markets.ts";

/** A gift card as the cart and the account show it: never its code, only its last four characters. */
export interface AppliedGiftCard {
  id: string;
  last4: string;
  balanceCents: number;
}

/**
 * GET /api/cart/balances (and the answer of every write below): the gift cards applied to the cart with
 * their balances now, and for a signed-in customer their store credit and points and what they chose to
 * use. The browser runs `applyTenders` (core/tenders.ts) on these, as the server does at checkout.
 */
export interface CartBalancesResponse {
  giftCards: AppliedGiftCard[];
  signedIn: boolean;
  /** The store credit and points in the answer's currency (`currency`; US dollars without one). */
  creditCents: number;
  useCredit: boolean;
  points: number;
  pointSteps: number;
  /**
   * With `?currency=` (upper case, default USD): the currency the balances were judged for, and those that
   * cannot pay an order in it, each with the shopper's reason (decision 051: a gift card pays only orders in
   * its own currency; store credit and points are kept per currency, and those in another currency are
   * each a `credit` or `points` row saying which orders they pay).
   */
  currency?: Currency;
  notUsable?: {
    kind: "gift_card" | "credit" | "points";
    giftCardId?: string;
    /** A credit or points row's own currency. */
    currency?: Currency;
    message: string;
  }[];
}

/** A customer's store credit (minor units) and Wellness Points in one currency. */
export interface CurrencyBalancesView {
  currency: Currency;
  creditCents: number;
  points: number;
}

/** POST /api/cart/gift-cards: a gift card's code, as printed (spaces and dashes are ignored). */
export const applyGiftCardBody = z.strictObject({ code: z.string().max(64) });

/** PUT /api/cart/balances (signed in): use the store credit, and how many 100-point steps to redeem. */
export const cartBalancesBody = z.strictObject({
  useCredit: z.boolean(),
  pointSteps: z.number().int().min(0).max(1000),
});

/** POST /api/gift-cards/balance: a code, to see what is left on it (rate-limited). */
export const giftCardBalanceBody = z.strictObject({ code: z.string().max(64) });
export interface GiftCardBalanceResponse {
  last4: string;
  balanceCents: number;
  currency: string;
}

export {
  GIFT_CARD_AMOUNTS,
  GIFT_CARD_LIMIT_CENTS,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_CENTS,
} from "../gift-card-amounts.ts";

/**
 * POST /api/cart/gift-card-lines: a gift card to buy, for the buyer (no recipient) or for a friend by
 * e-mail, with a message and a day to send it (today or later, within a year). `?currency=` names the
 * page's currency: the amount must be one its list sells (one offered, or within its bounds; 400
 * `gift_card_amount_not_in_currency` else).
 */
export const giftCardLineBody = z.strictObject({
  amountCents: z.number().int().min(1).max(GIFT_CARD_LIMIT_CENTS),
  recipientEmail: z.email().max(254).optional(),
  recipientName: z.string().trim().max(100).optional(),
  senderName: z.string().trim().max(100).optional(),
  message: z.string().trim().max(GIFT_CARD_MESSAGE_MAX).optional(),
  /** YYYY-MM-DD; absent: sent when the order is paid. */
  deliverOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type GiftCardLineBody = z.infer<typeof giftCardLineBody>;

/** A gift card in the cart, as GET /api/cart/gift-card-lines lists it. */
export interface GiftCardLineView {
  id: string;
  amountCents: number;
  recipientEmail: string | null;
  recipientName: string | null;
  senderName: string | null;
  message: string | null;
  deliverOn: string | null;
}

/** One movement of store credit (cents) or points, as the account's history lists it. */
export interface LedgerEntryView {
  kind: "credit" | "points";
  reason: string;
  amount: number;
  /** The balance it moved (upper case): credit in its minor units, points of that currency (decision 051). */
  currency: Currency;
  orderNumber: string | null;
  at: string;
}

/** A gift card on the account: received (to the account's e-mail) or bought; never its code. */
export interface AccountGiftCardView {
  id: string;
  last4: string | null;
  initialCents: number;
  balanceCents: number;
  /** The card's currency (upper case, "USD"): its amounts are in it (decision 051). */
  currency: Currency;
  status: string;
  recipientEmail: string;
  deliverOn: string | null;
  deliveredAt: string | null;
}

/**
 * GET /api/account/balances (signed in): store credit and Wellness Points with their history, the gift
 * cards received and bought, and the referral link with the referrals it brought.
 */
/** A referral code's offer in one currency (minor units). */
export interface ReferralOfferView {
  friendOffCents: number;
  minSubtotalCents: number;
  creditCents: number;
}

export interface AccountBalancesResponse {
  /** US dollars (kept from before the currencies; `byCurrency` has every one). */
  creditCents: number;
  points: number;
  /** Each currency's credit and points that are not zero, in the shop's order (decision 051). */
  byCurrency: CurrencyBalancesView[];
  history: LedgerEntryView[];
  giftCards: { received: AccountGiftCardView[]; bought: AccountGiftCardView[] };
  referral: {
    code: string;
    url: string;
    /** The offer in US dollars (as before currencies); `offers` has it in every currency. */
    friendOffCents: number;
    minSubtotalCents: number;
    creditCents: number;
    offers: Record<Currency, ReferralOfferView>;
    /**
     * `voidReason`: why a void referral earned nothing (core/referral-void.ts); `creditCents`: what it
     * earns, in `currency`, its friend's order's.
     */
    referrals: {
      status: string;
      voidReason: string | null;
      at: string;
      creditedAt: string | null;
      currency: Currency;
      creditCents: number;
    }[];
  };
}
