import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatAddressLines } from "../../core/address.ts";
import { spentWords } from "../../core/contracts/admin-customers.ts";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { CustomerBalances } from "../components/admin/customer-balances.tsx";
import { OrderBadge } from "../components/orders/order-details.tsx";
import { statusLabel } from "../components/subscriptions/subscription-text.ts";
import { StatusBadge } from "../components/ui/status-badge.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-customer";

export { action, headers, loader } from "./admin-customer.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.customer.name || loaderData?.customer.email || "Customer"} | MANA dashboard` },
  { name: "robots", content: "noindex" },
];

const ROLE_NAMES: Record<string, string> = { user: "Customer", staff: "Staff", admin: "Admin (owner)" };
const link = "font-semibold break-all text-forest underline underline-offset-2";

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card bg-white p-4 shadow-card sm:p-6" aria-labelledby={`${slug(title)}-h`}>
      <h2 id={`${slug(title)}-h`} className="text-xl">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}
const slug = (text: string) => text.toLowerCase().replace(/[^a-z]+/g, "-");

/** One customer: contact, role, orders, subscriptions, saved addresses and newsletter consent. */
export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const c = loaderData.customer;
  const newsletter =
    c.newsletter.status === "subscribed"
      ? `Subscribed${c.newsletter.consentAt ? `, consent given ${formatDate(c.newsletter.consentAt)}` : " (no consent time recorded)"}`
      : c.newsletter.status === "unsubscribed"
        ? `Unsubscribed ${formatDate(c.newsletter.unsubscribedAt)}`
        : "Not signed up for the newsletter";
  return (
    <div className="mt-6">
      <p className="text-sm">
        <Link to="/admin/customers" className="font-semibold text-forest underline underline-offset-2">
          All customers
        </Link>
      </p>
      <h1 className="mt-2 text-3xl break-words sm:text-4xl">{c.name || c.email}</h1>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Contact">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-muted">E-mail</dt>
            <dd className="min-w-0 break-all">
              <a href={`mailto:${c.email}`} className={link}>
                {c.email}
              </a>{" "}
              <span className="text-muted">{c.emailVerified ? "(confirmed)" : "(not confirmed)"}</span>
            </dd>
            <dt className="text-muted">Phone</dt>
            <dd>{c.phoneNumber ?? "—"}</dd>
            <dt className="text-muted">Joined</dt>
            <dd>{formatDate(c.joinedAt)}</dd>
            <dt className="text-muted">Role</dt>
            <dd>{ROLE_NAMES[c.role] ?? c.role}</dd>
            <dt className="text-muted">Newsletter</dt>
            <dd>{newsletter}</dd>
            <dt className="text-muted">Spent</dt>
            <dd className="tabular-nums">
              {spentWords(c.spent)} over {c.orderCount} order{c.orderCount === 1 ? "" : "s"}
            </dd>
          </dl>
          <p className="mt-3 text-xs text-muted">
            Other notification choices (e-mail, offers) are kept in the customer's own browser, not by the
            shop.
          </p>
        </Card>

        <Card title="Saved addresses">
          {c.addresses.length === 0 ? (
            <p className="text-muted">No saved addresses.</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {c.addresses.map((a) => (
                <li key={a.id}>
                  <address className="not-italic">
                    {formatAddressLines(a).map((line) => (
                      <span key={line} className="block break-words">
                        {line}
                      </span>
                    ))}
                  </address>
                  {a.isDefault ? <span className="text-xs font-semibold text-muted">Default</span> : null}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={`Orders (${c.orders.length})`}>
          {c.orders.length === 0 ? (
            <p className="text-muted">No orders on this account yet.</p>
          ) : (
            <ul className="divide-y divide-sand-deep">
              {c.orders.map((o) => (
                <li key={o.orderNumber} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <Link to={`/admin/orders/${o.orderNumber}`} className={link}>
                      {o.orderNumber}
                    </Link>
                    <span className="block text-xs text-muted">{formatDate(o.createdAt)}</span>
                  </span>
                  <span className="flex items-center gap-3">
                    <OrderBadge status={o.status} />
                    <span className="text-right tabular-nums">
                      {formatMoney(o.totalCents, storedCurrency(o.currency))}
                      {o.refundedCents > 0 ? (
                        <span className="block text-xs text-muted">
                          {formatMoney(o.refundedCents, storedCurrency(o.currency))} refunded
                        </span>
                      ) : null}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Store credit, points and referrals">
          <CustomerBalances
            balances={c.balances}
            giveCredit={loaderData.may.giveCredit}
            answer={actionData?.intent === "credit" ? actionData : null}
          />
        </Card>

        <Card title={`Subscriptions (${c.subscriptions.length})`}>
          {c.subscriptions.length === 0 ? (
            <p className="text-muted">No subscriptions.</p>
          ) : (
            <ul className="divide-y divide-sand-deep">
              {c.subscriptions.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <Link to={`/admin/subscriptions/${s.id}`} className={link}>
                      {s.productName}
                    </Link>
                    <span className="block text-xs text-muted">
                      {s.status === "cancelled" ? "Ends" : "Next"} {formatDate(s.nextBillingDate)}
                    </span>
                  </span>
                  <span className="text-right">
                    <span className="block">
                      <StatusBadge status={s.status} label={statusLabel(s.status)} />
                    </span>
                    <span className="block text-xs text-muted tabular-nums">
                      {formatMoney(s.amountCents, storedCurrency(s.currency))}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
