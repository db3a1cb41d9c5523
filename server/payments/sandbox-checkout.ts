import {
  type AddressFieldErrors,
  addressFieldErrors,
  addressSchema,
  type ShippingAddress,
} from "../../core/address.ts";
import type { SandboxPayResult } from "../../core/contracts/checkout.ts";
import { BASE_CURRENCY, currencyOf } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import type { TaxQuote } from "../../core/tax.ts";
import type { ShopDeps } from "../deps.ts";
import { countriesIn } from "../markets/markets.ts";
import {
  findOrderBySession,
  loadOrderLines,
  type OrderLineRow,
  type OrderRow,
} from "../orders/order-rows.ts";
import { stockShortfall } from "../orders/take-stock.ts";
import { taxableOf } from "../tax/payment-taxes.ts";
import { type EventOutcome, type PaymentReportDeps, reportPaymentEvent } from "./report-event.ts";
import { checkSandboxCard, sandboxCardFingerprint } from "./sandbox-card.ts";
import { saveSandboxCard } from "./sandbox-cards.ts";
import { sandboxPaymentEvent, sandboxSessionId, sandboxSuccessPath } from "./sandbox-provider.ts";

/** A sandbox session: the order it was opened for, as the orders hold it. */
export interface SandboxSession {
  order: OrderRow;
  lines: OrderLineRow[];
}

/** The order behind a sandbox session, or null (unknown, malformed, or the shop runs another provider). */
export async function loadSandboxSession(
  deps: Pick<ShopDeps, "db" | "payments">,
  sessionId: string,
): Promise<SandboxSession | null> {
  if (deps.payments.name !== "sandbox" || !sandboxSessionId.safeParse(sessionId).success) return null;
  const { db } = deps;
  const order = await findOrderBySession(db, "sandbox", sessionId);
  if (!order) return null;
  return { order, lines: await loadOrderLines(db, order.id) };
}

/**
 * The sandbox card page's payment: the card is checked like a card page would, then the payment is
 * reported to the orders the same way Stripe's webhook reports one. Paying a session twice has one effect.
 * An order begun without an address needs one typed on the page, held to the checkout's own rules, and
 * takes it with the payment (docs/decisions/027-address-on-the-payment-page.md).
 */
export async function payWithSandboxCard(
  deps: PaymentReportDeps,
  sessionId: string,
  form: Record<string, unknown>,
  now = new Date(),
): Promise<SandboxPayResult | null> {
  const session = await loadSandboxSession(deps, sessionId);
  if (!session) return null;
  const { order } = session;
  const successUrl = sandboxSuccessPath(order.checkoutUrl, sessionId);
  if (order.status !== "pending") {
    if (order.status === "cancelled") return { kind: "closed", message: "This checkout was cancelled." };
    return { kind: "paid", redirectTo: successUrl };
  }

  // Sold out since the checkout began: refused before the card is looked at, so nothing is charged. The
  // payment itself takes the units under a lock (server/orders/take-stock.ts), for the buyers who race.
  const short = await stockShortfall(deps.db, session.lines);
  if (short.length > 0) return soldOut(short.map((s) => s.name));

  const address = order.shippingAddress ? null : typedAddress(await collectableCountries(deps, order), form);
  const card = checkSandboxCard(form, now);
  // Every field's message at once; nothing is charged while the address is refused.
  if (address && !address.ok) {
    return {
      kind: "invalid",
      fieldErrors: card.kind === "invalid" ? card.fieldErrors : {},
      addressErrors: address.errors,
    };
  }
  if (card.kind !== "accepted") return card;
  // The order is taxed for the address typed here, with the shop's provider, as the page showed it
  // (decision 050); a page that showed another tax is sent back to show this one before anything is charged.
  const taxes = address?.ok ? pageTaxes(deps, session, address.address) : null;
  const shownTax = typeof form.taxCents === "string" && form.taxCents !== "" ? form.taxCents : null;
  if (taxes && shownTax !== null && shownTax !== String(taxes.added)) {
    return {
      kind: "declined",
      message: `The tax for this address is ${formatMoney(taxes.added, currencyOf(order.currency) ?? BASE_CURRENCY)}, not what this page showed. Please check the total and pay again. Your card was not charged.`,
    };
  }

  // A subscription keeps the card's token (never its number) to charge its renewals.
  const saved = session.lines.some((l) => l.isSubscription)
    ? await saveSandboxCard(deps.db, card.card)
    : null;
  const outcome = await confirmSandboxSession(deps, session, {
    card: saved,
    shippingAddress: address?.address ?? null,
    cardFingerprint: sandboxCardFingerprint(deps.manageSecret, String(form.cardNumber)),
    taxes,
  });
  if (outcome === "paid" || outcome === "already_paid" || outcome === "duplicate") {
    return { kind: "paid", redirectTo: successUrl };
  }
  if (outcome === "sold_out") return soldOut([]);
  return { kind: "closed", message: "This checkout can no longer be paid." };
}

/**
 * Where the card page may take an order's address: the countries shipped to whose orders are in its
 * currency (server/markets/markets.ts countriesIn; a CAD order ships to Canada only, decision 051).
 */
export async function collectableCountries(
  deps: Pick<ShopDeps, "shipTo">,
  order: { currency: string },
): Promise<string[]> {
  return countriesIn(await deps.shipTo(), currencyOf(order.currency) ?? BASE_CURRENCY);
}

/**
 * The taxes of an order begun without an address, for the address typed on the card page: the shop's
 * provider's quote on the order's goods and shipping, in its currency (as the checkout quotes them). None for
 * an order of gift cards only, which are not taxed.
 */
export function pageTaxes(
  deps: Pick<ShopDeps, "tax">,
  session: SandboxSession,
  address: Pick<ShippingAddress, "country" | "region">,
): TaxQuote | null {
  if (session.lines.length === 0) return null;
  return deps.tax.quote({
    currency: currencyOf(session.order.currency) ?? BASE_CURRENCY,
    destination: { country: address.country, region: address.region },
    ...taxableOf(session.order),
  });
}

/** The address fields of the card page's form, checked against the countries it may collect. */
function typedAddress(
  collectable: readonly string[],
  form: Record<string, unknown>,
): { ok: true; address: ShippingAddress } | { ok: false; errors: AddressFieldErrors } {
  const parsed = addressSchema(collectable).safeParse(form);
  return parsed.success
    ? { ok: true, address: parsed.data }
    : { ok: false, errors: addressFieldErrors(parsed.error) };
}

/** The sandbox's refusal when a product ran out: nothing was charged. */
function soldOut(names: string[]): SandboxPayResult {
  const what = names.length > 0 ? [...new Set(names)].join(", ") : "an item in your order";
  return {
    kind: "closed",
    message: `Sold out: ${what} sold out while you were checking out. Your card was not charged.`,
  };
}

/**
 * The sandbox reports the session paid, in full, like Stripe's checkout.session.completed: with the saved
 * card's token for subscriptions, the address typed on the page, and which card paid (its fingerprint).
 */
export function confirmSandboxSession(
  deps: PaymentReportDeps,
  session: SandboxSession,
  paid: {
    card?: { token: string; label: string } | null;
    shippingAddress?: ShippingAddress | null;
    cardFingerprint?: string | null;
    /** The taxes the page quoted for the address typed on it (an order begun without one). */
    taxes?: TaxQuote | null;
  } = {},
): Promise<EventOutcome> {
  const { order, lines } = session;
  const payment = sandboxPaymentEvent({
    sessionId: order.providerSessionId as string,
    orderId: order.id,
    // The card pays what is due: the total less what gift cards, store credit and points paid, with the
    // taxes of the address typed on the page.
    amountCents: order.totalCents - order.tenderedCents + (paid.taxes?.added ?? 0),
    currency: order.currency,
    hasSubscription: lines.some((l) => l.isSubscription),
    card: paid.card ?? null,
    shippingAddress: paid.shippingAddress ?? null,
    cardFingerprint: paid.cardFingerprint ?? null,
    taxes: paid.taxes ?? null,
  });
  return reportPaymentEvent(deps, "sandbox", payment);
}
