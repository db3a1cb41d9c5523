/**
 * The checkout's wire contract: the create-session call's body, what the checkout, sandbox card and
 * success pages receive from the server (cents; formatted in the page), and the sandbox card form's answer.
 */
import { z } from "zod";
import type { AddressFieldErrors, ShippingAddress } from "../address.ts";
import { LOCALES } from "../i18n/locales.ts";
import { CURRENCIES, type Currency } from "../markets.ts";
import { MAX_LINE_QUANTITY } from "../pricing.ts";
import type { RenewalDisclosure } from "../renewal-disclosure.ts";
import type { AddressView } from "./addresses.ts";
import type { CartBalancesResponse } from "./balances.ts";
import type { CartCodeResponse } from "./discount-code.ts";

/**
 * POST /api/checkout/create-session body. Lines may carry the cart's bundleId. Anything else a browser
 * adds (prices, totals, a userId) is dropped: it is never part of the sum. A refused shipping address
 * answers 400 `invalid_address` with `fields`, a message per address field. Without an address (the
 * product spec's own payload) the payment page asks for it (docs/decisions/027-address-on-the-payment-page.md).
 */
export const createSessionBody = z.object({
  email: z.string().trim().max(254).optional(),
  userId: z.unknown().optional(),
  cartItems: z
    .array(
      z.object({
        productId: z.number().int().positive().max(1_000_000),
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
        isSubscription: z.boolean(),
        bundleId: z
          .string()
          .regex(/^[a-z0-9-]{1,80}$/)
          .nullish(),
      }),
    )
    .max(100),
  /** The address form's fields (core/address.ts rules); or, signed in, a saved address's id. */
  shippingAddress: z.record(z.string(), z.unknown()).optional(),
  addressId: z.string().max(64).optional(),
  /** Signed in: keep the typed address in the address book. */
  saveAddress: z.boolean().optional(),
  /**
   * The customer ticked the automatic-renewal box: required (400 `renewal_consent_required`) when the cart
   * holds a subscription (docs/decisions/042-renewal-consent-at-checkout.md).
   */
  acceptRenewal: z.boolean().optional(),
  /** The checkout page's language: the payment page sends the shopper back to the success page in it. */
  locale: z.enum(LOCALES).optional(),
  /**
   * The discount code the page showed applied (null: none). When the server's differs (the code was used
   * up, or the cart no longer meets it), 409 with the reason, so the shopper never pays another total
   * than the one shown (docs/decisions/046-discount-codes.md). Absent: not compared.
   */
  discountCode: z.string().max(64).nullable().optional(),
  /**
   * What the page showed gift cards, store credit and points paying, in cents; when the server's differs
   * (a balance changed), 409 `balances_changed`. Absent: not compared.
   */
  tenderedCents: z.number().int().min(0).max(100_000_000).optional(),
  /**
   * The tax the page showed added for the chosen address, in cents (core/tax.ts); when the server's differs
   * (the address or a rate changed), 409 `tax_changed`. Absent: not compared.
   */
  taxCents: z.number().int().min(0).max(100_000_000).optional(),
  /**
   * The currency the page showed the order in (upper case, core/markets.ts). The order is in its shipping
   * country's market's currency; when that differs, 409 `currency_changed` with `currency`, the order's
   * (docs/decisions/051-markets-and-currencies.md). Absent, or not one of the shop's currencies (an old
   * page's "jpy"): not compared, as any other figure the browser adds is ignored.
   */
  currency: z
    .string()
    .max(16)
    .optional()
    .transform((c) => (c && (CURRENCIES as readonly string[]).includes(c) ? (c as Currency) : undefined)),
  /** The SHA-256 of the disclosure the page showed; when it is no longer the cart's, 409 `renewal_terms_changed`. */
  renewalDisclosureHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type CreateSessionBody = z.infer<typeof createSessionBody>;

/** One line of an order or a cart as the summary shows it. */
export interface SummaryLine {
  key: string;
  name: string;
  imageUrl: string | null;
  quantity: number;
  isSubscription: boolean;
  discountPercent: number;
  unitCents: number;
  lineCents: number;
  bundleName: string | null;
}
export interface OrderSummaryData {
  lines: SummaryLine[];
  subtotalCents: number;
  bundleSavings: { name: string; cents: number }[];
  /**
   * The discount code that applies (or applied) and what it takes off the items, after the bundle savings
   * and before shipping; 0 for a free-shipping code, whose saving is the shipping line. Absent or null:
   * none (docs/decisions/046-discount-codes.md).
   */
  code?: { code: string; cents: number } | null;
  shippingCents: number;
  /** A placed order's tax (0 where none); absent on a cart's summary before it is an order. */
  taxCents?: number;
  /**
   * The taxes one by one (core/tax.ts), added ones and those the prices contain; absent or empty: none, or
   * an order placed before taxes were itemised (its `taxCents` alone).
   */
  taxLines?: { name: string; ratePercent: string; cents: number; included: boolean }[];
  /**
   * Gift cards bought with the order, added to the total (docs/decisions/047-gift-cards-credit-and-points.md).
   * A cart's summary lists each card; a placed order's gives their sum only.
   */
  giftCardCents?: number;
  giftCards?: { key: string; cents: number; recipient: string | null; deliverOn: string | null }[];
  /** What gift cards, store credit and points paid of a placed order; the card paid the rest. */
  tenderedCents?: number;
  totalCents: number;
}

export interface CheckoutPageData {
  /** The account's e-mail; null for guests and for accounts created by phone sign-in (they enter one). */
  signedInEmail: string | null;
  summary: OrderSummaryData | null;
  /** The lines as the create-session call sends them back: the server checks they are still the cart. */
  cartItems: { productId: number; quantity: number; isSubscription: boolean; bundleId: string | null }[];
  flatShippingCents: number;
  /** The countries the shop ships to (SHIP_TO_COUNTRIES). */
  shipTo: string[];
  /** Whether a customer is signed in (they may save the address they type). */
  signedIn: boolean;
  /** A signed-in customer's saved addresses, the default first; empty for guests. */
  savedAddresses: AddressView[];
  /** The automatic-renewal disclosure and its hash, when the cart holds a subscription (core/renewal-disclosure.ts). */
  renewal: { disclosure: RenewalDisclosure; hash: string } | null;
  /**
   * The cart's discount code and why it gives nothing now (the shop's records, or the cart: a minimum not
   * met), as the code field shows it before the browser has asked GET /api/cart/code; null for none.
   */
  cartCode: CartCodeResponse | null;
  /**
   * What may pay besides the card (GET /api/cart/balances as the loader read it) and the part of the total
   * they may pay (the one-time items and shipping: server/balances/checkout-balances.ts `payableByBalances`):
   * the page runs `applyTenders` (core/tenders.ts) on them, as the checkout does.
   */
  balances: CartBalancesResponse | null;
  payableCents: number;
}

export interface SandboxPageData {
  orderNumber: string;
  /** Null for an order placed before phone-only accounts gave an e-mail at checkout (placeholder stored). */
  email: string | null;
  status: string;
  summary: OrderSummaryData;
  /** Null while the checkout was started without an address: the page asks for it with the card. */
  shippingAddress: ShippingAddress | null;
  /** The countries the shop ships to (SHIP_TO_COUNTRIES), for the address form. */
  shipTo: string[];
}

export interface SuccessPageData {
  reference: string | null;
  order: {
    orderNumber: string;
    /** Null when the order has only a placeholder address: no confirmation e-mail went out. */
    email: string | null;
    status: string;
    hasSubscriptions: boolean;
    summary: OrderSummaryData;
    shippingAddress: ShippingAddress | null;
    /** The order belongs to the signed-in account viewing it: its page in the account can be linked. */
    inAccount?: boolean;
  } | null;
}

/** The sandbox card form's fields, and the message under each one the form refused. */
export type CardField = "cardNumber" | "expiry" | "cvc" | "name";
export type CardErrors = Partial<Record<CardField, string>>;

/** What paying on the sandbox card page gave: a redirect to the success page, or why not. */
export type SandboxPayResult =
  | { kind: "paid"; redirectTo: string }
  | { kind: "invalid"; fieldErrors: CardErrors; addressErrors?: AddressFieldErrors }
  | { kind: "declined"; message: string }
  | { kind: "closed"; message: string };
