import { Link } from "react-router";
import type { Currency } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import { RevenueChart } from "../components/admin/revenue-chart.tsx";
import type { Route } from "./+types/admin-overview";

export { headers, loader } from "./admin-overview.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Overview | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

function Stat({
  label,
  value,
  note,
  extra,
}: {
  label: string;
  value: string;
  note?: string;
  extra?: string;
}) {
  return (
    <div className="rounded-card bg-white p-4 shadow-card">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-ink">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-muted">{note}</dd> : null}
      {extra ? <dd className="mt-0.5 text-xs text-muted">{extra}</dd> : null}
    </div>
  );
}

const CURRENCY_NAMES: Record<Currency, string> = {
  USD: "US dollars",
  CAD: "Canadian dollars",
  EUR: "Euros",
  GBP: "Pounds sterling",
};

/** Amounts in several currencies side by side, never added together (decision 051): "$120.00 · CA$54.18". */
function perCurrency(list: { currency: Currency; cents: number }[]): string {
  return list.map((c) => formatMoney(c.cents, c.currency)).join(" · ");
}

/** The owner's overview: money taken, work waiting and subscriptions, with 30 days of revenue. */
export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { overview, chartCurrency } = loaderData;
  const chart =
    overview.dailyByCurrency.find((d) => d.currency === chartCurrency) ?? overview.dailyByCurrency[0];
  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Overview</h1>

      <h2 className="mt-8 text-xl">Sales</h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        {overview.periods.map((p) => (
          <Stat
            key={p.label}
            label={p.label === "Today" ? "Today" : `Last ${p.label}`}
            // Each currency's revenue on its own (decision 051), US dollars first.
            value={perCurrency(p.byCurrency.map((c) => ({ currency: c.currency, cents: c.revenueCents })))}
            note={`${p.orders} paid order${p.orders === 1 ? "" : "s"}`}
            // What customers paid is the figure; what codes took off is beside it (decision 046).
            extra={
              p.byCurrency.some((c) => c.codeDiscountCents > 0)
                ? `${perCurrency(
                    p.byCurrency
                      .filter((c) => c.codeDiscountCents > 0)
                      .map((c) => ({ currency: c.currency, cents: c.codeDiscountCents })),
                  )} off with discount codes`
                : "No discount codes used"
            }
          />
        ))}
      </dl>

      <h2 className="mt-8 text-xl">Work and subscriptions</h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Orders waiting to ship" value={String(overview.waitingToShip)} />
        <Stat label="Active subscriptions" value={String(overview.activeSubscriptions)} />
        <Stat
          label="Monthly recurring revenue"
          value={perCurrency(overview.monthlyRecurring)}
          note="Active subscriptions, per month"
        />
        <Stat label="Failed renewals" value={String(overview.failedRenewals)} note="Waiting for a new card" />
      </dl>

      <h2 className="mt-8 text-xl">
        Revenue in {chart ? CURRENCY_NAMES[chart.currency] : "US dollars"}, last 30 days
      </h2>
      {overview.dailyByCurrency.length > 1 ? (
        // One currency at a time: a chart never adds two together (decision 051).
        <nav aria-label="Chart currency" className="mt-3">
          <ul className="flex flex-wrap gap-2">
            {overview.dailyByCurrency.map((d) => (
              <li key={d.currency}>
                <Link
                  to={d.currency === "USD" ? "/admin" : `/admin?currency=${d.currency}`}
                  preventScrollReset
                  aria-current={d.currency === chart?.currency ? "page" : undefined}
                  className="inline-flex min-h-11 items-center rounded-full border border-sand-deep px-4 text-sm font-semibold text-forest aria-[current=page]:border-forest aria-[current=page]:bg-forest aria-[current=page]:text-white"
                >
                  {CURRENCY_NAMES[d.currency]} ({d.currency})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="mt-3 rounded-card bg-white p-4 shadow-card sm:p-6">
        <RevenueChart daily={chart?.days ?? overview.daily} currency={chart?.currency ?? "USD"} />
      </div>
    </section>
  );
}
