import CircleCheck from "lucide-react/icons/circle-check";
import CircleX from "lucide-react/icons/circle-x";
import Clock from "lucide-react/icons/clock";
import CreditCard from "lucide-react/icons/credit-card";
import ExternalLink from "lucide-react/icons/external-link";
import Package from "lucide-react/icons/package";
import PackageCheck from "lucide-react/icons/package-check";
import Receipt from "lucide-react/icons/receipt";
import Truck from "lucide-react/icons/truck";
import Undo2 from "lucide-react/icons/undo-2";
import { type ReactNode, useId, useState } from "react";
import { formatAddressLines } from "../../../core/address.ts";
import type { OrderEventView, OrderPageView } from "../../../core/contracts/orders.ts";
import { formatMoney } from "../../../core/money.ts";
import { useAddToCart } from "../../hooks/use-cart.ts";
import { useCartDrawer } from "../../hooks/use-cart-drawer.tsx";
import { formatDate } from "../../lib/format-date.ts";
import { Button } from "../ui/button.tsx";
import { StatusBadge } from "../ui/status-badge.tsx";

/** An order's status badge (the shop's one colour map) with an icon for the status. */
export function OrderBadge({ status }: { status: string }) {
  const Icon =
    status === "delivered"
      ? CircleCheck
      : status === "shipped"
        ? Truck
        : status === "cancelled"
          ? CircleX
          : status === "processing"
            ? Package
            : Clock;
  return <StatusBadge status={status} icon={<Icon className="size-3.5" aria-hidden />} />;
}

/** Each line with its unit price, subscription discount and line total; then the order's figures. */
export function OrderFigures({ order }: { order: OrderPageView }) {
  const t = order.totals;
  return (
    <div>
      <ul className="divide-y divide-sand-deep">
        {order.items.map((i) => (
          <li
            key={`${i.productId}-${i.isSubscription}-${i.bundleId ?? ""}`}
            className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3"
          >
            <div className="min-w-0">
              <p className="font-semibold text-ink">
                {i.productName} <span className="font-normal text-muted">× {i.quantity}</span>
              </p>
              <p className="text-sm text-muted">
                {formatMoney(i.unitCents)} each
                {" · "}
                {i.isSubscription ? `Monthly subscription, ${i.discountPercent}% off` : "One-time purchase"}
                {i.bundleId ? " · Bundle" : ""}
              </p>
            </div>
            <div className="text-right tabular-nums">
              {i.subscriptionDiscountCents > 0 ? (
                <p className="text-sm text-verdant">
                  Subscription discount -{formatMoney(i.subscriptionDiscountCents)}
                </p>
              ) : null}
              <p className="font-semibold text-ink">
                <span className="sr-only">Line total </span>
                {formatMoney(i.lineCents)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t border-sand-deep pt-4 tabular-nums">
        <dt className="text-muted">Subtotal</dt>
        <dd className="text-right">{formatMoney(t.subtotalCents)}</dd>
        {t.bundleSavingsCents > 0 ? (
          <>
            <dt className="text-verdant">Bundle savings</dt>
            <dd className="text-right text-verdant">-{formatMoney(t.bundleSavingsCents)}</dd>
          </>
        ) : null}
        {t.codeDiscountCents > 0 ? (
          <>
            <dt className="text-verdant">{t.discountCode ? `Discount (${t.discountCode})` : "Discount"}</dt>
            <dd className="text-right text-verdant">-{formatMoney(t.codeDiscountCents)}</dd>
          </>
        ) : null}
        {t.giftCardCents > 0 ? (
          <>
            <dt className="text-muted">Gift cards</dt>
            <dd className="text-right">{formatMoney(t.giftCardCents)}</dd>
          </>
        ) : null}
        {/* A free-shipping code's saving is the shipping line: it names the code. */}
        <dt className="text-muted">
          {t.discountCode && t.codeDiscountCents === 0 ? `Shipping (${t.discountCode})` : "Shipping"}
        </dt>
        <dd className="text-right">{t.shippingCents === 0 ? "Free" : formatMoney(t.shippingCents)}</dd>
        <dt className="text-muted">Tax</dt>
        <dd className="text-right">{formatMoney(t.taxCents)}</dd>
        <div className="col-span-2 mt-1 flex items-baseline justify-between gap-4 border-t border-sand-deep pt-3 text-lg font-semibold text-forest">
          <dt>Total</dt>
          <dd className="text-right">{formatMoney(t.totalCents)}</dd>
        </div>
        {/* What balances paid and the card's part (core/order-totals.ts summaryRows, decision 047). */}
        {t.tenderedCents > 0 ? (
          <>
            <dt className="text-verdant">Paid with gift cards, credit or points</dt>
            <dd className="text-right text-verdant">-{formatMoney(t.tenderedCents)}</dd>
            <dt className="font-semibold text-ink">Paid by card</dt>
            <dd className="text-right font-semibold text-ink">
              {formatMoney(t.totalCents - t.tenderedCents)}
            </dd>
          </>
        ) : null}
      </dl>
      {t.subscriptionSavingsCents > 0 ? (
        <p className="mt-2 text-sm text-muted">
          Subscription discounts saved you {formatMoney(t.subscriptionSavingsCents)} (included in the line
          totals).
        </p>
      ) : null}
    </div>
  );
}

/** Paid, refunded (all or part) or not paid, with the amounts. */
export function PaymentStatus({ order }: { order: OrderPageView }) {
  const { state, paidAt, refundedCents } = order.payment;
  const text =
    state === "unpaid"
      ? "Not paid"
      : state === "paid"
        ? `Paid ${formatMoney(order.totals.totalCents)}${paidAt ? ` on ${formatDate(paidAt)}` : ""}`
        : `Paid ${formatMoney(order.totals.totalCents)}; ${formatMoney(refundedCents)} refunded${state === "refunded" ? " (in full)" : ""}`;
  return <p data-testid="payment-status">{text}</p>;
}

/** The address the order ships to, when the order has one. */
export function ShippingAddressLines({ order }: { order: OrderPageView }) {
  if (!order.shippingAddress) return <p className="text-muted">No shipping address on this order.</p>;
  return (
    <address className="not-italic">
      {formatAddressLines(order.shippingAddress).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

const STEP_ICONS = {
  placed: Receipt,
  paid: CreditCard,
  shipped: Truck,
  delivered: PackageCheck,
  cancelled: CircleX,
  refunded: Undo2,
} as const;

function stepTitle(step: OrderEventView): string {
  switch (step.type) {
    case "placed":
      return "Order placed";
    case "paid":
      return "Payment received";
    case "shipped":
      return step.carrier ? `Shipped with ${step.carrier}` : "Shipped";
    case "delivered":
      return "Delivered";
    case "cancelled":
      return "Cancelled";
    case "refunded":
      return step.amountCents !== undefined ? `Refunded ${formatMoney(step.amountCents)}` : "Refunded";
  }
}

/** What happened to the order, oldest first; the shipped step links to the carrier's tracking page. */
export function OrderTimeline({ order }: { order: OrderPageView }) {
  if (order.timeline.length === 0) return <p className="text-muted">No updates yet.</p>;
  return (
    <ol className="grid gap-4" aria-label="Order timeline">
      {order.timeline.map((step, n) => {
        const Icon = STEP_ICONS[step.type];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end
          <li key={n} className="flex gap-3">
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-sand text-forest">
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="font-semibold text-ink">{stepTitle(step)}</p>
              <p className="text-sm text-muted">
                <time dateTime={step.at}>{formatDate(step.at)}</time>
              </p>
              {step.type === "shipped" && step.trackingCode ? (
                <p className="mt-1 text-sm">
                  Tracking code <span className="font-mono font-semibold break-all">{step.trackingCode}</span>
                  {step.trackingUrl ? (
                    <>
                      {" · "}
                      <a
                        href={step.trackingUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="font-semibold text-forest underline underline-offset-2"
                      >
                        Track with {step.carrier}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    </>
                  ) : null}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Reorder (delivered orders): the same products, quantities and modes, bundle lines as their bundle,
 * through the cart's one add path; the cart opens when they are in. Track Package (shipped orders): the
 * carrier's tracking page in a new tab, or the tracking code when the carrier has no known page.
 */
export function OrderActions({ order, children }: { order: OrderPageView; children?: ReactNode }) {
  const { setOpen } = useCartDrawer();
  const add = useAddToCart({ describe: () => "The items of this order are in your cart." });
  const [showCode, setShowCode] = useState(false);
  const codeId = useId();
  const reorder = () =>
    add.mutate(
      order.items.map((i) => ({
        productId: i.productId,
        quantity: i.quantity,
        isSubscription: i.isSubscription,
        ...(i.bundleId ? { bundleId: i.bundleId } : {}),
      })),
      { onSuccess: () => setOpen(true) },
    );
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {children}
        {order.status === "delivered" ? (
          <Button
            variant="outline"
            size="sm"
            pending={add.isPending}
            pendingText="Adding..."
            onClick={reorder}
          >
            Reorder
          </Button>
        ) : null}
        {order.status === "shipped" && order.trackingUrl ? (
          <Button asChild variant="outline" size="sm">
            <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
              Track Package
              <ExternalLink className="size-4" aria-hidden />
              <span className="sr-only"> with {order.carrier} (opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
        {order.status === "shipped" && !order.trackingUrl ? (
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showCode}
            aria-controls={codeId}
            onClick={() => setShowCode((s) => !s)}
          >
            Track Package
          </Button>
        ) : null}
      </div>
      {order.status === "shipped" && !order.trackingUrl && showCode ? (
        <p id={codeId} className="mt-3 rounded-xl bg-sand p-4 text-sm">
          {order.trackingCode ? (
            <>
              {order.carrier ? `${order.carrier} tracking code: ` : "Tracking code: "}
              <span className="font-mono font-semibold">{order.trackingCode}</span>
            </>
          ) : (
            "Tracking code: not available yet"
          )}
        </p>
      ) : null}
    </>
  );
}

/** The full details of an order, for the order page and the orders page's View Details. */
export function OrderDetailSections({
  order,
  headingLevel = 2,
}: {
  order: OrderPageView;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const heading = "font-display text-lg text-forest";
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section className="self-start rounded-xl bg-sand p-4 sm:p-5">
        <H className={heading}>Items</H>
        <OrderFigures order={order} />
      </section>
      <div className="grid content-start gap-6">
        <section className="rounded-xl bg-sand p-4 sm:p-5">
          <H className={heading}>Payment</H>
          <div className="mt-2">
            <PaymentStatus order={order} />
          </div>
        </section>
        <section className="rounded-xl bg-sand p-4 sm:p-5">
          <H className={heading}>Shipping address</H>
          <div className="mt-2">
            <ShippingAddressLines order={order} />
          </div>
        </section>
        <section className="rounded-xl bg-sand p-4 sm:p-5">
          <H className={`${heading} mb-3`}>Timeline</H>
          <OrderTimeline order={order} />
        </section>
      </div>
    </div>
  );
}
