import ArrowLeft from "lucide-react/icons/arrow-left";
import Printer from "lucide-react/icons/printer";
import { countryName, formatAddressLines } from "../../../core/address.ts";
import type { InvoiceRow, InvoiceView, SellerRegistration } from "../../../core/contracts/invoice.ts";
import { formatMoney } from "../../../core/money.ts";
import { storedCurrency } from "../../../core/order-totals.ts";
import { type Translator, useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { formatDate } from "../../lib/format-date.ts";
import { Button } from "../ui/button.tsx";

function registration(t: Translator["t"], r: SellerRegistration): string {
  const values = { number: r.number, region: r.region ?? "" };
  switch (r.scheme) {
    case "vat":
      return t("invoices.registration.vat", values);
    case "ioss":
      return t("invoices.registration.ioss", values);
    case "gstHst":
      return t("invoices.registration.gstHst", values);
    case "qst":
      return t("invoices.registration.qst", values);
    case "pst":
      return t("invoices.registration.pst", values);
    case "usSalesTax":
      return t("invoices.registration.usSalesTax", values);
  }
}

function rowLabel(t: Translator["t"], r: InvoiceRow): string {
  return r.text ?? (r.key ? t(r.key, r.values) : "");
}

const cell = "py-2 align-top";
const heading = "text-xs font-semibold uppercase tracking-wide text-muted print:text-[#000000]";

/**
 * A paid order's invoice, as a page and on paper: the seller and the buyer, the invoice's number (the
 * order's) and date (the day it was paid), the lines, the rows the order's pages show under them (one per
 * tax), the total and what was refunded. Printing leaves out the shop's header, footer, the way back and
 * the Print button.
 */
export function InvoiceDocument({
  invoice,
  backTo,
  inDashboard = false,
}: {
  invoice: InvoiceView;
  backTo: string;
  /** In the dashboard's frame, which has its own container. */
  inDashboard?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  // Every amount in the order's currency, written as every other order view writes it (core/money.ts).
  const currency = storedCurrency(invoice.currency);
  const m = (cents: number) => formatMoney(cents, currency);
  const { seller, buyer } = invoice;
  return (
    <section
      className={`${inDashboard ? "mt-6 max-w-4xl" : "container-shop max-w-4xl py-10 sm:py-14"} print:m-0 print:max-w-none print:p-0`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={backTo}
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-forest underline-offset-2 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> {t("invoices.backToOrder")}
        </Link>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden /> {t("invoices.print")}
        </Button>
      </div>
      <article
        className="mt-4 rounded-card bg-white p-5 shadow-card sm:p-8 print:mt-0 print:rounded-none print:bg-[#ffffff] print:p-0 print:text-[#000000] print:shadow-none"
        aria-labelledby="invoice-title"
      >
        <header className="flex flex-wrap items-start justify-between gap-6 border-b border-sand-deep pb-6">
          <div>
            <h1 id="invoice-title" className="text-3xl sm:text-4xl print:text-[#000000]">
              {t("invoices.heading")}
            </h1>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted print:text-[#000000]">{t("invoices.number")}</dt>
              <dd className="font-semibold" data-testid="invoice-number">
                {invoice.number}
              </dd>
              <dt className="text-muted print:text-[#000000]">{t("invoices.date")}</dt>
              <dd>{formatDate(invoice.issuedAt, locale)}</dd>
              <dt className="text-muted print:text-[#000000]">{t("invoices.orderDate")}</dt>
              <dd>{formatDate(invoice.placedAt, locale)}</dd>
            </dl>
          </div>
          <address className="max-w-xs text-sm not-italic" aria-label={t("invoices.seller")}>
            <p className={heading}>{t("invoices.seller")}</p>
            <p className="mt-1 font-semibold" data-testid="invoice-seller">
              {seller.legalName}
            </p>
            {seller.addressLines.map((l) => (
              <p key={l}>{l}</p>
            ))}
            <p>{countryName(seller.country, locale)}</p>
            <p>{t("invoices.email", { email: seller.email })}</p>
            {seller.taxRegistrations.map((r) => (
              <p key={`${r.scheme}-${r.region ?? ""}`}>{registration(t, r)}</p>
            ))}
          </address>
        </header>

        <div className="grid gap-6 border-b border-sand-deep py-6 text-sm sm:grid-cols-2">
          <div>
            <p className={heading}>{t("invoices.buyer")}</p>
            {buyer.address ? <p className="mt-1 font-semibold">{buyer.address.fullName}</p> : null}
            <p className={buyer.address ? "" : "mt-1"}>{buyer.email}</p>
          </div>
          <address className="not-italic" aria-label={t("invoices.shipTo")}>
            <p className={heading}>{t("invoices.shipTo")}</p>
            {buyer.address ? (
              formatAddressLines(buyer.address, locale).map((l) => (
                <p key={l} className="first:mt-1">
                  {l}
                </p>
              ))
            ) : (
              <p className="mt-1">{t("invoices.noAddress")}</p>
            )}
          </address>
        </div>

        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">{t("invoices.lines.caption", { number: invoice.number })}</caption>
          <thead className="border-b border-sand-deep">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t("invoices.lines.product")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t("invoices.lines.quantity")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t("invoices.lines.unitPrice")}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t("invoices.lines.lineTotal")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-deep">
            {invoice.lines.map((l) => (
              <tr key={l.key}>
                <td className={`${cell} pr-3`}>
                  {l.productName}
                  {l.isSubscription ? (
                    <span className="block text-xs text-muted print:text-[#000000]">
                      {t("invoices.lines.subscription", { percent: String(l.discountPercent) })}
                    </span>
                  ) : null}
                </td>
                <td className={`${cell} pr-3 text-right tabular-nums`}>{l.quantity}</td>
                <td className={`${cell} pr-3 text-right tabular-nums`}>{m(l.unitCents)}</td>
                <td className={`${cell} text-right tabular-nums`}>{m(l.lineCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <table className="mt-4 ml-auto w-full max-w-sm text-sm" aria-label={t("invoices.summary")}>
          <tbody>
            {invoice.rows.map((r) => {
              const total = r.kind === "total";
              const muted = r.kind === "taxIncluded" || r.kind === "paid";
              return (
                <tr
                  key={`${r.kind}-${rowLabel(t, r)}`}
                  className={
                    total
                      ? "border-t border-sand-deep text-base font-semibold text-forest print:text-[#000000]"
                      : ""
                  }
                  data-testid={r.kind === "tax" || r.kind === "taxIncluded" ? "invoice-tax-line" : undefined}
                >
                  <th
                    scope="row"
                    className={`py-1.5 pr-4 text-left font-normal ${total ? "pt-3 font-semibold" : ""} ${
                      muted ? "text-muted print:text-[#000000]" : ""
                    }`}
                  >
                    {rowLabel(t, r)}
                  </th>
                  <td className={`py-1.5 text-right tabular-nums ${total ? "pt-3" : ""}`}>
                    {r.display === "free" ? t("orders.figures.free") : m(r.cents)}
                  </td>
                </tr>
              );
            })}
            {invoice.refundedCents > 0 ? (
              <>
                <tr>
                  <th scope="row" className="py-1.5 pr-4 text-left font-normal">
                    {t("invoices.refunded")}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{m(-invoice.refundedCents)}</td>
                </tr>
                <tr className="font-semibold">
                  <th scope="row" className="py-1.5 pr-4 text-left">
                    {t("invoices.afterRefunds")}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">
                    {m(invoice.totalCents - invoice.refundedCents)}
                  </td>
                </tr>
              </>
            ) : null}
          </tbody>
        </table>
        <p className="mt-6 text-xs text-muted print:text-[#000000]">{t("invoices.currency", { currency })}</p>
      </article>
    </section>
  );
}
