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
import { Fragment, type ReactNode, useId, useState } from "react";
import { formatAddressLines } from "../../../core/address.ts";
import type { OrderEventView, OrderPageView } from "../../../core/contracts/orders.ts";
import type { Currency } from "../../../core/markets.ts";
import { formatMoney } from "../../../core/money.ts";
import { taxRows } from "../../../core/order-totals.ts";
import { useAddToCart } from "../../hooks/use-cart.ts";
import { useCartDrawer } from "../../hooks/use-cart-drawer.tsx";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { type Translator, useLocale, useT } from "../../i18n/i18n.tsx";
import { rich } from "../../i18n/rich.tsx";
import { formatDate } from "../../lib/format-date.ts";
import { Button } from "../ui/button.tsx";
import { StatusBadge } from "../ui/status-badge.tsx";

/** The words of each order status (core/order-status.ts); another status shows as it is. */
const STATUS: Record<string, string> = {
  pending: "orders.status.pending",
  processing: "orders.status.processing",
  shipped: "orders.status.shipped",
  delivered: "orders.status.delivered",
  cancelled: "orders.status.cancelled",
};

/** An order's status badge (the shop's one colour map) with an icon for the status. */
export function OrderBadge({ status }: { status: string }) {
  const t = useT();
  const label = STATUS[status];
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
  return (
    <StatusBadge
      status={status}
      label={label ? t(label) : undefined}
      icon={<Icon className="size-3.5" aria-hidden />}
    />
  );
}

/** Each line with its unit price, subscription discount and line total; then the order's figures. */
export function OrderFigures({ order }: { order: OrderPageView }) {
  const t = useT();
  const totals = order.totals;
  const currency = totals.currency;
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
                {t("orders.line.each", { price: formatMoney(i.unitCents, currency) })}
                {" · "}
                {i.isSubscription
                  ? t("orders.line.subscription", { percent: i.discountPercent })
                  : t("orders.line.oneTime")}
                {i.bundleId ? ` · ${t("orders.line.bundle")}` : ""}
              </p>
            </div>
            {/* Wrapped under the product on a narrow screen, the amounts keep to the right edge. */}
            <div className="ml-auto text-right tabular-nums">
              {i.subscriptionDiscountCents > 0 ? (
                <p className="text-sm text-verdant">
                  {t("orders.line.subscriptionDiscount", {
                    amount: formatMoney(i.subscriptionDiscountCents, currency),
                  })}
                </p>
              ) : null}
              <p className="font-semibold text-ink">
                <span className="sr-only">{t("orders.line.total")} </span>
                {formatMoney(i.lineCents, currency)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t border-sand-deep pt-4 tabular-nums">
        <dt className="text-muted">{t("orders.figures.subtotal")}</dt>
        <dd className="text-right">{formatMoney(totals.subtotalCents, currency)}</dd>
        {totals.bundleSavingsCents > 0 ? (
          <>
            <dt className="text-verdant">{t("orders.figures.bundleSavings")}</dt>
            <dd className="text-right text-verdant">-{formatMoney(totals.bundleSavingsCents, currency)}</dd>
          </>
        ) : null}
        {totals.codeDiscountCents > 0 ? (
          <>
            <dt className="text-verdant">
              {totals.discountCode
                ? t("orders.figures.discountCode", { code: totals.discountCode })
                : t("orders.figures.discount")}
            </dt>
            <dd className="text-right text-verdant">-{formatMoney(totals.codeDiscountCents, currency)}</dd>
          </>
        ) : null}
        {totals.giftCardCents > 0 ? (
          <>
            <dt className="text-muted">{t("orders.figures.giftCards")}</dt>
            <dd className="text-right">{formatMoney(totals.giftCardCents, currency)}</dd>
          </>
        ) : null}
        {/* A free-shipping code's saving is the shipping line: it names the code. */}
        <dt className="text-muted">
          {totals.discountCode && totals.codeDiscountCents === 0
            ? t("orders.figures.shippingCode", { code: totals.discountCode })
            : t("orders.figures.shipping")}
        </dt>
        <dd className="text-right">
          {totals.shippingCents === 0
            ? t("orders.figures.free")
            : formatMoney(totals.shippingCents, currency)}
        </dd>
        {/* One row per tax; a tax the prices contain (VAT) is shown, not added (core/order-totals.ts taxRows). */}
        {taxRows(totals).map((r) => (
          <Fragment key={r.label}>
            <dt className="text-muted" data-testid="order-tax-line">
              {t(r.key, r.values)}
            </dt>
            <dd className={r.kind === "taxIncluded" ? "text-right text-muted" : "text-right"}>
              {formatMoney(r.cents, currency)}
            </dd>
          </Fragment>
        ))}
        <div className="col-span-2 mt-1 flex items-baseline justify-between gap-4 border-t border-sand-deep pt-3 text-lg font-semibold text-forest">
          <dt>{t("orders.figures.total")}</dt>
          <dd className="text-right">{formatMoney(totals.totalCents, currency)}</dd>
        </div>
        {/* What balances paid and the card's part (core/order-totals.ts summaryRows, decision 047). */}
        {totals.tenderedCents > 0 ? (
          <>
            <dt className="text-verdant">{t("orders.figures.tendered")}</dt>
            <dd className="text-right text-verdant">-{formatMoney(totals.tenderedCents, currency)}</dd>
            <dt className="font-semibold text-ink">{t("orders.figures.paidByCard")}</dt>
            <dd className="text-right font-semibold text-ink">
              {formatMoney(totals.totalCents - totals.tenderedCents, currency)}
            </dd>
          </>
        ) : null}
      </dl>
      {totals.subscriptionSavingsCents > 0 ? (
        <p className="mt-2 text-sm text-muted">
          {t("orders.figures.subscriptionSavings", {
            amount: formatMoney(totals.subscriptionSavingsCents, currency),
          })}
        </p>
      ) : null}
    </div>
  );
}

/** Paid, refunded (all or part) or not paid, with the amounts. */
export function PaymentStatus({ order }: { order: OrderPageView }) {
  const t = useT();
  const locale = useLocale();
  const { state, paidAt, refundedCents } = order.payment;
  const currency = order.totals.currency;
  const amount = formatMoney(order.totals.totalCents, currency);
  const refunded = formatMoney(refundedCents, currency);
  const text =
    state === "unpaid"
      ? t("orders.payment.unpaid")
      : state === "paid"
        ? paidAt
          ? t("orders.payment.paidOn", { amount, date: formatDate(paidAt, locale) })
          : t("orders.payment.paid", { amount })
        : state === "refunded"
          ? t("orders.payment.refundedInFull", { amount, refunded })
          : t("orders.payment.refundedPart", { amount, refunded });
  return <p data-testid="payment-status">{text}</p>;
}

/** The address the order ships to, when the order has one. */
export function ShippingAddressLines({ order }: { order: OrderPageView }) {
  const t = useT();
  const locale = useLocale();
  if (!order.shippingAddress) return <p className="text-muted">{t("orders.address.none")}</p>;
  return (
    <address className="not-italic">
      {formatAddressLines(order.shippingAddress, locale).map((line) => (
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
  return_requested: Undo2,
  withdrawn: Undo2,
  return_approved: Undo2,
  return_received: PackageCheck,
  return_declined: CircleX,
} as const;

function stepTitle(t: Translator["t"], step: OrderEventView, currency: Currency): string {
  switch (step.type) {
    case "placed":
      return t("orders.timeline.placed");
    case "paid":
      return t("orders.timeline.paid");
    case "shipped":
      return step.carrier
        ? t("orders.timeline.shippedWith", { carrier: step.carrier })
        : t("orders.timeline.shipped");
    case "delivered":
      return t("orders.timeline.delivered");
    case "cancelled":
      return t("orders.timeline.cancelled");
    case "refunded":
      return step.amountCents !== undefined
        ? t("orders.timeline.refundedAmount", { amount: formatMoney(step.amountCents, currency) })
        : t("orders.timeline.refunded");
    case "return_requested":
      return t("orders.timeline.returnRequested", { number: step.returnNumber ?? "" });
    case "withdrawn":
      return t("orders.timeline.withdrawn", { number: step.returnNumber ?? "" });
    case "return_approved":
      return t("orders.timeline.returnApproved", { number: step.returnNumber ?? "" });
    case "return_received":
      return t("orders.timeline.returnReceived", { number: step.returnNumber ?? "" });
    case "return_declined":
      return t("orders.timeline.returnDeclined", { number: step.returnNumber ?? "" });
  }
}

/** What happened to the order, oldest first; the shipped step links to the carrier's tracking page. */
export function OrderTimeline({ order }: { order: OrderPageView }) {
  const t = useT();
  const locale = useLocale();
  if (order.timeline.length === 0) return <p className="text-muted">{t("orders.timeline.empty")}</p>;
  return (
    <ol className="grid gap-4" aria-label={t("orders.timeline.label")}>
      {order.timeline.map((step, n) => {
        const Icon = STEP_ICONS[step.type];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end
          <li key={n} className="flex gap-3">
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-sand text-forest">
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="font-semibold text-ink">{stepTitle(t, step, order.totals.currency)}</p>
              <p className="text-sm text-muted">
                <time dateTime={step.at}>{formatDate(step.at, locale)}</time>
              </p>
              {step.type === "shipped" && step.trackingCode ? (
                <p className="mt-1 text-sm">
                  {rich(t, "orders.timeline.trackingCode", {
                    code: <span className="font-mono font-semibold break-all">{step.trackingCode}</span>,
                  })}
                  {step.trackingUrl ? (
                    <>
                      {" · "}
                      <a
                        href={step.trackingUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="font-semibold text-forest underline underline-offset-2"
                      >
                        {t("orders.timeline.trackWith", { carrier: step.carrier ?? "" })}
                        <span className="sr-only"> {t("orders.newTab")}</span>
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
  const t = useT();
  const later = useLaterT(["orders.actions.reordered"]);
  const { setOpen } = useCartDrawer();
  const add = useAddToCart({ describe: () => later("orders.actions.reordered") });
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
            pendingText={t("orders.actions.adding")}
            onClick={reorder}
          >
            {t("orders.actions.reorder")}
          </Button>
        ) : null}
        {order.status === "shipped" && order.trackingUrl ? (
          <Button asChild variant="outline" size="sm">
            <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
              {t("orders.actions.track")}
              <ExternalLink className="size-4" aria-hidden />
              <span className="sr-only">
                {" "}
                {t("orders.actions.trackWith", { carrier: order.carrier ?? "" })}
              </span>
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
            {t("orders.actions.track")}
          </Button>
        ) : null}
      </div>
      {order.status === "shipped" && !order.trackingUrl && showCode ? (
        <p id={codeId} className="mt-3 rounded-xl bg-sand p-4 text-sm">
          {order.trackingCode
            ? rich(
                t,
                order.carrier ? "orders.actions.carrierCode" : "orders.actions.code",
                { code: <span className="font-mono font-semibold">{order.trackingCode}</span> },
                { carrier: order.carrier ?? "" },
              )
            : t("orders.actions.noCode")}
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
  const t = useT();
  const H = headingLevel === 2 ? "h2" : "h3";
  const heading = "font-display text-lg text-forest";
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section className="self-start rounded-xl bg-sand p-4 sm:p-5">
        <H className={heading}>{t("orders.section.items")}</H>
        <OrderFigures order={order} />
      </section>
      <div className="grid content-start gap-6">
        <section className="rounded-xl bg-sand p-4 sm:p-5">
          <H className={heading}>{t("orders.section.payment")}</H>
          <div className="mt-2">
            <PaymentStatus order={order} />
          </div>
        </section>
        <section className="rounded-xl bg-sand p-4 sm:p-5">
          <H className={heading}>{t("orders.section.address")}</H>
          <div className="mt-2">
            <ShippingAddressLines order={order} />
          </div>
        </section>
        <section className="rounded-xl bg-sand p-4 sm:p-5">
          <H className={`${heading} mb-3`}>{t("orders.section.timeline")}</H>
          <OrderTimeline order={order} />
        </section>
      </div>
    </div>
  );
}
