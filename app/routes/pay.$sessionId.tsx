import { useNavigation } from "react-router";
import type { AddressFieldErrors } from "../../core/address.ts";
import { formatMoney } from "../../core/money.ts";
import { ShipsTo } from "../components/address/ships-to.tsx";
import { CardForm } from "../components/checkout/card-form.tsx";
import { CheckoutProp65 } from "../components/checkout/checkout-prop65.tsx";
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

/**
 * The sandbox provider's hosted-style card page: only for sandbox sessions of this shop. An order begun
 * without a shipping address asks for it here, with the card (docs/decisions/027-address-on-the-payment-page.md).
 */
export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, email, orderNumber, status, shippingAddress, shipTo, prop65Warnings, currency } =
    loaderData;
  const navigation = useNavigation();
  const address = usePayAddress(
    shipTo,
    actionData?.addressErrors ?? NO_ERRORS,
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST",
  );
  const asksAddress = !shippingAddress;
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
              </CardForm>
            )}
          </div>
          <div className="lg:col-start-1 lg:row-start-2">
            <OrderSummary summary={summary} title="Your order" currency={currency} />
            {shippingAddress ? <ShipsTo address={shippingAddress} className="mt-6" /> : null}
          </div>
        </div>
      </section>
    </>
  );
}
