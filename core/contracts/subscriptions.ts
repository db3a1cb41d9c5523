/** The subscriptions API's wire contract: GET /api/subscriptions and the customer's actions. */
import { z } from "zod";
import type { ShippingAddress } from "../address.ts";
import type { Currency } from "../markets.ts";
import { MAX_LINE_QUANTITY } from "../pricing.ts";
import type { PromoFigures } from "../renewal-promo.ts";
import {
  CANCEL_REASONS,
  FREQUENCY_MONTHS,
  PAUSE_MONTHS,
  type SubscriptionAction,
} from "../subscription-rules.ts";
import { uuidField } from "../uuid.ts";

export interface SubscriptionView {
  id: string;
  productId: number;
  productName: string;
  /** What each delivery costs, as a decimal string ("27.20"), in `currency`. */
  amount: string;
  /** The currency it was bought in and renews in (decision 051): `amount`, `pendingAmount`, `discount`'s. */
  currency: Currency;
  /**
   * Its renewals add the taxes of its address to `amount` (decision 050: Canada, a home state), so a page
   * says its prices "plus tax"; false where they add none (a VAT the price includes, no tax due).
   */
  plusTax: boolean;
  /** "month"; with intervalMonths, "every N months". */
  interval: string;
  intervalMonths: number;
  quantity: number;
  /** The stack it came from, '' for a product on its own. */
  bundleId: string;
  status: string;
  /** The next renewal; null once cancelled and while paused until resumed. */
  nextBillingDate: string | null;
  /** A timed pause's end. */
  pausedUntil: string | null;
  /** Cancelled: the last day of the period paid for. */
  endsAt: string | null;
  shippingAddress: ShippingAddress | null;
  /** "Visa ending 4242", when the shop keeps a card for it. */
  cardLabel: string | null;
  /** The actions its status allows (core/subscription-rules.ts), in the order the page offers them. */
  actions: SubscriptionAction[];
  /**
   * A new price the owner announced (decision 043): what renewals on or after `pendingFrom` cost, as a
   * decimal string; null when none is coming.
   */
  pendingAmount: string | null;
  pendingFrom: string | null;
  /**
   * A discount code carried into its renewals, as the customer reads it (core/renewal-promo.ts): "WELCOME10:
   * 3 discounted renewals left ($25.47 each, $2.83 off)"; null when no renewal is discounted any more.
   */
  discountLine: string | null;
  /** The same as figures, for a page to word in its language (core/renewal-promo.ts `promoFigures`). */
  discount: PromoFigures | null;
}

const months = <T extends readonly number[]>(choices: T) =>
  z
    .number()
    .int()
    .refine((n) => (choices as readonly number[]).includes(n), {
      message: `Choose ${choices.join(", ")} months.`,
    });

/** The body each action takes: POST /api/subscriptions/:id/{action}. */
export const subscriptionActionBodies = {
  pause: z.strictObject({ months: months(PAUSE_MONTHS).nullable() }),
  resume: z.strictObject({}),
  skip: z.strictObject({}),
  frequency: z.strictObject({ months: months(FREQUENCY_MONTHS) }),
  quantity: z.strictObject({ quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY) }),
  swap: z.strictObject({ productId: z.number().int().positive().max(1_000_000) }),
  "next-date": z.strictObject({ date: z.iso.date() }),
  cancel: z.strictObject({ reason: z.enum(CANCEL_REASONS).nullish() }),
  address: z.strictObject({ addressId: uuidField() }),
  "payment-method": z.strictObject({}),
} satisfies Record<SubscriptionAction, z.ZodType>;

/** The changes that can move a price, previewed before the customer confirms them. */
export const PREVIEWED_ACTIONS = ["quantity", "swap", "cancel"] as const satisfies SubscriptionAction[];
export type PreviewedAction = (typeof PREVIEWED_ACTIONS)[number];

/**
 * POST /api/subscriptions/:id/{action}/preview, with the action's body: the subscription as the change
 * would leave it and the other lines of its stack it would price on their own, written nowhere.
 */
export interface SubscriptionPreviewResponse {
  subscription: SubscriptionView;
  others: SubscriptionView[];
}

/** What an action answers: the subscription after it, and for "payment-method" the page to go to. */
export interface SubscriptionActionResponse {
  subscription: SubscriptionView;
  /** The other lines of its stack the change priced on their own (none for most changes). */
  others?: SubscriptionView[];
  /** payment-method: the provider's page where the customer enters a new card. */
  url?: string;
}
