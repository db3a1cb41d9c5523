import CreditCard from "lucide-react/icons/credit-card";
import { useEffect, useId, useRef, useState } from "react";
import type { CartBalancesResponse } from "../../../core/contracts/balances.ts";
import type { Currency } from "../../../core/markets.ts";
import { formatMoney } from "../../../core/money.ts";
import { CENTS_PER_STEP, POINTS_PER_STEP, type TenderResult } from "../../../core/tenders.ts";
import { useApplyGiftCard, useRemoveGiftCard, useSetCartBalances } from "../../hooks/use-balances.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { apiErrorOf } from "../../lib/api.ts";
import { Button } from "../ui/button.tsx";
import { CodeInput } from "../ui/code-input.tsx";
import { inputClass } from "../ui/field.tsx";
import { unusableGiftCardIds } from "./order-tenders.ts";

/** The refusals of a gift card, credit or points a Spanish or French page words itself, by error code. */
const FAILURE_KEYS: Partial<Record<string, string>> = {
  gift_card_unknown: "checkout.balances.unknown",
  gift_card_unusable: "checkout.error.giftCardUnusable",
  sign_in_required: "checkout.balances.signInRequired",
};

/**
 * What a refused gift card request says (use-balances.ts `giftCardFailure`, in the page's language): a wait
 * for 429, the server's words (a Spanish or French page's own for a code it knows), or a generic line.
 */
function useGiftCardFailure() {
  const locale = useLocale();
  const t = useLaterT();
  return (err: unknown): string => {
    const failure = apiErrorOf(err);
    if (failure?.status === 429) return t("checkout.balances.tooMany");
    if (!failure?.fromServer) return t("checkout.balances.offline");
    const key = FAILURE_KEYS[failure.code ?? ""];
    return locale !== "en" && key ? t(key) : failure.message;
  };
}

/**
 * What pays besides the card at checkout (docs/decisions/047-gift-cards-credit-and-points.md): a gift card
 * field (apply by code; each applied card listed with what is left on it and a Remove button), and for a
 * signed-in customer with a balance, "Use my store credit" and a choice of Wellness Points in steps of 100
 * ($5), up to what they have and what the order lets points pay. Not a <form>: it sits in the checkout's.
 * Focus goes to the applied card after an apply and back to the field after a remove. Only balances in the
 * order's currency pay (decision 051): a gift card in another is listed with the server's reason
 * (`notUsable`) and its Remove button; the store credit and points offered are the customer's in the order's
 * currency, and those in another currency are named with the orders they pay ("Your CA$12.00 of store
 * credit pays orders in CAD.").
 */
export function BalancesField({
  balances,
  tenders,
  currency,
  payableCents,
  totalCents,
  refusal,
  onChanged,
  disabled = false,
  className,
}: {
  balances: CartBalancesResponse;
  /** What the tenders pay now (core/tenders.ts `applyTenders` on `balances`). */
  tenders: TenderResult;
  /** The order's currency: the usable cards' and the amounts' (decision 051). */
  currency: Currency;
  /** The part of the order balances may pay, and the order's total. */
  payableCents: number;
  totalCents: number;
  /** The checkout's own refusal (409 balances_changed, card_needed, gift_card_*), shown here. */
  refusal?: string | null;
  onChanged?: () => void;
  disabled?: boolean;
  className?: string;
}) {
  const inputId = useId();
  const errorId = useId();
  const creditId = useId();
  const pointsId = useId();
  const pointsHint = useId();
  const apply = useApplyGiftCard(currency);
  const remove = useRemoveGiftCard(currency);
  const choose = useSetCartBalances(currency);
  const t = useT();
  const giftCardFailure = useGiftCardFailure();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [focusNext, setFocusNext] = useState<"list" | "field" | null>(null);
  useEffect(() => {
    if (focusNext === "list")
      list.current?.querySelector<HTMLElement>("li:last-child [tabindex='-1']")?.focus();
    if (focusNext === "field") input.current?.focus();
    if (focusNext) setFocusNext(null);
  }, [focusNext]);

  const paidBy = new Map(
    tenders.tenders.flatMap((t) => (t.kind === "gift_card" ? [[t.giftCardId, t.cents]] : [])),
  );
  const creditPays = tenders.tenders.find((t) => t.kind === "credit")?.cents ?? 0;
  const pointsPay = tenders.tenders.find((t) => t.kind === "points");
  const stepsNow = pointsPay ? pointsPay.points / POINTS_PER_STEP : 0;
  // What is left for points once gift cards and credit have paid their part.
  const leftForPoints = Math.max(
    0,
    Math.min(payableCents, totalCents) - tenders.tenderedCents + (pointsPay?.cents ?? 0),
  );
  const maxSteps = Math.min(
    Math.floor(balances.points / POINTS_PER_STEP),
    Math.floor(leftForPoints / CENTS_PER_STEP),
  );
  const unusable = unusableGiftCardIds(balances);
  const whyNot = new Map(
    (balances.notUsable ?? []).flatMap((u) => (u.giftCardId ? [[u.giftCardId, u.message]] : [])),
  );
  // Store credit and points are kept per currency (decision 051): those of the order's currency are offered;
  // a shopper with some in another currency is told which orders they pay (the server's words, in the
  // page's language).
  const otherCurrencyNotes = (balances.notUsable ?? []).filter(
    (u) => u.kind === "credit" || u.kind === "points",
  );
  const busy = disabled || apply.isPending || remove.isPending || choose.isPending;

  function submit() {
    if (busy) return;
    const typed = text.trim();
    if (!typed) {
      setError(t("checkout.balances.enterCode"));
      input.current?.focus();
      return;
    }
    setError(null);
    apply.mutate(typed, {
      onSuccess: () => {
        setText("");
        setFocusNext("list");
        onChanged?.();
      },
      onError: (err) => {
        setError(giftCardFailure(err));
        input.current?.focus();
      },
    });
  }

  function takeOff(id: string) {
    remove.mutate(id, {
      onSuccess: () => {
        setFocusNext("field");
        onChanged?.();
      },
    });
  }

  function use(useCredit: boolean, pointSteps: number) {
    setError(null);
    choose.mutate(
      { useCredit, pointSteps },
      { onSuccess: () => onChanged?.(), onError: (err) => setError(giftCardFailure(err)) },
    );
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className={className}>
      <h2 id={`${inputId}-title`} className="text-xl">
        {t("checkout.balances.title")}
      </h2>
      {balances.giftCards.length > 0 ? (
        <ul ref={list} className="mt-3 grid gap-2" data-testid="applied-gift-cards">
          {balances.giftCards.map((g) => (
            <li
              key={g.id}
              className={`flex items-center justify-between gap-3 rounded-xl border bg-white px-4 py-2 ${unusable.has(g.id) ? "border-sand" : "border-verdant/50"}`}
            >
              {unusable.has(g.id) ? (
                <p
                  tabIndex={-1}
                  className="flex min-w-0 items-start gap-x-2 text-sm text-ink"
                  data-testid="gift-card-not-usable"
                >
                  <CreditCard aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
                  <span>{whyNot.get(g.id)}</span>
                </p>
              ) : (
                <p tabIndex={-1} className="flex min-w-0 flex-wrap items-center gap-x-2 text-ink">
                  <CreditCard aria-hidden className="size-4 shrink-0 text-verdant" />
                  <span className="font-semibold">
                    {t("checkout.balances.cardLeft", {
                      last4: g.last4,
                      amount: formatMoney(g.balanceCents, currency),
                    })}
                  </span>
                  <span className="text-sm text-muted">
                    {paidBy.get(g.id)
                      ? t("checkout.balances.cardPays", {
                          amount: formatMoney(paidBy.get(g.id) ?? 0, currency),
                        })
                      : t("checkout.balances.cardNotNeeded")}
                  </span>
                </p>
              )}
              <Button
                variant="destructive"
                size="sm"
                className="-mr-3 shrink-0"
                onClick={() => takeOff(g.id)}
                disabled={busy}
                aria-label={t("checkout.balances.removeLabel", { last4: g.last4 })}
              >
                {t("checkout.balances.remove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <CodeInput
        id={inputId}
        errorId={errorId}
        label={t("checkout.balances.giftCard")}
        name="gift-card-code"
        labelClassName="mt-3 block text-sm font-semibold text-ink"
        inputRef={input}
        value={text}
        onChange={(typed) => {
          setText(typed);
          if (error) setError(null);
        }}
        error={error}
        onSubmit={submit}
        pending={apply.isPending}
        disabled={disabled}
      />
      {balances.signedIn && balances.creditCents > 0 ? (
        <label htmlFor={creditId} className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 text-ink">
          <input
            id={creditId}
            type="checkbox"
            checked={balances.useCredit}
            disabled={busy}
            onChange={(e) => use(e.target.checked, balances.pointSteps)}
            className="size-5 accent-forest"
          />
          <span>
            {t("checkout.balances.useCredit", { amount: formatMoney(balances.creditCents, currency) })}
            {creditPays > 0 ? (
              <span className="text-sm text-muted">
                {" "}
                · {t("checkout.balances.creditPays", { amount: formatMoney(creditPays, currency) })}
              </span>
            ) : null}
          </span>
        </label>
      ) : null}
      {otherCurrencyNotes.length > 0 ? (
        <ul className="mt-4 grid gap-1 text-sm text-ink" data-testid="balances-not-usable">
          {otherCurrencyNotes.map((u) => (
            <li key={`${u.kind}-${u.currency ?? ""}`}>{u.message}</li>
          ))}
        </ul>
      ) : null}
      {balances.signedIn && balances.points >= POINTS_PER_STEP ? (
        <div className="mt-3">
          <label htmlFor={pointsId} className="block text-sm font-semibold text-ink">
            {t("checkout.balances.usePoints")}
          </label>
          <select
            id={pointsId}
            value={Math.min(stepsNow, maxSteps)}
            disabled={busy || maxSteps === 0}
            onChange={(e) => use(balances.useCredit, Number(e.target.value))}
            aria-describedby={pointsHint}
            className={`${inputClass} mt-1 max-w-xs`}
          >
            {[...Array(maxSteps + 1).keys()].map((steps) => (
              <option key={steps} value={steps}>
                {steps === 0
                  ? t("checkout.balances.noPoints")
                  : t("checkout.balances.pointsOff", {
                      points: steps * POINTS_PER_STEP,
                      amount: formatMoney(steps * CENTS_PER_STEP, currency),
                    })}
              </option>
            ))}
          </select>
          <p id={pointsHint} className="mt-1 text-sm text-muted">
            {t("checkout.balances.pointsHint", {
              points: balances.points,
              amount: formatMoney(CENTS_PER_STEP, currency),
            })}
          </p>
        </div>
      ) : null}
      {refusal ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger">
          {refusal}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-muted">{t("checkout.balances.rule")}</p>
    </section>
  );
}
