import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { AdminCustomerBalances } from "../../../core/contracts/admin-gift-cards.ts";
import type { FormAnswer } from "../../../core/contracts/form-answer.ts";
import { BASE_CURRENCY, CURRENCIES } from "../../../core/markets.ts";
import { formatMoney } from "../../../core/money.ts";
import { referralVoidText } from "../../../core/referral-void.ts";
import { formatDate } from "../../lib/format-date.ts";
import { Button } from "../ui/button.tsx";
import { inputClass } from "../ui/field.tsx";
import { Badge, type BadgeTone } from "../ui/status-badge.tsx";

const REFERRAL: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "yellow" },
  credited: { label: "Credited", tone: "green" },
  void: { label: "Void", tone: "red" },
};

const link = "font-semibold break-all text-forest underline underline-offset-2";

/**
 * A customer's store credit and Wellness Points in each currency that has any ("$5.00 · CA$12.00"), the
 * referrals they made (with the friend's order and its state), and for the admin the Give store credit form
 * in a chosen currency (docs/decisions/047-gift-cards-credit-and-points.md, 051).
 */
export function CustomerBalances({
  balances,
  giveCredit,
  answer,
}: {
  balances: AdminCustomerBalances;
  giveCredit: boolean;
  answer: FormAnswer | null;
}) {
  // Each currency's balance on its own, never summed (decision 051).
  const credit = balances.byCurrency.filter((b) => b.creditCents !== 0);
  const points = balances.byCurrency.filter((b) => b.points !== 0);
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-sand p-3" data-testid="customer-balances">
        <div>
          <dt className="text-muted">Store credit</dt>
          <dd className="text-lg font-semibold tabular-nums text-ink">
            {credit.length > 0
              ? credit.map((b) => formatMoney(b.creditCents, b.currency)).join(" · ")
              : formatMoney(0)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Wellness Points</dt>
          <dd className="text-lg font-semibold tabular-nums text-ink">
            {points.length > 0
              ? points
                  .map((b) => `${new Intl.NumberFormat("en-US").format(b.points)} (${b.currency})`)
                  .join(" · ")
              : "0"}
          </dd>
        </div>
      </dl>
      <div>
        <h3 className="font-semibold">Referrals made ({balances.referrals.length})</h3>
        {balances.referrals.length === 0 ? (
          <p className="mt-1 text-muted">No friend has ordered with this customer's referral code yet.</p>
        ) : (
          <ul className="mt-1 divide-y divide-sand-deep">
            {balances.referrals.map((r) => {
              const state = REFERRAL[r.status] ?? { label: r.status, tone: "grey" as const };
              return (
                <li key={r.orderNumber} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <Link to={`/admin/orders/${r.orderNumber}`} className={link}>
                      {r.orderNumber}
                    </Link>
                    <span className="block text-xs text-muted">
                      {formatDate(r.at)}
                      {r.creditedAt ? `, credited ${formatDate(r.creditedAt)}` : ""}
                      {r.status === "void" ? `, ${referralVoidText(r.voidReason)}` : ""}
                    </span>
                  </span>
                  <Badge tone={state.tone}>{state.label}</Badge>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {giveCredit ? <GiveCreditForm answer={answer} /> : null}
    </div>
  );
}

function GiveCreditForm({ answer }: { answer: FormAnswer | null }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "credit";
  const form = useRef<HTMLFormElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  const errors = answer?.errors ?? null;
  useEffect(() => {
    if (!answer) return;
    if (answer.errors === null) {
      form.current?.reset();
      done.current?.focus();
      return;
    }
    const first = (["currency", "amount", "note"] as const).find((k) => answer.errors?.[k]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    else form.current?.querySelector<HTMLElement>("#credit-form-error")?.focus();
  }, [answer]);
  return (
    <Form ref={form} method="post" noValidate aria-labelledby="give-credit" className="grid gap-3">
      <h3 id="give-credit" className="font-semibold">
        Give store credit
      </h3>
      <input type="hidden" name="intent" value="credit" />
      <div className="grid gap-3 sm:grid-cols-[7rem_10rem_1fr]">
        <div className="grid content-start gap-1.5">
          <label htmlFor="credit-currency" className="font-medium text-ink">
            Currency
          </label>
          <select
            id="credit-currency"
            name="currency"
            defaultValue={BASE_CURRENCY}
            aria-invalid={errors?.currency ? true : undefined}
            aria-describedby={errors?.currency ? "credit-currency-error" : undefined}
            className={`${inputClass} ${errors?.currency ? "border-danger" : ""}`}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {errors?.currency ? (
            <p id="credit-currency-error" className="font-medium text-danger">
              {errors.currency}
            </p>
          ) : null}
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor="credit-amount" className="font-medium text-ink">
            Amount
          </label>
          <input
            id="credit-amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={errors?.amount ? true : undefined}
            aria-describedby={errors?.amount ? "credit-amount-error" : undefined}
            className={`${inputClass} ${errors?.amount ? "border-danger" : ""}`}
          />
          {errors?.amount ? (
            <p id="credit-amount-error" className="font-medium text-danger">
              {errors.amount}
            </p>
          ) : null}
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor="credit-note" className="font-medium text-ink">
            Why (kept with the credit)
          </label>
          <input
            id="credit-note"
            name="note"
            maxLength={500}
            autoComplete="off"
            aria-invalid={errors?.note ? true : undefined}
            aria-describedby={errors?.note ? "credit-note-error" : undefined}
            className={`${inputClass} ${errors?.note ? "border-danger" : ""}`}
          />
          {errors?.note ? (
            <p id="credit-note-error" className="font-medium text-danger">
              {errors.note}
            </p>
          ) : null}
        </div>
      </div>
      {errors?.form ? (
        <p id="credit-form-error" role="alert" tabIndex={-1} className="text-danger">
          {errors.form}
        </p>
      ) : null}
      {answer && answer.errors === null ? (
        <p ref={done} tabIndex={-1} role="status" className="font-medium text-forest">
          Store credit given. The customer can use it at checkout.
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="outline" size="sm-wide" pending={pending} pendingText="Giving…">
          Give store credit
        </Button>
      </div>
    </Form>
  );
}
