import { Link, type ShouldRevalidateFunction } from "react-router";
import type { AdminSubscriptionDetail } from "../../core/contracts/admin-subscriptions.ts";
import type { Currency } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { AuditList } from "../components/admin/audit-list.tsx";
import { SubscriptionActions } from "../components/admin/subscription-actions.tsx";
import { everyMonths, statusLabel } from "../components/subscriptions/subscription-text.ts";
import { StatusBadge } from "../components/ui/status-badge.tsx";
import { formatDate, formatDateTime } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-subscription";

export { action, headers, loader } from "./admin-subscription.server.ts";

/** After every post, the record is read again: one the rules refused has changed meanwhile. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.sub.productName ?? "Subscription"} subscription | MANA dashboard` },
  { name: "robots", content: "noindex" },
];

const linkClass = "font-medium text-forest underline underline-offset-2";
const card = "rounded-card bg-white p-4 shadow-card sm:p-6";
const EVENT_WORDS: Record<string, string> = {
  "billing-started": "Billing started",
  renewed: "Renewed",
  "renewal-failed": "Renewal payment failed",
  paused: "Paused",
  resumed: "Resumed",
  skipped: "Next delivery skipped",
  "frequency-changed": "Frequency changed",
  "quantity-changed": "Quantity changed",
  swapped: "Product swapped",
  "date-changed": "Next date changed",
  cancelled: "Cancelled",
  "address-changed": "Address changed",
  "card-updated": "Card updated",
};

const ACTORS: Record<string, string> = {
  customer: "the customer",
  owner: "the shop (dashboard)",
  scheduler: "the shop's scheduler",
  provider: "the payment provider",
};

/** An event's detail in words: "until March 4, 2027", "reason: It is too expensive". */
function eventDetail(detail: Record<string, unknown> | null, currency: Currency): string {
  if (!detail) return "";
  return Object.entries(detail)
    .filter(([, v]) => v !== null && v !== "")
    .map(([k, v]) =>
      typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v)
        ? `${k} ${formatDate(v)}`
        : k === "amountCents" && typeof v === "number"
          ? `amount ${formatMoney(v, currency)}`
          : `${k} ${String(v)}`,
    )
    .join(" · ");
}

/** One subscription as the owner works on it: its terms, the buttons its status allows, its history. */
export default function AdminSubscription({ loaderData }: Route.ComponentProps) {
  const { sub, may } = loaderData;
  return (
    <section className="mt-6">
      <p className="text-sm">
        <Link to="/admin/subscriptions" className={linkClass}>
          All subscriptions
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl sm:text-4xl">
          {sub.quantity > 1 ? `${sub.quantity}x ${sub.productName}` : sub.productName}
        </h1>
        <StatusBadge status={sub.status} label={statusLabel(sub.status)} />
      </div>
      <p className="mt-1 break-all text-muted">{sub.email}</p>

      <section aria-labelledby="sub-actions" className={`mt-6 ${card}`}>
        <h2 id="sub-actions" className="text-xl">
          Change it for the customer
        </h2>
        <div className="mt-3">
          {may.change ? (
            <SubscriptionActions sub={sub} />
          ) : (
            <p className="text-sm text-muted">Your role can see subscriptions but not change them.</p>
          )}
        </div>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="sub-terms" className={card}>
          <h2 id="sub-terms" className="text-xl">
            Terms
          </h2>
          <Terms sub={sub} />
        </section>
        <section aria-labelledby="sub-billing" className={card}>
          <h2 id="sub-billing" className="text-xl">
            Billing
          </h2>
          <dl className="mt-3 grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <Row term="Card">{sub.cardLabel ?? "None kept"}</Row>
            <Row term="Provider">{sub.provider === "stripe" ? "Stripe" : "Sandbox"}</Row>
            <Row term="Provider subscription">
              <span className="break-all font-mono text-xs">{sub.providerSubscriptionId ?? "—"}</span>
            </Row>
            <Row term="Provider customer">
              <span className="break-all font-mono text-xs">{sub.providerCustomerId ?? "—"}</span>
            </Row>
            <Row term="Failed renewals">{String(sub.failedAttempts)}</Row>
            <Row term="From order">
              {sub.order ? (
                <Link to={`/admin/orders/${sub.order.orderNumber}`} className={linkClass}>
                  {sub.order.orderNumber}
                </Link>
              ) : (
                "—"
              )}
            </Row>
          </dl>
        </section>
      </div>

      <RenewalConsentSection consent={sub.renewalConsent} />

      <section aria-labelledby="sub-renewals" className={`mt-6 ${card}`}>
        <h2 id="sub-renewals" className="text-xl">
          Renewal orders
        </h2>
        {sub.renewals.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No renewals yet.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Orders made by this subscription's renewals, newest first</caption>
            <thead className="border-b border-sand-deep">
              <tr>
                <th scope="col" className="py-2 pr-2 font-semibold">
                  Order
                </th>
                <th scope="col" className="py-2 pr-2 font-semibold">
                  Date
                </th>
                <th scope="col" className="hidden py-2 pr-2 font-semibold sm:table-cell">
                  Status
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {sub.renewals.map((r) => (
                <tr key={r.orderNumber} className="border-b border-sand-deep last:border-0">
                  <th scope="row" className="py-2 pr-2 font-normal">
                    <Link to={`/admin/orders/${r.orderNumber}`} className={`${linkClass} break-all`}>
                      {r.orderNumber}
                    </Link>
                  </th>
                  <td className="py-2 pr-2">{formatDate(r.createdAt)}</td>
                  <td className="hidden py-2 pr-2 sm:table-cell">
                    <StatusBadge status={r.status} />
                  </td>
                  <td className="py-2 text-right tabular-nums">
                    {formatMoney(r.totalCents, storedCurrency(r.currency))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="sub-timeline" className={card}>
          <h2 id="sub-timeline" className="text-xl">
            Timeline
          </h2>
          {sub.timeline.length === 0 ? (
            <p className="mt-2 text-sm text-muted">Nothing has happened to it yet.</p>
          ) : (
            <ol className="mt-3 grid gap-2 text-sm">
              {sub.timeline.map((e) => (
                <li key={e.id} className="rounded-xl bg-sand p-3">
                  <p className="font-medium">
                    {EVENT_WORDS[e.type] ?? e.type.replace(/-/g, " ")}, by {ACTORS[e.actor] ?? e.actor}
                  </p>
                  <p className="mt-1 text-muted">
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                    {eventDetail(e.detail, storedCurrency(sub.currency))
                      ? ` · ${eventDetail(e.detail, storedCurrency(sub.currency))}`
                      : ""}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="sub-audit" className={card}>
          <h2 id="sub-audit" className="text-xl">
            Owner actions
          </h2>
          <AuditList
            entries={sub.audit}
            wordChange={(a) =>
              `${a.action.replace(/^subscription\./, "")}: status ${String(a.before?.status ?? "—")} → ${String(a.after?.status ?? "—")}`
            }
            empty="No one has changed it from the dashboard yet."
          />
        </section>
      </div>
    </section>
  );
}

function Terms({ sub }: { sub: AdminSubscriptionDetail }) {
  const currency = storedCurrency(sub.currency);
  return (
    <dl className="mt-3 grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      <Row term="Product">{sub.productName}</Row>
      <Row term="Quantity">{String(sub.quantity)}</Row>
      <Row term="Amount">
        {formatMoney(sub.amountCents, currency)} {everyMonths(sub.intervalMonths)}
      </Row>
      {sub.pendingAmountCents !== null && sub.pendingFrom ? (
        <Row term="New price">
          {formatMoney(sub.pendingAmountCents, currency)} from the renewal on or after{" "}
          {formatDate(sub.pendingFrom)} (the subscriber was e-mailed)
        </Row>
      ) : null}
      {sub.discountLine ? <Row term="Discount code">{sub.discountLine}</Row> : null}
      <Row term="Next billing">{sub.nextBillingDate ? formatDate(sub.nextBillingDate) : "—"}</Row>
      {sub.status === "paused" ? (
        <Row term="Paused until">{sub.pausedUntil ? formatDate(sub.pausedUntil) : "Resumed by hand"}</Row>
      ) : null}
      {sub.endsAt ? <Row term="Ends">{formatDate(sub.endsAt)}</Row> : null}
      {sub.cancelReason ? <Row term="Reason">{sub.cancelReason}</Row> : null}
      <Row term="Started">{formatDate(sub.createdAt)}</Row>
    </dl>
  );
}

/** The consent to automatic renewal given at the checkout of the order it came from (decision 042). */
function RenewalConsentSection({ consent }: { consent: AdminSubscriptionDetail["renewalConsent"] }) {
  return (
    <section aria-labelledby="sub-consent" className={`mt-6 ${card}`}>
      <h2 id="sub-consent" className="text-xl">
        Renewal consent
      </h2>
      {consent ? (
        <>
          <dl className="mt-3 grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <Row term="Given">
              <time dateTime={consent.consentedAt}>{formatDateTime(consent.consentedAt)}</time>
            </Row>
            <Row term="By">
              <span className="break-all">{consent.email}</span>
            </Row>
            <Row term="Terms version">{consent.termsVersion}</Row>
            <Row term="SHA-256">
              <span className="break-all font-mono text-xs">{consent.disclosureHash}</span>
            </Row>
            <Row term="IP address">
              <span className="break-all font-mono text-xs">{consent.ipAddress ?? "Not known"}</span>
            </Row>
            <Row term="Browser">
              <span className="break-all">{consent.userAgent ?? "Not known"}</span>
            </Row>
          </dl>
          <h3 className="mt-4 text-base font-semibold">The terms as shown beside the pay button</h3>
          <pre className="mt-2 whitespace-pre-wrap break-words rounded-xl bg-sand p-3 font-sans text-sm">
            {consent.disclosure}
          </pre>
        </>
      ) : (
        <p className="mt-2 text-sm text-muted">
          No consent is kept for this subscription: its order was placed before consents to automatic renewal
          were recorded at checkout.
        </p>
      )}
    </section>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-muted">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
