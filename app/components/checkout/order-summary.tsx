import Gift from "lucide-react/icons/gift";
import type { OrderSummaryData } from "../../../core/contracts/checkout.ts";
import { formatMoney } from "../../../core/money.ts";
import { FREE_SHIPPING_OVER_CENTS } from "../../../core/pricing.ts";

/** What one gift card, store credit or points pays, as the checkout lists it before the card's part. */
export interface TenderRow {
  key: string;
  label: string;
  cents: number;
}

/**
 * Lines, subscription discounts, bundle savings, the discount code, subtotal, gift cards bought, shipping
 * and total, then what gift cards, store credit and points pay and the card's part: one summary for every
 * step (core/order-totals.ts `summaryRows` lists the same rows).
 */
export function OrderSummary({
  summary,
  title = "Order Summary",
  flatShippingCents,
  tenders,
}: {
  summary: OrderSummaryData;
  title?: string;
  /** When given, explains the free-shipping rule under the shipping line. */
  flatShippingCents?: number;
  /** The checkout's tenders (computed in the page with core/tenders.ts); a placed order gives its sum. */
  tenders?: TenderRow[];
}) {
  const headingId = `summary-${title.toLowerCase().replace(/\W+/g, "-")}`;
  const code = summary.code ?? null;
  const paidCents = tenders ? tenders.reduce((sum, t) => sum + t.cents, 0) : (summary.tenderedCents ?? 0);
  return (
    <section aria-labelledby={headingId} className="rounded-card bg-sand p-5 shadow-card sm:p-6">
      <h2 id={headingId} className="text-xl">
        {title}
      </h2>
      <ul className="mt-4 divide-y divide-sand-deep">
        {summary.lines.map((l) => (
          <li key={l.key} className="flex items-start gap-3 py-3">
            {l.imageUrl ? (
              <img
                src={l.imageUrl}
                alt=""
                width={56}
                height={56}
                className="size-14 shrink-0 rounded-xl bg-cream object-contain"
              />
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">
                {l.name} <span className="font-normal text-muted">× {l.quantity}</span>
              </p>
              <p className="text-sm text-muted">
                {l.isSubscription ? `Monthly subscription · ${l.discountPercent}% off` : "One-time purchase"}
                {l.bundleName ? ` · ${l.bundleName}` : ""}
              </p>
            </div>
            <div className="text-right tabular-nums">
              {l.isSubscription && l.discountPercent > 0 ? (
                <p className="text-sm text-muted line-through">
                  <span className="sr-only">Was </span>
                  {formatMoney(l.unitCents * l.quantity)}
                </p>
              ) : null}
              <p className="font-semibold text-ink">{formatMoney(l.lineCents)}</p>
            </div>
          </li>
        ))}
        {(summary.giftCards ?? []).map((g) => (
          <li key={g.key} className="flex items-start gap-3 py-3" data-testid="summary-gift-card">
            <Gift aria-hidden className="mt-0.5 size-14 shrink-0 rounded-xl bg-cream p-3 text-gold" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">Gift card</p>
              <p className="text-sm break-words text-muted">{giftCardFor(g)}</p>
            </div>
            <p className="font-semibold text-ink tabular-nums">{formatMoney(g.cents)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t border-sand-deep pt-4 tabular-nums">
        <dt className="text-muted">Subtotal</dt>
        <dd className="text-right">{formatMoney(summary.subtotalCents)}</dd>
        {summary.bundleSavings.map((s) => (
          <div key={s.name} className="contents">
            <dt className="text-verdant">
              {s.name === "Bundle savings" ? s.name : `Bundle savings (${s.name})`}
            </dt>
            <dd className="text-right text-verdant">-{formatMoney(s.cents)}</dd>
          </div>
        ))}
        {code && code.cents > 0 ? (
          <>
            <dt className="text-verdant">Discount ({code.code})</dt>
            <dd className="text-right text-verdant">-{formatMoney(code.cents)}</dd>
          </>
        ) : null}
        {summary.giftCardCents ? (
          <>
            <dt className="text-muted">Gift cards</dt>
            <dd className="text-right">{formatMoney(summary.giftCardCents)}</dd>
          </>
        ) : null}
        {/* A free-shipping code's saving is the shipping line: it names the code. */}
        <dt className="text-muted">{code && code.cents === 0 ? `Shipping (${code.code})` : "Shipping"}</dt>
        <dd className="text-right">
          {summary.shippingCents === 0 ? "Free" : formatMoney(summary.shippingCents)}
        </dd>
        {summary.taxCents !== undefined ? (
          <>
            <dt className="text-muted">Tax</dt>
            <dd className="text-right">{formatMoney(summary.taxCents)}</dd>
          </>
        ) : null}
        <div className="col-span-2 mt-1 flex items-baseline justify-between gap-4 border-t border-sand-deep pt-3 text-lg font-semibold text-forest">
          <dt>Total</dt>
          <dd className="text-right">{formatMoney(summary.totalCents)}</dd>
        </div>
        {/* What balances pay, as every order view names it, then (at checkout) each tender under it. */}
        {paidCents > 0 ? (
          <>
            <dt className="text-verdant">Paid with gift cards, credit or points</dt>
            <dd className="text-right text-verdant">-{formatMoney(paidCents)}</dd>
          </>
        ) : null}
        {(tenders ?? []).map((t) => (
          <div key={t.key} className="contents text-sm text-muted" data-testid="summary-tender">
            <dt className="pl-4">{t.label}</dt>
            <dd className="text-right">-{formatMoney(t.cents)}</dd>
          </div>
        ))}
        {paidCents > 0 || tenders ? (
          <div
            className="col-span-2 flex items-baseline justify-between gap-4 font-semibold text-ink"
            data-testid="summary-card-part"
          >
            <dt>{tenders ? "To pay by card" : "Paid by card"}</dt>
            <dd className="text-right">{formatMoney(Math.max(0, summary.totalCents - paidCents))}</dd>
          </div>
        ) : null}
      </dl>
      {flatShippingCents !== undefined ? (
        <p className="mt-3 text-sm text-muted">
          {summary.shippingCents === 0
            ? "Free shipping on this order. Ships in 2-3 business days."
            : `Shipping is ${formatMoney(flatShippingCents)}; free on orders over ${formatMoney(FREE_SHIPPING_OVER_CENTS)} and on bundles. Ships in 2-3 business days.`}
        </p>
      ) : null}
    </section>
  );
}

/** "For Ana, sent on 2026-12-24" or "For you, sent when paid": whom a bought gift card goes to, and when. */
export function giftCardFor(g: { recipient: string | null; deliverOn: string | null }): string {
  const who = g.recipient ? `For ${g.recipient}` : "For you";
  return `${who}, sent ${g.deliverOn ? `on ${formatDay(g.deliverOn)}` : "by e-mail once paid"}`;
}

/** A YYYY-MM-DD day as "December 24, 2026" (the day itself, never shifted by a time zone). */
export function formatDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
