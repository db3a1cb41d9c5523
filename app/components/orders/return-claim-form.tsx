import Minus from "lucide-react/icons/minus";
import Plus from "lucide-react/icons/plus";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { AccountRefusal } from "../../../core/contracts/account.ts";
import {
  type OrderReturnsView,
  RETURN_COMMENT_MAX,
  RETURN_REASONS,
  type ReturnClaimBody,
  type ReturnReason,
} from "../../../core/contracts/returns.ts";
import { formatMoney } from "../../../core/money.ts";
import { storedCurrency } from "../../../core/order-totals.ts";
import { useFetcherAnswer } from "../../hooks/use-fetcher-answer.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { inputClass } from "../ui/field.tsx";
import { REASON } from "./order-returns.tsx";

/**
 * What the claim page's action answers when it refuses (app/routes/account-order-return.server.ts); a claim
 * taken is a redirect to the order page with `?claimed=` and the claim's number.
 */
export type ClaimAnswer = AccountRefusal;

/** The refusal's words: the page's own for the codes a claim is refused with, else the server's. */
function refusalWords(t: ReturnType<typeof useT>, answer: AccountRefusal): string {
  switch (answer.error.code) {
    case "return_window_closed":
      return t("returns.error.windowClosed");
    case "return_quantity":
      return t("returns.error.quantity");
    case "return_required":
      return t("returns.error.returnRequired");
    default:
      return t("returns.error.other", { message: answer.error.message });
  }
}

/** A group of radio buttons with a legend, each choice with an optional hint below its label. */
function Choices<V extends string>({
  legend,
  hint,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  hint?: ReactNode;
  name: string;
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: string; hint?: string; disabled?: boolean }[];
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="mb-1 font-semibold text-ink">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {options.map((o) => (
        <div key={o.value} className="flex items-start gap-3">
          <input
            id={`${id}-${o.value}`}
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            disabled={o.disabled}
            onChange={() => onChange(o.value)}
            aria-describedby={o.hint ? `${id}-${o.value}-hint` : undefined}
            className="mt-0.5 size-5 shrink-0 accent-forest disabled:opacity-60"
          />
          <div>
            <label htmlFor={`${id}-${o.value}`} className={o.disabled ? "text-muted" : "text-ink"}>
              {o.label}
            </label>
            {o.hint ? (
              <p id={`${id}-${o.value}-hint`} className="text-sm text-muted">
                {o.hint}
              </p>
            ) : null}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

// A step that would leave the range is aria-disabled, not disabled: the focus stays on it at 0 or at the most.
const STEP = "aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

/** One claimable line: its quantity, typed or stepped, from 0 to what can still be claimed. */
function QuantityField({
  productName,
  max,
  value,
  onChange,
}: {
  productName: string;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  const t = useT();
  const id = useId();
  const clamp = (n: number) => Math.min(max, Math.max(0, Number.isFinite(n) ? Math.trunc(n) : 0));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="font-semibold text-ink">
          {t("returns.claim.quantity", { product: productName })}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {t("returns.claim.quantityHint", { max })}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t("returns.claim.fewer", { product: productName })}
          aria-disabled={value <= 0 || undefined}
          className={STEP}
          onClick={() => onChange(clamp(value - 1))}
        >
          <Minus className="size-4" aria-hidden />
        </Button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          value={value}
          onChange={(e) => onChange(clamp(e.target.valueAsNumber))}
          aria-describedby={`${id}-hint`}
          className={`${inputClass} w-20 text-center tabular-nums`}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t("returns.claim.more", { product: productName })}
          aria-disabled={value >= max || undefined}
          className={STEP}
          onClick={() => onChange(clamp(value + 1))}
        >
          <Plus className="size-4" aria-hidden />
        </Button>
      </div>
    </div>
  );
}

/**
 * The 60-day guarantee's claim (docs/decisions/055-returns.md): how many of each line, the reason, a
 * comment, keep the product or send it back (keep refused for a reason that needs it back), where the refund
 * goes, and for an order that started a subscription whether it ends too. Posted to the page's action; the
 * server decides and refunds, the page shows its refusal in an alert, and on success goes to the order page
 * with the claim's number.
 */
export function ReturnClaimForm({
  view,
  refunds,
}: {
  view: OrderReturnsView;
  /** Per line, what claiming 0, 1, … of it refunds (the page's loader, by core/returns.ts claimRefund). */
  refunds: Record<string, number[]>;
}) {
  const t = useT();
  const ids = { reason: useId(), comment: useId(), error: useId() };
  const lines = view.lines.filter((l) => l.claimable > 0);
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(lines.map((l) => [l.lineId, lines.length === 1 ? l.claimable : 0])),
  );
  const [reason, setReason] = useState<ReturnReason | "">("");
  const [comment, setComment] = useState("");
  const [keep, setKeep] = useState<"keep" | "send">("send");
  const [refundTo, setRefundTo] = useState<"original" | "credit">("original");
  const [subscription, setSubscription] = useState<"keep" | "end">("keep");
  const [error, setError] = useState<string | null>(null);
  const problem = useRef<HTMLParagraphElement>(null);
  const fetcher = useFetcher<ClaimAnswer>();
  const pending = fetcher.state !== "idle";
  const upTo = lines.reduce((sum, l) => sum + (refunds[l.lineId]?.[quantities[l.lineId] ?? 0] ?? 0), 0);
  const returnRequired = (r: ReturnReason | "") =>
    r !== "" && (view.reasons.find((x) => x.reason === r)?.returnRequired ?? true);
  const keepRefused = returnRequired(reason);

  const show = (message: string) => {
    setError(message);
    // The alert is read out; the focus moves to it so a keyboard user starts again from there.
    requestAnimationFrame(() => problem.current?.focus());
  };

  // A claim taken answers a redirect to the order page (which confirms it); a refusal stays here, in the alert.
  useFetcherAnswer(fetcher, (answer) => show(refusalWords(t, answer)));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const chosen = lines
      .map((l) => ({ lineId: l.lineId, quantity: quantities[l.lineId] ?? 0 }))
      .filter((l) => l.quantity > 0);
    if (chosen.length === 0) return show(t("returns.error.none"));
    if (reason === "") return show(t("returns.error.reason"));
    setError(null);
    const body: ReturnClaimBody & { intent: "claim" } = {
      intent: "claim",
      lines: chosen,
      reason,
      comment: comment.trim(),
      keep: keep === "keep" && !keepRefused,
      refundTo,
      ...(view.startsSubscription ? { subscription } : {}),
    };
    void fetcher.submit(body as never, { method: "post", encType: "application/json" });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("returns.claim.heading")} className="grid gap-6">
      {error ? (
        <p
          ref={problem}
          id={ids.error}
          tabIndex={-1}
          role="alert"
          className="rounded-xl border border-danger p-3 text-sm text-danger"
        >
          {error}
        </p>
      ) : null}
      <fieldset aria-describedby={`${ids.reason}-products`}>
        <legend className="font-semibold text-ink">{t("returns.claim.products")}</legend>
        <p id={`${ids.reason}-products`} className="text-sm text-muted">
          {t("returns.claim.productsHint")}
        </p>
        <div className="divide-y divide-sand-deep">
          {lines.map((l) => (
            <QuantityField
              key={l.lineId}
              productName={l.productName}
              max={l.claimable}
              value={quantities[l.lineId] ?? 0}
              onChange={(n) => setQuantities((q) => ({ ...q, [l.lineId]: n }))}
            />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor={ids.reason} className="font-semibold text-ink">
          {t("returns.claim.reason")}
        </label>
        <select
          id={ids.reason}
          value={reason}
          onChange={(e) => {
            const next = e.target.value as ReturnReason | "";
            setReason(next);
            if (returnRequired(next)) setKeep("send");
          }}
          required
          className={inputClass}
        >
          <option value="">{t("returns.claim.chooseReason")}</option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(REASON[r])}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={ids.comment} className="font-semibold text-ink">
          {t("returns.claim.comment")}
        </label>
        <textarea
          id={ids.comment}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          rows={4}
          maxLength={RETURN_COMMENT_MAX}
          aria-describedby={`${ids.comment}-hint`}
          className={`${inputClass} py-2`}
        />
        <p id={`${ids.comment}-hint`} className="text-sm text-muted">
          {t("returns.claim.commentHint", { max: RETURN_COMMENT_MAX })}
        </p>
      </div>
      <Choices
        legend={t("returns.claim.product")}
        name="keep"
        value={keepRefused ? "send" : keep}
        onChange={setKeep}
        options={[
          {
            value: "keep",
            label: t("returns.claim.keep"),
            disabled: keepRefused,
            hint:
              reason === ""
                ? undefined
                : keepRefused
                  ? t("returns.claim.keepRefused")
                  : t("returns.claim.keepHint"),
          },
          { value: "send", label: t("returns.claim.send") },
        ]}
      />
      <Choices
        legend={t("returns.claim.refundTo")}
        name="refundTo"
        value={refundTo}
        onChange={setRefundTo}
        options={[
          {
            value: "original",
            label: t("returns.claim.refundOriginal"),
            hint: t("returns.claim.refundOriginalHint"),
          },
          {
            value: "credit",
            label: t("returns.claim.refundCredit"),
            hint: t("returns.claim.refundCreditHint"),
          },
        ]}
      />
      {view.startsSubscription ? (
        <Choices
          legend={t("returns.claim.subscription")}
          hint={t("returns.claim.subscriptionHint")}
          name="subscription"
          value={subscription}
          onChange={setSubscription}
          options={[
            { value: "keep", label: t("returns.claim.subscriptionKeep") },
            {
              value: "end",
              label: t("returns.claim.subscriptionEnd"),
              hint: t("returns.claim.subscriptionEndHint"),
            },
          ]}
        />
      ) : null}
      <p
        className="rounded-xl bg-sand p-4 font-semibold text-ink tabular-nums"
        aria-live="polite"
        data-testid="claim-refund"
      >
        {t("returns.claim.upTo", { amount: formatMoney(upTo, storedCurrency(view.currency)) })}
      </p>
      <div>
        <Button type="submit" size="lg" pending={pending} pendingText={t("returns.claim.pending")}>
          {t("returns.claim.submit")}
        </Button>
      </div>
    </form>
  );
}
