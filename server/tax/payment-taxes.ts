/**
 * Taxes added on the payment page (decision 050): an order priced without its taxes, because the shop's
 * checkout did not quote them, takes them with its payment. Two cases:
 * - Stripe Tax (TAX_PROVIDER=stripe): Checkout's automatic tax taxes the session at the address Stripe knows
 *   or collects; the completed session's `total_details` (`amount_tax`, `breakdown.taxes`) are the order's
 *   tax lines, so the order is what Stripe charged to the cent.
 * - The sandbox payment page of an order begun without an address (decision 027's bare call): the page
 *   quotes the shop's own provider for the address typed on it and reports the taxes in Stripe's shape.
 * Either way the report reaches the orders through the one event path (server/payments/report-event.ts),
 * and the lines are written with the paid move, in its transaction (server/checkout/record-payment.ts).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Currency, currencyOf, isEuropeanMarket, marketOfCurrency } from "../../core/markets.ts";
import { TAX_NAMES, type TaxQuote } from "../../core/tax.ts";
import type { Tx } from "../db/client.ts";
import { orders, orderTaxLines } from "../db/schema.ts";
import type { OrderRow } from "../orders/order-rows.ts";

/** One tax the payment page added, as the order's tax line keeps it. */
export interface PaymentTaxLine {
  /** The shop's name of the tax when Stripe's display name is one ("Sales Tax" is "Sales tax"), else Stripe's. */
  name: string;
  /** A decimal percent string without trailing zeros: "13", "9.975". */
  ratePercent: string;
  amountCents: number;
  /** True when the price contains it (VAT): shown, not added. */
  included: boolean;
}

/** What the payment page taxed: its lines, and what they add to the order (the sum of those not included). */
export interface PaymentTaxes {
  lines: PaymentTaxLine[];
  addedCents: number;
}

/** The parts of a Checkout Session the taxes are read from (Stripe's names; the sandbox reports the same). */
const taxRateSchema = z
  .object({
    display_name: z.string().nullish(),
    percentage: z.number().nullish(),
    effective_percentage: z.number().nullish(),
    inclusive: z.boolean().nullish(),
  })
  .loose();
const breakdownTaxSchema = z.object({ amount: z.number().int().min(0), rate: taxRateSchema }).loose();
export const sessionTaxSchema = z
  .object({
    id: z.string().min(1),
    automatic_tax: z.object({ enabled: z.boolean().nullish() }).loose().nullish(),
    total_details: z
      .object({
        amount_tax: z.number().int().min(0).nullish(),
        breakdown: z
          .object({ taxes: z.array(breakdownTaxSchema).nullish() })
          .loose()
          .nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose();
export type SessionTaxObject = z.infer<typeof sessionTaxSchema>;

/** A percent Stripe gives as a number (13, 9.975) as the shop's string of it: at most 4 decimals, no trailing zeros. */
export function percentString(percent: number): string {
  return String(Number(percent.toFixed(4)));
}

/** Stripe's display name as the shop's own name of the tax when it is one of them (case aside). */
function shopTaxName(displayName: string): string {
  const known = TAX_NAMES.find((n) => n.toLowerCase() === displayName.trim().toLowerCase());
  return known ?? displayName.trim();
}

/**
 * The taxes of a completed session that was taxed on its payment page (`automatic_tax.enabled`), from its
 * `total_details`: one line per rate of `breakdown.taxes`. The breakdown is an expandable field that
 * Stripe's events leave out, so `fetchTaxes` reads the session again with it. A breakdown that does not add
 * up to `amount_tax` is refused (thrown): the order must equal what was charged. Null: not taxed there.
 */
export async function paymentTaxesOf(
  object: unknown,
  fetchTaxes: ((sessionId: string) => Promise<unknown>) | undefined,
): Promise<PaymentTaxes | null> {
  const parsed = sessionTaxSchema.safeParse(object);
  if (!parsed.success || parsed.data.automatic_tax?.enabled !== true) return null;
  let session = parsed.data;
  if (!session.total_details?.breakdown?.taxes) {
    if (!fetchTaxes)
      throw new Error(`session ${session.id} was taxed on its payment page; its taxes cannot be read`);
    session = sessionTaxSchema.parse(await fetchTaxes(session.id));
  }
  const details = session.total_details;
  const taxes = details?.breakdown?.taxes ?? [];
  const lines = taxes.map(
    (t): PaymentTaxLine => ({
      name: shopTaxName(t.rate.display_name || "Tax"),
      ratePercent: percentString(t.rate.percentage ?? t.rate.effective_percentage ?? 0),
      amountCents: t.amount,
      included: t.rate.inclusive === true,
    }),
  );
  const total = lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (total !== (details?.amount_tax ?? 0))
    throw new Error(
      `session ${session.id}: its tax breakdown adds up to ${total}, its amount_tax is ${details?.amount_tax}`,
    );
  const addedCents = lines.filter((l) => !l.included).reduce((sum, l) => sum + l.amountCents, 0);
  return { lines, addedCents };
}

/** A quote of the shop's provider in the shape a completed session carries its taxes (the sandbox's report). */
export function quoteAsSessionTaxes(quote: TaxQuote) {
  return {
    automatic_tax: { enabled: true, status: "complete" },
    total_details: {
      amount_tax: quote.lines.reduce((sum, l) => sum + l.amount, 0),
      breakdown: {
        taxes: quote.lines.map((l) => ({
          amount: l.amount,
          rate: {
            object: "tax_rate",
            display_name: l.name,
            percentage: Number(l.ratePercent),
            inclusive: l.included,
          },
        })),
      },
    },
  };
}

/**
 * Stripe's `tax_behavior` for a price in `currency` under Stripe Tax: the UK's and the EU's prices contain
 * their VAT ("inclusive"), the United States' and Canada's taxes are added ("exclusive"), as the shop's
 * prices are set (decision 051).
 */
export function stripeTaxBehavior(currency: string): "inclusive" | "exclusive" {
  const c: Currency | null = currencyOf(currency);
  return c && isEuropeanMarket(marketOfCurrency(c)) ? "inclusive" : "exclusive";
}

/**
 * The goods and shipping an order's taxes are quoted on (core/pricing.ts's tax step): its total less the
 * gift cards it buys (never taxed), its shipping and any tax already on it.
 */
export function taxableOf(
  order: Pick<OrderRow, "totalCents" | "giftCardCents" | "shippingCents" | "taxCents">,
) {
  return {
    goods: order.totalCents - order.giftCardCents - order.shippingCents - order.taxCents,
    shipping: order.shippingCents,
  };
}

/**
 * Writes the payment page's taxes on the order, in the payment's transaction: its tax lines, and what they
 * add to its tax and total. Answers the order as it now is.
 */
export async function recordPaymentTaxes(tx: Tx, order: OrderRow, taxes: PaymentTaxes): Promise<OrderRow> {
  if (taxes.lines.length > 0)
    await tx.insert(orderTaxLines).values(
      taxes.lines.map((l, position) => ({
        orderId: order.id,
        position,
        name: l.name,
        ratePercent: l.ratePercent,
        amountCents: l.amountCents,
        currency: order.currency,
        included: l.included,
      })),
    );
  if (taxes.addedCents === 0) return order;
  const taxCents = order.taxCents + taxes.addedCents;
  const totalCents = order.totalCents + taxes.addedCents;
  await tx.update(orders).set({ taxCents, totalCents }).where(eq(orders.id, order.id));
  return { ...order, taxCents, totalCents };
}
