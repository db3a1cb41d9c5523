import { useRef, useState } from "react";
import type { AdminOrderDetail } from "../../../core/contracts/admin-orders.ts";
import { formatMoney, toCents } from "../../../core/money.ts";
import { apiRequest, readApiError } from "../../lib/api.ts";
import { ActionDialog, ActionForm } from "../ui/action-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { Field, inputClass } from "../ui/field.tsx";

type Act = (path: string, body?: unknown) => Promise<string | null>;

/** Runs an order action; answers the server's refusal in words, or null when it went through. */
function useOrderAction(orderNumber: string, onDone: (order: AdminOrderDetail) => void) {
  const [pending, setPending] = useState(false);
  const act: Act = async (path, body) => {
    setPending(true);
    try {
      onDone(
        await apiRequest<AdminOrderDetail>("POST", `/api/admin/orders/${orderNumber}/${path}`, body ?? {}),
      );
      return null;
    } catch (err) {
      return (
        readApiError(err)?.message ?? "The shop could not be reached. Check the connection and try again."
      );
    } finally {
      setPending(false);
    }
  };
  return { act, pending };
}

/** Ship (carrier and tracking code), deliver, cancel and refund: what the order's status and the role allow. */
export function AdminOrderActions({
  order,
  carriers,
  may,
  onDone,
}: {
  order: AdminOrderDetail;
  carriers: string[];
  may: { fulfil: boolean; refund: boolean };
  onDone: (order: AdminOrderDetail) => void;
}) {
  const { act, pending } = useOrderAction(order.orderNumber, onDone);
  const [error, setError] = useState<string | null>(null);
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
        <form
          className="mt-4 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const trackingCode = String(form.get("trackingCode") ?? "").trim();
            if (!trackingCode) return setError("Enter the carrier's tracking code to ship the order.");
            setError(await act("ship", { carrier: form.get("carrier"), trackingCode }));
          }}
        >
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
              className={inputClass}
            />
          </Field>
          <Button type="submit" pending={pending} pendingText="Shipping…">
            Mark shipped
          </Button>
        </form>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {canDeliver ? (
          <Button
            pending={pending}
            pendingText="Saving…"
            onClick={async () => setError(await act("deliver"))}
          >
            Mark delivered
          </Button>
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
          <RefundForm order={order} act={act} pending={pending} onDone={() => setDialog(null)} />
        ) : dialog === "cancel" ? (
          <CancelForm
            order={order}
            mayRefund={may.refund}
            act={act}
            pending={pending}
            onDone={() => setDialog(null)}
          />
        ) : null}
      </ActionDialog>
    </section>
  );
}

function RefundForm({
  order,
  act,
  pending,
  onDone,
}: {
  order: AdminOrderDetail;
  act: Act;
  pending: boolean;
  onDone: () => void;
}) {
  const [amount, setAmount] = useState((order.refundableCents / 100).toFixed(2));
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <ActionForm
      title={`Refund order ${order.orderNumber}`}
      description={
        <p>
          At most {formatMoney(order.refundableCents)} can be refunded (paid {formatMoney(order.totalCents)}
          {order.refundedCents > 0 ? `, ${formatMoney(order.refundedCents)} already refunded` : ""}). The
          money goes back through {order.provider === "stripe" ? "Stripe" : "the test payment provider"} to
          the card that paid, and the customer is e-mailed.
        </p>
      }
      error={error}
      confirmLabel="Refund"
      pendingText="Refunding…"
      pending={pending}
      keepLabel="Do not refund"
      onConfirm={async () => {
        const valid = /^\d{1,7}(\.\d{1,2})?$/.test(amount.trim());
        const cents = valid ? toCents(amount.trim()) : 0;
        if (!valid || cents <= 0) return setError("Enter an amount such as 12.50.");
        if (cents > order.refundableCents)
          return setError(`At most ${formatMoney(order.refundableCents)} can be refunded.`);
        if (!reason.trim()) return setError("Say why the order is refunded.");
        const refused = await act("refund", { amountCents: cents, reason });
        if (refused) setError(refused);
        else onDone();
      }}
    >
      <Field id="refund-amount" label="Amount (USD)">
        <input
          id="refund-amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          className={inputClass}
        />
      </Field>
      <Field id="refund-reason" label="Reason" hint="For the shop's records; the customer does not see it.">
        <textarea
          id="refund-reason"
          value={reason}
          maxLength={500}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
          aria-describedby="refund-reason-hint"
          className={`${inputClass} py-2`}
        />
      </Field>
    </ActionForm>
  );
}

function CancelForm({
  order,
  mayRefund,
  act,
  pending,
  onDone,
}: {
  order: AdminOrderDetail;
  mayRefund: boolean;
  act: Act;
  pending: boolean;
  onDone: () => void;
}) {
  const refundable = mayRefund && order.refundableCents > 0;
  const [refund, setRefund] = useState(refundable);
  const [error, setError] = useState<string | null>(null);
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
      error={error}
      confirmLabel="Cancel order"
      pendingText="Cancelling…"
      pending={pending}
      keepLabel="Keep the order"
      destructive
      onConfirm={async () => {
        const refused = await act("cancel", { refund: refundable && refund, reason: "Order cancelled" });
        if (refused) setError(refused);
        else onDone();
      }}
    >
      {refundable ? (
        <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
          <input
            type="checkbox"
            checked={refund}
            onChange={(e) => setRefund(e.target.checked)}
            className="size-5 accent-forest"
          />
          Refund {formatMoney(order.refundableCents)} to the customer's card
        </label>
      ) : null}
    </ActionForm>
  );
}
