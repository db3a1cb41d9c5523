import Gift from "lucide-react/icons/gift";
import type { OrderSummaryData } from "../../../core/contracts/checkout.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import type { Currency } from "../../../core/markets.ts";
import { formatMoney as formatAmount } from "../../../core/money.ts";
import { FREE_SHIPPING_OVER_CENTS } from "../../../core/pricing.ts";
import { TAX_NAMES, type TaxName, taxLineLabel } from "../../../core/tax.ts";
import { type Translator, useLocale, useT } from "../../i18n/i18n.tsx";

type OrderTaxLine = NonNullable<OrderSummaryData["taxLines"]>[number];

/** What one gift card, store credit or points pays, as the checkout lists it before the card's part. */
export interface TenderRow {
  key: string;
  label: string;
  cents: number;
}

/**
 * Lines, subscription discounts, bundle savings, the discount code, subtotal, gift cards bought, shipping
 * and total, then what gift cards, store credit and points pay and the card's part: one summary for every
 * step (core/order-totals.ts `summaryRows` lists the same rows). Taxes are one row per tax when the summary
 * lists them ("HST 13%"), else one "Tax" row; at checkout, before the address is known, the tax row says it
 * is worked out from the address (`taxPending`).
 */
export function OrderSummary({
  summary,
  title: givenTitle,
  flatShippingCents,
  tenders,
  taxPending = false,
  taxAtPayment = false,
  currency = "USD",
  freeShippingOverCents = FREE_SHIPPING_OVER_CENTS,
}: {
  summary: OrderSummaryData;
  title?: string;
  /** When given, explains the free-shipping rule under the shipping line. */
  flatShippingCents?: number;
  /** The checkout's tenders (computed in the page with core/tenders.ts); a placed order gives its sum. */
  tenders?: TenderRow[];
  /** The checkout before an address says where the order ships: its taxes are not known yet. */
  taxPending?: boolean;
  /** The taxes are calculated on the payment page (Stripe Tax, decision 050): said in the tax row. */
  taxAtPayment?: boolean;
  /** The currency of every amount of the summary (decision 051): an order's own, US dollars by default. */
  currency?: Currency;
  /** The free-shipping threshold of that currency's list, for the rule under the shipping line. */
  freeShippingOverCents?: number;
}) {
  const t = useT();
  const formatMoney = (cents: number) => formatAmount(cents, currency);
  const locale = useLocale();
  const title = givenTitle ?? t("checkout.summary.title");
  const headingId = `summary-${title.toLowerCase().replace(/\W+/g, "-")}`;
  const code = summary.code ?? null;
  // One row per tax when every line's tax has words (core/tax.ts); otherwise their sum, as "Tax".
  const listed = summary.taxLines ?? [];
  const taxLines = listed.every((l) => (TAX_NAMES as readonly string[]).includes(l.name))
    ? (listed as (OrderTaxLine & { name: TaxName })[])
    : [];
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
                {l.isSubscription
                  ? t("checkout.summary.subscription", { percent: l.discountPercent })
                  : t("checkout.summary.oneTime")}
                {l.bundleName ? ` · ${l.bundleName}` : ""}
              </p>
            </div>
            <div className="text-right tabular-nums">
              {l.isSubscription && l.discountPercent > 0 ? (
                <p className="text-sm text-muted line-through">
                  <span className="sr-only">{t("checkout.summary.was")} </span>
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
              <p className="font-semibold text-ink">{t("checkout.summary.giftCard")}</p>
              <p className="text-sm break-words text-muted">{giftCardFor(t, locale, g)}</p>
            </div>
            <p className="font-semibold text-ink tabular-nums">{formatMoney(g.cents)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t border-sand-deep pt-4 tabular-nums">
        <dt className="text-muted">{t("checkout.summary.subtotal")}</dt>
        <dd className="text-right">{formatMoney(summary.subtotalCents)}</dd>
        {summary.bundleSavings.map((s) => (
          <div key={s.name} className="contents">
            <dt className="text-verdant">
              {s.name === "Bundle savings"
                ? t("checkout.summary.bundleSavings")
                : t("checkout.summary.bundleSavingsOf", { name: s.name })}
            </dt>
            <dd className="text-right text-verdant">-{formatMoney(s.cents)}</dd>
          </div>
        ))}
        {code && code.cents > 0 ? (
          <>
            <dt className="text-verdant">{t("checkout.summary.discount", { code: code.code })}</dt>
            <dd className="text-right text-verdant">-{formatMoney(code.cents)}</dd>
          </>
        ) : null}
        {summary.giftCardCents ? (
          <>
            <dt className="text-muted">{t("checkout.summary.giftCards")}</dt>
            <dd className="text-right">{formatMoney(summary.giftCardCents)}</dd>
          </>
        ) : null}
        {/* A free-shipping code's saving is the shipping line: it names the code. */}
        <dt className="text-muted">
          {code && code.cents === 0
            ? t("checkout.summary.shippingByCode", { code: code.code })
            : t("checkout.summary.shipping")}
        </dt>
        <dd className="text-right">
          {summary.shippingCents === 0 ? t("checkout.summary.free") : formatMoney(summary.shippingCents)}
        </dd>
        {taxPending || taxAtPayment ? (
          <>
            {/* Smaller words beside the row's name: on its baseline. */}
            <dt className="self-baseline text-muted">{t("checkout.summary.tax")}</dt>
            <dd className="self-baseline text-right text-sm text-muted" data-testid="summary-tax-pending">
              {t(taxAtPayment ? "checkout.summary.taxAtPayment" : "checkout.summary.taxFromAddress")}
            </dd>
          </>
        ) : taxLines.length > 0 ? (
          taxLines.map((l) => (
            <div key={`${l.name} ${l.ratePercent}`} className="contents" data-testid="summary-tax-line">
              <dt className="text-muted">{taxLineLabel(l, locale)}</dt>
              <dd className="text-right">{formatMoney(l.cents)}</dd>
            </div>
          ))
        ) : summary.taxCents !== undefined ? (
          <>
            <dt className="text-muted">{t("checkout.summary.tax")}</dt>
            <dd className="text-right">{formatMoney(summary.taxCents)}</dd>
          </>
        ) : null}
        <div className="col-span-2 mt-1 flex items-baseline justify-between gap-4 border-t border-sand-deep pt-3 text-lg font-semibold text-forest">
          <dt>{t("checkout.summary.total")}</dt>
          <dd className="text-right">{formatMoney(summary.totalCents)}</dd>
        </div>
        {/* What balances pay, as every order view names it, then (at checkout) each tender under it. */}
        {paidCents > 0 ? (
          <>
            <dt className="text-verdant">{t("checkout.summary.paidWithBalances")}</dt>
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
            <dt>{tenders ? t("checkout.summary.toPayByCard") : t("checkout.summary.paidByCard")}</dt>
            <dd className="text-right">{formatMoney(Math.max(0, summary.totalCents - paidCents))}</dd>
          </div>
        ) : null}
      </dl>
      {flatShippingCents !== undefined ? (
        <p className="mt-3 text-sm text-muted">
          {summary.shippingCents === 0
            ? t("checkout.summary.freeShippingHere")
            : t("checkout.summary.shippingRule", {
                flat: formatMoney(flatShippingCents),
                over: formatMoney(freeShippingOverCents),
              })}
        </p>
      ) : null}
    </section>
  );
}

/**
 * "For Ana, sent on December 24, 2026" or "For you, sent by e-mail once paid": whom a bought gift card goes
 * to, and when, in the page's language.
 */
export function giftCardFor(
  t: Translator["t"],
  locale: Locale,
  g: { recipient: string | null; deliverOn: string | null },
): string {
  const { recipient } = g;
  if (g.deliverOn) {
    const date = formatDay(g.deliverOn, locale);
    return recipient
      ? t("checkout.giftCard.forRecipientOn", { recipient, date })
      : t("checkout.giftCard.forYouOn", { date });
  }
  return recipient
    ? t("checkout.giftCard.forRecipientPaid", { recipient })
    : t("checkout.giftCard.forYouPaid");
}

/** A YYYY-MM-DD day as "December 24, 2026" in the page's language (never shifted by a time zone). */
export function formatDay(day: string, locale: Locale = "en"): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(locale === "en" ? "en-US" : locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
