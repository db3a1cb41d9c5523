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

/** The owner's overview: money taken, work waiting and subscriptions, with 30 days of revenue. */
export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Overview</h1>

      <h2 className="mt-8 text-xl">Sales</h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        {overview.periods.map((p) => (
          <Stat
            key={p.label}
            label={p.label === "Today" ? "Today" : `Last ${p.label}`}
            value={formatMoney(p.revenueCents)}
            note={`${p.orders} paid order${p.orders === 1 ? "" : "s"}`}
            // What customers paid is the figure; what codes took off is beside it (decision 046).
            extra={
              p.codeDiscountCents > 0
                ? `${formatMoney(p.codeDiscountCents)} off with discount codes`
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
          value={formatMoney(overview.monthlyRecurringCents)}
          note="Active subscriptions, per month"
        />
        <Stat label="Failed renewals" value={String(overview.failedRenewals)} note="Waiting for a new card" />
      </dl>

      <h2 className="mt-8 text-xl">Revenue, last 30 days</h2>
      <div className="mt-3 rounded-card bg-white p-4 shadow-card sm:p-6">
        <RevenueChart daily={overview.daily} />
      </div>
    </section>
  );
}
