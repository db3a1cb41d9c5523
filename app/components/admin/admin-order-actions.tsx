import { useRef, useState } from "react";
import type { AdminOrderDetail } from "../../../core/contracts/admin-orders.ts";
import { formatMoney } from "../../../core/money.ts";
import { storedCurrency } from "../../../core/order-totals.ts";
import { firstError, useFormAction } from "../../hooks/use-form-action.ts";
import { ActionDialog, ActionForm } from "../ui/action-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { Field, inputClass } from "../ui/field.tsx";

/**
 * Ship (carrier and tracking code), deliver, cancel and refund: what the order's status and the role allow.
 * Each is a form posted to the page's action (`intent`), which answers a refusal in words; the page then
 * shows the order as it is now. Shipping and delivering work without JavaScript.
 */
export function AdminOrderActions({
  order,
  carriers,
  may,
}: {
  order: AdminOrderDetail;
  carriers: string[];
  may: { fulfil: boolean; refund: boolean };
}) {
  const ship = useFormAction("ship");
  const deliver = useFormAction("deliver");
  const [dialog, setDialog] = useState<"cancel" | "refund" | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const open = (which: "cancel" | "refund") => (event: React.MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setDialog(which);
  };
  const canShip = may.fulfil && order.status === "processing";
  const canDeliver = may.fulfil && order.status === "shipped";
  const canCancel = may.fulfil && (order.status === "pending" || order.status === "processing");
  const canRefund = may.refund && order.refundableCents > 0;
  if (!canShip && !canDeliver && !canCancel && !canRefund) return null;
  const shipError = ship.errors?.trackingCode ?? ship.errors?.carrier ?? null;
  const error =
    (canShip ? firstError(ship.errors, ["trackingCode", "carrier"]) : null) ?? deliver.errors?.form;

  return (
    <section
      aria-labelledby="order-actions"
      className="rounded-card bg-white p-4 shadow-card sm:p-6 print:hidden"
    >
      <h2 id="order-actions" ref={heading} tabIndex={-1} className="text-xl">
        Actions
      </h2>
      {error ? (
        <p role="alert" className="mt-3 rounded-xl border border-danger p-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {canShip ? (
        <ship.fetcher.Form
          method="post"
          className="mt-4 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
          noValidate
        >
          <input type="hidden" name="intent" value="ship" />
          <Field id="ship-carrier" label="Carrier">
            <select id="ship-carrier" name="carrier" className={inputClass} defaultValue={carriers[0]}>
              {carriers.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </Field>
          <Field id="ship-tracking" label="Tracking code">
            <input
              id="ship-tracking"
              name="trackingCode"
              maxLength={100}
              autoComplete="off"
              aria-invalid={shipError ? true : undefined}
              className={inputClass}
            />
          </Field>
          <Button type="submit" pending={ship.pending} pendingText="Shipping…">
            Mark shipped
          </Button>
        </ship.fetcher.Form>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {canDeliver ? (
          <deliver.fetcher.Form method="post">
            <input type="hidden" name="intent" value="deliver" />
            <Button type="submit" pending={deliver.pending} pendingText="Saving…">
              Mark delivered
            </Button>
          </deliver.fetcher.Form>
        ) : null}
        {canRefund ? (
          <Button variant="secondary" onClick={open("refund")}>
            Refund…
          </Button>
        ) : null}
        {canCancel ? (
          <Button variant="destructive" className="border border-danger" onClick={open("cancel")}>
            Cancel order…
          </Button>
        ) : null}
      </div>

      <ActionDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        opener={() => opener.current}
        fallback={() => heading.current}
      >
        {dialog === "refund" ? (
          <RefundForm order={order} onDone={() => setDialog(null)} />
        ) : dialog === "cancel" ? (
          <CancelForm order={order} mayRefund={may.refund} onDone={() => setDialog(null)} />
        ) : null}
      </ActionDialog>
    </section>
  );
}

function RefundForm({ order, onDone }: { order: AdminOrderDetail; onDone: () => void }) {
  const { fetcher, errors, pending } = useFormAction("refund", onDone);
  // A refund is in the order's currency (decision 051).
  const currency = storedCurrency(order.currency);
  return (
    <ActionForm
      title={`Refund order ${order.orderNumber}`}
      description={
        <p>
          At most {formatMoney(order.refundableCents, currency)} can be refunded (paid{" "}
          {formatMoney(order.totalCents, currency)}
          {order.refundedCents > 0 ? `, ${formatMoney(order.refundedCents, currency)} already refunded` : ""}
          ). The money goes back where it came from: gift cards, store credit and points first, then the card
          through {order.provider === "stripe" ? "Stripe" : "the test payment provider"}, unless the card's
          part goes to store credit. The customer is e-mailed.
        </p>
      }
      error={firstError(errors, ["amount", "reason"])}
      confirmLabel="Refund"
      pendingText="Refunding…"
      pending={pending}
      keepLabel="Do not refund"
      onConfirm={(form) => fetcher.submit(form)}
      hidden={<input type="hidden" name="intent" value="refund" />}
    >
      <Field id="refund-amount" label={`Amount (${currency})`}>
        <input
          id="refund-amount"
          name="amount"
          inputMode="decimal"
          defaultValue={(order.refundableCents / 100).toFixed(2)}
          aria-invalid={errors?.amount ? true : undefined}
          className={inputClass}
        />
      </Field>
      {order.userId ? (
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium text-ink">The card's part goes</legend>
          <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input type="radio" name="to" value="original" defaultChecked className="size-5 accent-forest" />
            Refund to the card
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input type="radio" name="to" value="credit" className="size-5 accent-forest" />
            {/* The customer's credit in the order's currency (decision 051). */}
            Refund to store credit in {currency}
          </label>
        </fieldset>
      ) : (
        <p className="text-sm text-muted">
          Placed without an account: the refund goes to the card (store credit needs an account).
        </p>
      )}
      <Field id="refund-reason" label="Reason" hint="For the shop's records; the customer does not see it.">
        <textarea
          id="refund-reason"
          name="reason"
          maxLength={500}
          rows={3}
          aria-describedby="refund-reason-hint"
          aria-invalid={errors?.reason ? true : undefined}
          className={`${inputClass} py-2`}
        />
      </Field>
    </ActionForm>
  );
}

function CancelForm({
  order,
  mayRefund,
  onDone,
}: {
  order: AdminOrderDetail;
  mayRefund: boolean;
  onDone: () => void;
}) {
  const { fetcher, errors, pending } = useFormAction("cancel", onDone);
  const refundable = mayRefund && order.refundableCents > 0;
  const currency = storedCurrency(order.currency);
  return (
    <ActionForm
      title={`Cancel order ${order.orderNumber}`}
      description={
        <p>
          The order will not ship{order.subscriptions.length ? " and its subscriptions end" : ""}.
          {order.paidAt
            ? " The customer is e-mailed."
            : " It was never paid, so the customer is not e-mailed."}
        </p>
      }
      error={firstError(errors, [])}
      confirmLabel="Cancel order"
      pendingText="Cancelling…"
      pending={pending}
      keepLabel="Keep the order"
      destructive
      onConfirm={(form) => fetcher.submit(form)}
      hidden={<input type="hidden" name="intent" value="cancel" />}
    >
      {refundable ? (
        <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
          <input type="checkbox" name="refund" defaultChecked className="size-5 accent-forest" />
          Refund {formatMoney(order.refundableCents, currency)} to the customer's card
        </label>
      ) : null}
    </ActionForm>
  );
}
