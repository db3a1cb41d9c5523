import { useMemo } from "react";
import { useNavigation } from "react-router";
import type { AddressFieldErrors } from "../../core/address.ts";
import type { OrderSummaryData } from "../../core/contracts/checkout.ts";
import type { Currency } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import type { TaxQuote } from "../../core/tax.ts";
import { ShipsTo } from "../components/address/ships-to.tsx";
import { CardForm } from "../components/checkout/card-form.tsx";
import { CheckoutProp65 } from "../components/checkout/checkout-prop65.tsx";
import {
  type CheckoutTaxRates,
  checkoutTaxProvider,
  taxDestinationOf,
} from "../components/checkout/checkout-tax.ts";
import { OrderSummary } from "../components/checkout/order-summary.tsx";
import { usePayAddress } from "../components/checkout/pay-address.tsx";
import { TestModeBanner } from "../components/checkout/test-mode-banner.tsx";
import type { Route } from "./+types/pay.$sessionId";

export { action, headers, loader } from "./pay.$sessionId.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Pay (test mode) | MANA" },
  { name: "robots", content: "noindex" },
];

const NO_ERRORS: AddressFieldErrors = {};

/** The quote of the address typed so far, once it says where the order ships (null before, or no tax asked). */
function useAddressTax(
  tax: { rates: CheckoutTaxRates; goods: number; shipping: number } | null,
  typed: { country: string; region: string | null },
  currency: Currency,
): TaxQuote | null {
  const provider = useMemo(() => (tax ? checkoutTaxProvider(tax.rates) : null), [tax]);
  const destination = taxDestinationOf(typed);
  if (!tax || !provider || !destination) return null;
  return provider.quote({ currency, destination, goods: tax.goods, shipping: tax.shipping });
}

/** The order's summary with the quoted taxes: each as a line, and the total with what they add. */
function withTaxes(summary: OrderSummaryData, quote: TaxQuote): OrderSummaryData {
  return {
    ...summary,
    taxCents: quote.added,
    taxLines: quote.lines.map((l) => ({
      name: l.name,
      ratePercent: l.ratePercent,
      cents: l.amount,
      included: l.included,
    })),
    totalCents: summary.totalCents + quote.added,
  };
}

/**
 * The sandbox provider's hosted-style card page: only for sandbox sessions of this shop. An order begun
 * without a shipping address asks for it here, with the card (docs/decisions/027-address-on-the-payment-page.md).
 */
export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const { email, orderNumber, status, shippingAddress, shipTo, prop65Warnings, currency } = loaderData;
  const navigation = useNavigation();
  const address = usePayAddress(
    shipTo,
    actionData?.addressErrors ?? NO_ERRORS,
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST",
  );
  const asksAddress = !shippingAddress;
  // The taxes of the address typed here, quoted as the server will charge them (decision 050).
  const taxed = useAddressTax(loaderData.addressTax, address.value, currency);
  const summary = taxed ? withTaxes(loaderData.summary, taxed) : loaderData.summary;
  // The card pays what gift cards, store credit and points left (decision 047).
  const dueCents = summary.totalCents - (summary.tenderedCents ?? 0);
  return (
    <>
      <TestModeBanner />
      <section className="container-shop py-10 sm:py-14">
        <div className="grid items-start gap-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-x-14 lg:gap-y-6">
          <div className="lg:col-start-1 lg:row-start-1">
            <p className="text-sm font-semibold tracking-wide text-muted uppercase">Pay MANA</p>
            <p className="mt-1 font-display text-4xl text-forest tabular-nums">
              {formatMoney(dueCents, currency)}
            </p>
            <p className="mt-1 text-sm text-muted">Order {orderNumber}</p>
          </div>
          <div className="rounded-card bg-white p-5 shadow-card sm:p-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <h1 className="text-2xl">Pay with card</h1>
            <p className="mt-1 mb-5 text-sm text-muted">Test mode: no real payment is taken.</p>
            {prop65Warnings.length > 0 ? (
              <CheckoutProp65 warnings={prop65Warnings} address={shippingAddress} className="mb-5" />
            ) : null}
            {status === "cancelled" ? (
              <p role="alert" className="text-danger">
                This checkout was cancelled. Return to your cart to start again.
              </p>
            ) : (
              <CardForm
                email={email}
                mode={{ kind: "pay", totalCents: dueCents, currency }}
                errors={actionData?.errors ?? {}}
                declined={actionData?.message ?? null}
                onSubmit={asksAddress ? address.check : undefined}
              >
                {asksAddress ? address.fields : null}
                {taxed ? <input type="hidden" name="taxCents" value={taxed.added} /> : null}
              </CardForm>
            )}
          </div>
          <div className="lg:col-start-1 lg:row-start-2">
            <OrderSummary
              summary={summary}
              title="Your order"
              currency={currency}
              taxPending={loaderData.addressTax !== null && taxed === null}
            />
            {shippingAddress ? <ShipsTo address={shippingAddress} className="mt-6" /> : null}
          </div>
        </div>
      </section>
    </>
  );
}
