import type { Currency } from "../../../core/markets.ts";
import { formatMoney } from "../../../core/money.ts";

/**
 * Daily revenue as a server-rendered SVG bar chart (no chart library: thirty bars and two labels), with
 * the figures in a table for screen readers and anyone who wants the numbers. One currency's orders only: a
 * chart never adds two currencies together (docs/decisions/051); the title and the table name it.
 */
export function RevenueChart({
  daily,
  currency = "USD",
}: {
  daily: { day: string; revenueCents: number }[];
  currency?: Currency;
}) {
  const money = (cents: number) => formatMoney(cents, currency);
  const width = 600;
  const height = 160;
  const gap = 4;
  const max = Math.max(1, ...daily.map((d) => d.revenueCents));
  const barWidth = (width - gap * (daily.length - 1)) / Math.max(daily.length, 1);
  const total = daily.reduce((sum, d) => sum + d.revenueCents, 0);
  const first = daily[0]?.day ?? "";
  const last = daily.at(-1)?.day ?? "";
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-label={`Revenue in ${currency} by day from ${first} to ${last}: ${money(total)} in all, at most ${money(max === 1 ? 0 : max)} in a day.`}
      >
        <line
          x1={0}
          y1={height - 0.5}
          x2={width}
          y2={height - 0.5}
          className="stroke-sand-deep"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        {daily.map((d, i) => {
          const h = d.revenueCents === 0 ? 0 : Math.max(2, (d.revenueCents / max) * (height - 8));
          return (
            <rect
              key={d.day}
              x={i * (barWidth + gap)}
              y={height - h}
              width={barWidth}
              height={h}
              className="fill-forest"
            >
              <title>{`${d.day}: ${money(d.revenueCents)}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* The dates as text beside the drawing, so they keep their size on any screen. */}
      <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden>
        <span>{first}</span>
        <span>{last}</span>
      </div>
      <figcaption className="mt-2 text-sm text-muted">
        {total === 0
          ? `No sales in ${currency} in the last 30 days yet: each day's revenue shows here as a bar.`
          : `Revenue in ${currency} per day over the last 30 days (UTC), orders in ${currency} only.`}
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-forest">
          Show the figures
        </summary>
        <table className="mt-2 w-full max-w-sm text-left">
          <caption className="sr-only">Revenue in {currency} by day</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 font-semibold">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Revenue ({currency})
              </th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.day} className="border-t border-sand-deep">
                <td className="py-1">{d.day}</td>
                <td className="py-1 text-right tabular-nums">{money(d.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
