import { Link } from "react-router";
import type { AdminCodeView } from "../../core/contracts/admin-codes.ts";
import { describeCode } from "../../core/discount-code.ts";
import { formatMoney } from "../../core/money.ts";
import { CodeActions } from "../components/admin/code-actions.tsx";
import { CodeAmounts } from "../components/admin/code-amounts-form.tsx";
import { codeDetails, STATE, usesText } from "../components/admin/code-text.ts";
import { Button } from "../components/ui/button.tsx";
import { Badge } from "../components/ui/status-badge.tsx";
import type { Route } from "./+types/admin-codes";

export { action, headers, loader } from "./admin-codes.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Discount codes | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

/** Every discount code: what it gives and asks, its state, its uses and what its orders brought in. */
export default function AdminCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, created, may, productNames } = loaderData;
  // A change posted without JavaScript: its refusal, if any (with JavaScript it shows on the code).
  const refusal = actionData?.errors ? (actionData.errors.form ?? actionData.errors.id) : null;
  return (
    <section className="mt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl sm:text-4xl">Discount codes</h1>
          <p className="mt-2 max-w-prose text-muted">
            Codes shoppers type in the cart or at checkout. A code is taken off after bundle and stack prices
            and before shipping. Revenue is what customers paid on orders with the code, less refunds.
          </p>
        </div>
        {may.manage ? (
          <Button asChild>
            <Link to="/admin/codes/new">New code</Link>
          </Button>
        ) : null}
      </div>
      {created ? (
        <p role="status" className="mt-4 rounded-xl bg-status-green p-3 text-sm text-status-green-ink">
          {created} is created and shoppers can use it now.
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {refusal}
        </p>
      ) : null}

      {codes.length === 0 ? (
        <div className="mt-6 rounded-card bg-white p-6 shadow-card">
          <h2 className="text-xl">No discount codes yet</h2>
          <p className="mt-2 text-muted">
            {may.manage
              ? "Make a code for a season, a newsletter or a first order: a percentage off, an amount off or free shipping."
              : "The shop's owner makes codes here; they will show with their uses and revenue."}
          </p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2" aria-label="Discount codes">
          {codes.map((code) => (
            <li key={code.id}>
              <CodeCard code={code} productNames={productNames} manage={may.manage} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A code's revenue or discount, each currency on its own line, never added together (decision 051): US dollars
 * first; "$0.00" while it has no orders.
 */
function perCurrency(code: AdminCodeView, field: "revenueCents" | "discountCents") {
  if (code.byCurrency.length === 0) return formatMoney(0);
  return code.byCurrency.map((c) => (
    <span key={c.currency} className="block">
      {formatMoney(c[field], c.currency)}
    </span>
  ));
}

function CodeCard({
  code,
  productNames,
  manage,
}: {
  code: AdminCodeView;
  productNames: Record<number, string>;
  manage: boolean;
}) {
  const state = STATE[code.state];
  const headingId = `code-${code.id}`;
  return (
    <article aria-labelledby={headingId} className="grid h-full gap-3 rounded-card bg-white p-5 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="break-all font-mono text-xl font-semibold tracking-wide">
          {code.terms.code}
        </h2>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <p className="text-lg font-semibold text-ink">{describeCode(code.terms)}</p>
      <ul className="grid gap-0.5 text-sm text-muted">
        {codeDetails(code, productNames).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <dl className="grid grid-cols-3 gap-2 rounded-xl bg-sand p-3 text-sm">
        <div>
          <dt className="text-muted">Uses</dt>
          <dd className="font-semibold tabular-nums text-ink">{usesText(code)}</dd>
        </div>
        <div>
          <dt className="text-muted">Revenue</dt>
          <dd className="font-semibold tabular-nums text-ink">{perCurrency(code, "revenueCents")}</dd>
        </div>
        <div>
          <dt className="text-muted">Discount given</dt>
          <dd className="font-semibold tabular-nums text-ink">{perCurrency(code, "discountCents")}</dd>
        </div>
      </dl>
      <CodeAmounts code={code} manage={manage} />
      {manage ? <CodeActions code={code} /> : null}
    </article>
  );
}
