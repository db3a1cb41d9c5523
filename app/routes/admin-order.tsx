import { Fragment } from "react";
import { Link, type ShouldRevalidateFunction } from "react-router";
import { formatAddressLines } from "../../core/address.ts";
import type { AdminOrderDetail } from "../../core/contracts/admin-orders.ts";
import type { AdminAuditView } from "../../core/contracts/admin-products.ts";
import type { Currency } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency, taxRows } from "../../core/order-totals.ts";
import { AdminOrderActions } from "../components/admin/admin-order-actions.tsx";
import { AuditList } from "../components/admin/audit-list.tsx";
import { ReturnStatusBadge } from "../components/admin/return-words.tsx";
import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { InvoiceLink } from "../components/orders/invoice-link.tsx";
import { OrderBadge } from "../components/orders/order-details.tsx";
import { Button } from "../components/ui/button.tsx";
import { formatDateTime } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-order";

export { action, headers, loader } from "./admin-order.server.ts";

/** After every post, the record is read again: one the rules refused has changed meanwhile. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Order ${params.number} | MANA dashboard` },
  { name: "robots", content: "noindex" },
];

const card = "rounded-card bg-white p-4 shadow-card sm:p-6";

const STEP: Record<string, string> = {
  placed: "Placed",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
  // Returns (decision 055): each step names the return's number (stepDetail).
  return_requested: "Return requested",
  withdrawn: "Withdrawn from the contract (EU or UK right of withdrawal)",
  return_approved: "Return approved",
  return_received: "Returned product received",
  return_declined: "Return declined",
  oversold: "Paid after the stock ran out: check the stock and refund or ship",
  address_refused: "Paid without an address the shop can ship to: refund the payment with the provider",
  tax_not_collected:
    "Paid on Stripe without the taxes of the address its page collected (TAX_PROVIDER=stripe would have taxed it)",
};

function stepDetail(detail: Record<string, string | number> | null, currency: Currency): string {
  if (!detail) return "";
  const parts: string[] = [];
  if (detail.returnNumber) parts.push(`return ${detail.returnNumber}`);
  if (typeof detail.amountCents === "number") parts.push(formatMoney(detail.amountCents, currency));
  if (detail.carrier) parts.push(String(detail.carrier));
  if (detail.trackingCode) parts.push(`tracking ${detail.trackingCode}`);
  if (detail.fields) parts.push(String(detail.fields));
  if (detail.taxes) parts.push(String(detail.taxes));
  return parts.join(", ");
}

function describeAudit(a: AdminAuditView, currency: Currency): string {
  const after = a.after ?? {};
  if (a.action === "order.refund")
    return `Refund of ${formatMoney(Number(after.amountCents ?? 0), currency)} asked: “${String(after.reason ?? "")}”`;
  const before = a.before ?? {};
  return `${a.action.replace("order.", "Marked ")} (was ${String(before.status ?? "?")})${
    after.trackingCode ? `, ${String(after.carrier)} ${String(after.trackingCode)}` : ""
  }`;
}

/** One order as the owner works on it; printing it gives the packing slip (print stylesheet). */
export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  // The loader's JSON is the API's AdminOrderDetail (audit fields are free-form JSON either way).
  const order = loaderData.order as AdminOrderDetail;
  // Every amount of the order is in its currency (decision 051).
  const currency = storedCurrency(order.currency);
  const address = order.shippingAddress ? formatAddressLines(order.shippingAddress) : [];

  return (
    <>
      <article className="mt-6 grid gap-5 print:hidden" aria-labelledby="order-title">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm">
              <Link to="/admin/orders" className="font-semibold text-forest underline">
                All orders
              </Link>
            </p>
            <h1 id="order-title" className="mt-1 text-3xl sm:text-4xl">
              Order {order.orderNumber}
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
              <OrderBadge status={order.status} /> placed {formatDateTime(order.createdAt)}
              {order.isRenewal ? " · a subscription renewal" : ""}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <InvoiceLink variant="admin" orderNumber={order.orderNumber} paidAt={order.paidAt} />
            <Button variant="outline" onClick={() => window.print()}>
              Print packing slip
            </Button>
          </div>
        </header>

        <AdminOrderActions order={order} carriers={loaderData.carriers} may={loaderData.may} />

        <div className="grid gap-5 lg:grid-cols-2">
          <section className={card} aria-labelledby="order-lines">
            <h2 id="order-lines" className="text-xl">
              Items and totals
            </h2>
            <table className="mt-3 w-full text-left text-sm">
              <caption className="sr-only">Items of order {order.orderNumber}</caption>
              <thead className="border-b border-sand-deep">
                <tr>
                  <th scope="col" className="py-2 pr-2 font-semibold">
                    Item
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-sand-deep">
                {order.lines.map((l) => (
                  <tr key={`${l.productId}-${l.isSubscription}`}>
                    <td className="py-2 pr-2">
                      {l.productName} × {l.quantity}
                      <span className="block text-xs text-muted">
                        {formatMoney(l.unitPriceCents, currency)} each
                        {l.isSubscription ? ` · subscription, ${l.discountPercent}% off` : " · one-time"}
                      </span>
                    </td>
                    <td className="py-2 text-right tabular-nums">
                      {formatMoney(l.lineTotalCents, currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Subtotal</dt>
              <dd className="text-right tabular-nums">{formatMoney(order.subtotalCents, currency)}</dd>
              {order.discountCents > 0 ? (
                <>
                  <dt className="text-muted">Savings</dt>
                  <dd className="text-right tabular-nums">−{formatMoney(order.discountCents, currency)}</dd>
                </>
              ) : null}
              {order.discountCode ? (
                <>
                  <dt className="text-muted">Discount ({order.discountCode})</dt>
                  <dd className="text-right tabular-nums">
                    −{formatMoney(order.codeDiscountCents, currency)}
                  </dd>
                </>
              ) : null}
              <dt className="text-muted">Shipping</dt>
              <dd className="text-right tabular-nums">
                {order.shippingCents ? formatMoney(order.shippingCents, currency) : "Free"}
              </dd>
              {/* One row per tax; a VAT the prices contain is shown, not added (core/order-totals.ts). */}
              {order.taxLines.length > 0
                ? taxRows(order).map((r) => (
                    <Fragment key={r.label}>
                      <dt className="text-muted" data-testid="order-tax-line">
                        {r.label}
                      </dt>
                      <dd className="text-right tabular-nums">{formatMoney(r.cents, currency)}</dd>
                    </Fragment>
                  ))
                : null}
              {order.taxLines.length === 0 && order.taxCents > 0 ? (
                <>
                  <dt className="text-muted">Tax</dt>
                  <dd className="text-right tabular-nums">{formatMoney(order.taxCents, currency)}</dd>
                </>
              ) : null}
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold tabular-nums">
                {formatMoney(order.totalCents, currency)}
              </dd>
              {order.refundedCents > 0 ? (
                <>
                  <dt className="font-semibold text-danger">Refunded</dt>
                  <dd className="text-right font-semibold tabular-nums text-danger">
                    −{formatMoney(order.refundedCents, currency)}
                  </dd>
                </>
              ) : null}
            </dl>
          </section>

          <section className={card} aria-labelledby="order-customer">
            <h2 id="order-customer" className="text-xl">
              Customer and delivery
            </h2>
            <p className="mt-3 break-all text-sm">
              {order.userId ? (
                <Link to={`/admin/customers/${order.userId}`} className="font-semibold text-forest underline">
                  {order.email}
                </Link>
              ) : (
                <>
                  {order.email} <span className="text-muted">(guest)</span>
                </>
              )}
            </p>
            {address.length ? (
              <address className="mt-3 text-sm not-italic">
                {address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              <p className="mt-3 text-sm text-muted">No shipping address on this order.</p>
            )}
            {order.trackingCode ? (
              <p className="mt-3 text-sm">
                {order.carrier} tracking{" "}
                {order.trackingUrl ? (
                  <a
                    href={order.trackingUrl}
                    className="font-semibold text-forest underline"
                    rel="noreferrer"
                    target="_blank"
                  >
                    {order.trackingCode}
                  </a>
                ) : (
                  order.trackingCode
                )}
              </p>
            ) : null}
            {loaderData.returns.length ? (
              <>
                <h3 className="mt-4 text-base font-semibold">Returns</h3>
                <ul className="mt-1 text-sm">
                  {loaderData.returns.map((r) => (
                    <li key={r.id} className="flex flex-wrap items-center gap-2 py-1">
                      <Link to={`/admin/returns/${r.id}`} className="font-semibold text-forest underline">
                        {r.number}
                      </Link>
                      <ReturnStatusBadge status={r.status} />
                      <span className="tabular-nums text-muted">{formatMoney(r.refundCents, currency)}</span>
                      {r.kind === "withdrawal" ? <span className="text-muted">· withdrawal</span> : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {order.subscriptions.length ? (
              <>
                <h3 className="mt-4 text-base font-semibold">Subscriptions from this order</h3>
                <ul className="mt-1 text-sm">
                  {order.subscriptions.map((s) => (
                    <li key={s.id}>
                      <Link to={`/admin/subscriptions/${s.id}`} className="text-forest underline">
                        {s.productName}
                      </Link>{" "}
                      <span className="text-muted">({s.status.replace("_", " ")})</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>

          <section className={card} aria-labelledby="order-payment">
            <h2 id="order-payment" className="text-xl">
              Payment
            </h2>
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted">Provider</dt>
              <dd>{order.provider === "stripe" ? "Stripe" : "Sandbox (test payments)"}</dd>
              <dt className="text-muted">Paid</dt>
              <dd>{order.paidAt ? formatDateTime(order.paidAt) : "Not paid"}</dd>
              <dt className="text-muted">Checkout session</dt>
              <dd className="break-all font-mono text-xs">{order.providerSessionId ?? "—"}</dd>
              <dt className="text-muted">Payment</dt>
              <dd className="break-all font-mono text-xs">{order.providerPaymentId ?? "—"}</dd>
              <dt className="text-muted">Can still be refunded</dt>
              <dd className="tabular-nums">{formatMoney(order.refundableCents, currency)}</dd>
            </dl>
            {order.tenders.length ? <PaidWith order={order} /> : null}
            {order.refunds.length ? (
              <>
                <h3 className="mt-4 text-base font-semibold">Refunds</h3>
                <ul className="mt-1 divide-y divide-sand-deep text-sm">
                  {order.refunds.map((r) => (
                    <li key={r.id} className="py-2">
                      <span className="font-semibold tabular-nums">
                        {formatMoney(r.amountCents, currency)}
                      </span>{" "}
                      ·{" "}
                      {r.status === "succeeded"
                        ? "refunded"
                        : r.status === "pending"
                          ? "pending"
                          : "failed (nothing refunded)"}{" "}
                      · {formatDateTime(r.createdAt)}
                      <span className="block text-muted">
                        {r.reason} ({r.actor})
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>

          <section className={card} aria-labelledby="order-timeline">
            <h2 id="order-timeline" className="text-xl">
              Timeline
            </h2>
            <ol className="mt-3 grid gap-2 text-sm">
              {order.timeline.map((t) => (
                <li key={`${t.type}-${t.at}`}>
                  <span className="font-semibold">{STEP[t.type] ?? t.type}</span>
                  {stepDetail(t.detail, currency) ? ` · ${stepDetail(t.detail, currency)}` : ""}
                  <span className="block text-muted">{formatDateTime(t.at)}</span>
                </li>
              ))}
            </ol>
            <h3 className="mt-4 text-base font-semibold">Owner actions</h3>
            <AuditList
              entries={order.audit}
              wordChange={(a) => describeAudit(a, currency)}
              empty="None yet."
            />
          </section>
        </div>
      </article>
      <PackingSlip order={order} address={address} />
    </>
  );
}

/** What goes in the box: printed only (the page's print stylesheet hides everything else). */
function PackingSlip({ order, address }: { order: AdminOrderDetail; address: string[] }) {
  return (
    <section className="hidden text-black print:block" aria-hidden>
      <p className="text-2xl font-semibold">MANA · Packing slip</p>
      <p className="mt-2">
        Order {order.orderNumber} · placed {new Date(order.createdAt).toISOString().slice(0, 10)}
      </p>
      <div className="mt-4">
        <p className="font-semibold">Ship to</p>
        {address.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <table className="mt-6 w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-black">
            <th className="py-1">Item</th>
            <th className="py-1 text-right">Quantity</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={`${l.productId}-${l.isSubscription}`} className="border-b border-black/30">
              <td className="py-1">
                {l.productName}
                {l.isSubscription ? " (subscription)" : ""}
              </td>
              <td className="py-1 text-right">{l.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6">Thank you for your order. Questions: reply to your order e-mail.</p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorPage
      error={error}
      notFound={{ title: "Order not found", text: "There is no order with this number." }}
      to="/admin/orders"
      linkLabel="All orders"
    />
  );
}

const TENDER_STATE: Record<string, string> = {
  held: "held until the payment",
  captured: "taken",
  released: "given back (not paid)",
};

/**
 * What paid the order (decision 047): its gift cards by their last four, store credit and points, then the
 * card's part (the total less what they took), each with what refunds gave back.
 */
function PaidWith({ order }: { order: AdminOrderDetail }) {
  const currency = storedCurrency(order.currency);
  const taken = order.tenders.filter((t) => t.status !== "released").reduce((n, t) => n + t.amountCents, 0);
  const name = (t: (typeof order.tenders)[number]) =>
    t.kind === "gift_card"
      ? `Gift card ending ${t.last4 ?? "----"}`
      : t.kind === "credit"
        ? "Store credit"
        : `Wellness Points (${new Intl.NumberFormat("en-US").format(t.points ?? 0)})`;
  return (
    <>
      <h3 className="mt-4 text-base font-semibold">Paid with</h3>
      <ul className="mt-1 divide-y divide-sand-deep text-sm">
        {order.tenders.map((t, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the tenders are listed in the order they were applied
          <li key={i} className="flex flex-wrap justify-between gap-x-4 py-2">
            <span>
              {name(t)} <span className="text-muted">· {TENDER_STATE[t.status] ?? t.status}</span>
              {t.refundedCents > 0 ? (
                <span className="block text-muted">
                  {formatMoney(t.refundedCents, currency)} given back by refunds
                </span>
              ) : null}
            </span>
            <span className="tabular-nums">{formatMoney(t.amountCents, currency)}</span>
          </li>
        ))}
        <li className="flex flex-wrap justify-between gap-x-4 py-2">
          <span>Card</span>
          <span className="tabular-nums">{formatMoney(Math.max(0, order.totalCents - taken), currency)}</span>
        </li>
      </ul>
    </>
  );
}
