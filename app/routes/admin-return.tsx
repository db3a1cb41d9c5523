import { useEffect, useRef, useState } from "react";
import { Link, type ShouldRevalidateFunction } from "react-router";
import { WITHDRAWAL_DAYS } from "../../core/contracts/returns.ts";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { MOVED_WORDS, ReturnActions, refundNow } from "../components/admin/return-actions.tsx";
import {
  ageWords,
  keepWords,
  ReturnStatusBadge,
  reasonWords,
  refundToWords,
} from "../components/admin/return-words.tsx";
import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { formatDateTime } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-return";

export { action, headers, loader } from "./admin-return.server.ts";

/** After every post, the return is read again: one the rules refused has changed meanwhile. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Return ${loaderData?.ret.number ?? ""} | MANA dashboard` },
  { name: "robots", content: "noindex" },
];

const card = "rounded-card bg-white p-4 shadow-card sm:p-6";
const DAY = 86_400_000;

/** One return as the owner works on it (decision 055): who, what, why, the money, and the moves its status allows. */
export default function AdminReturn({ loaderData }: Route.ComponentProps) {
  const { ret, may, now } = loaderData;
  const currency = storedCurrency(ret.currency);
  const money = (cents: number) => formatMoney(cents, currency);
  const [said, setSaid] = useState("");
  const status = useRef<HTMLParagraphElement>(null);
  // A move replaces the buttons it was made with (the router reads the return again after each post): the
  // status line says what happened, and takes the focus when the button that had it is gone.
  const previous = useRef(ret.status);
  useEffect(() => {
    if (previous.current === ret.status) return;
    previous.current = ret.status;
    setSaid(MOVED_WORDS[ret.status] ?? "");
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) status.current?.focus();
  }, [ret.status]);
  const open = ret.status === "requested" || ret.status === "approved" || ret.status === "received";
  const refundBy = new Date(new Date(ret.createdAt).getTime() + WITHDRAWAL_DAYS * DAY).toISOString();
  // A withdrawal of the whole order gives the shipping back too: what the lines do not account for.
  const linesCents = ret.lines.reduce((n, l) => n + l.refundCents, 0);
  const shippingCents = ret.kind === "withdrawal" ? Math.max(0, ret.refundCents - linesCents) : 0;
  const leftOnOrder = Math.max(0, ret.orderTotalCents - ret.orderRefundedCents);

  return (
    <article className="mt-6 grid gap-5" aria-labelledby="return-title">
      <header>
        <p className="text-sm">
          <Link to="/admin/returns" className="font-semibold text-forest underline">
            All returns
          </Link>
        </p>
        <h1 id="return-title" className="mt-1 text-3xl break-words sm:text-4xl">
          Return <span className="whitespace-nowrap">{ret.number}</span>
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
          <ReturnStatusBadge status={ret.status} />
          <span>
            {ret.kind === "withdrawal" ? "Withdrawal" : "Guarantee claim"} made{" "}
            {formatDateTime(ret.createdAt)} ({ageWords(ret.createdAt, now).toLowerCase()} ago)
          </span>
        </p>
        <p
          ref={status}
          tabIndex={-1}
          role="status"
          className="mt-3 rounded-xl bg-status-green px-3 text-sm text-status-green-ink empty:hidden [&:not(:empty)]:py-2"
        >
          {said}
        </p>
      </header>

      {ret.kind === "withdrawal" ? (
        <section
          aria-labelledby="withdrawal-title"
          className="rounded-card border-2 border-danger bg-white p-4 shadow-card sm:p-6"
        >
          <h2 id="withdrawal-title" className="text-xl text-danger">
            Withdrawal from the contract (EU or UK)
          </h2>
          <p className="mt-2 text-sm">
            The law gives the customer the money back, shipping included, within {WITHDRAWAL_DAYS} days of the
            withdrawal: {open ? "refund" : "it was due"} by <strong>{formatDateTime(refundBy)}</strong>. The
            shop may hold the refund until the goods are back or the customer shows they sent them.
          </p>
        </section>
      ) : null}

      {open && may.act ? (
        <ReturnActions ret={ret} />
      ) : open ? (
        <p className={`${card} text-sm text-muted`}>
          Approving, refunding and declining returns needs the refund permission: ask the shop's owner.
        </p>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-2">
        <section className={card} aria-labelledby="return-claim">
          <h2 id="return-claim" className="text-xl">
            The claim
          </h2>
          <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
            <dt className="text-muted">Customer</dt>
            <dd className="break-words">
              {ret.customerName ? <span className="block">{ret.customerName}</span> : null}
              <a href={`mailto:${ret.email}`} className="break-all text-forest underline">
                {ret.email}
              </a>
            </dd>
            <dt className="text-muted">Order</dt>
            <dd>
              <Link to={`/admin/orders/${ret.orderNumber}`} className="font-semibold text-forest underline">
                {ret.orderNumber}
              </Link>
            </dd>
            <dt className="text-muted">Delivered</dt>
            <dd>{ret.deliveredAt ? formatDateTime(ret.deliveredAt) : "Not marked delivered"}</dd>
            <dt className="text-muted">Kind</dt>
            <dd>
              {ret.kind === "withdrawal"
                ? `Right of withdrawal (${WITHDRAWAL_DAYS} days, EU or UK)`
                : "60-day money-back guarantee"}
            </dd>
            <dt className="text-muted">Reason</dt>
            <dd>{reasonWords(ret)}</dd>
            <dt className="text-muted">Comment</dt>
            <dd className="whitespace-pre-line break-words">{ret.comment || "None"}</dd>
            <dt className="text-muted">The product</dt>
            <dd>
              {ret.keep ? "The customer asked to keep it" : "The customer sends it back"}
              {ret.returnNeeded !== null ? ` · approved: ${keepWords(ret).toLowerCase()}` : ""}
            </dd>
            {ret.note ? (
              <>
                <dt className="text-muted">{ret.status === "declined" ? "Declined because" : "Note sent"}</dt>
                <dd className="whitespace-pre-line break-words">{ret.note}</dd>
              </>
            ) : null}
            <dt className="text-muted">Refund to</dt>
            <dd>{ret.refundTo === "credit" ? "Store credit" : "The card (what paid)"}</dd>
            {ret.subscription ? (
              <>
                <dt className="text-muted">Subscription</dt>
                <dd>{ret.subscription === "end" ? "Ended with the claim" : "Kept running"}</dd>
              </>
            ) : null}
          </dl>
        </section>

        <section className={card} aria-labelledby="return-lines">
          <h2 id="return-lines" className="text-xl">
            Products and money
          </h2>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Products of return {ret.number}</caption>
            <thead className="border-b border-sand-deep">
              <tr>
                <th scope="col" className="py-2 pr-2 font-semibold">
                  Product
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Refund
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-deep">
              {ret.lines.map((l) => (
                <tr key={l.lineId}>
                  <td className="py-2 pr-2">
                    {l.productName} × {l.quantity}
                  </td>
                  <td className="py-2 text-right tabular-nums">{money(l.refundCents)}</td>
                </tr>
              ))}
              {shippingCents > 0 ? (
                <tr>
                  <td className="py-2 pr-2">Shipping (the whole order is withdrawn)</td>
                  <td className="py-2 text-right tabular-nums">{money(shippingCents)}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">{ret.status === "refunded" ? "Refunded" : "This return"}</dt>
            <dd className="text-right font-semibold tabular-nums">{money(ret.refundCents)}</dd>
            <dt className="text-muted">The order paid</dt>
            <dd className="text-right tabular-nums">{money(ret.orderTotalCents)}</dd>
            <dt className="text-muted">Refunded on the order</dt>
            <dd className="text-right tabular-nums">{money(ret.orderRefundedCents)}</dd>
            <dt className="text-muted">Left to refund</dt>
            <dd className="text-right tabular-nums">{money(leftOnOrder)}</dd>
          </dl>
          {open && refundNow(ret) < ret.refundCents ? (
            <p className="mt-3 text-sm text-danger">
              Only {money(refundNow(ret))} is left on the order: the refund gives that much.
            </p>
          ) : null}
          {open ? (
            <p className="mt-3 text-sm text-muted">The refund goes to {refundToWords(ret.refundTo)}.</p>
          ) : null}
        </section>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorPage
      error={error}
      notFound={{ title: "Return not found", text: "There is no return with this id." }}
      to="/admin/returns"
      linkLabel="All returns"
    />
  );
}
