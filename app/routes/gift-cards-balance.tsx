import { useEffect, useId, useRef, useState } from "react";
import type { GiftCardBalanceResponse } from "../../core/contracts/balances.ts";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { Button } from "../components/ui/button.tsx";
import { inputClass } from "../components/ui/field.tsx";
import { giftCardFailure, useGiftCardBalance } from "../hooks/use-balances.ts";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import type { Route } from "./+types/gift-cards-balance";

export { loader } from "./gift-cards-balance.server.ts";

// The words come from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "description", content: loaderData?.meta.description },
];

/**
 * What is left on a gift card, by its code (POST /api/gift-cards/balance): the balance and the card's last
 * four, or why not (an unknown code: 404; too many tries: 429). The answer is announced and focused.
 */
export default function GiftCardBalance() {
  const t = useT();
  const inputId = useId();
  const errorId = useId();
  const check = useGiftCardBalance();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<GiftCardBalanceResponse | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) answer.current?.focus();
  }, [result]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (check.isPending) return;
    const typed = code.trim();
    setResult(null);
    if (!typed) {
      setError(t("giftCards.balance.empty"));
      input.current?.focus();
      return;
    }
    setError(null);
    check.mutate(typed, {
      onSuccess: (r) => setResult(r),
      onError: (err) => {
        setError(giftCardFailure(err));
        input.current?.focus();
      },
    });
  }

  return (
    <section className="container-shop py-10 sm:py-14">
      <div className="mx-auto max-w-xl">
        <h1 className="text-3xl sm:text-4xl">{t("giftCards.balance.title")}</h1>
        <p className="mt-3 text-lg text-muted">{t("giftCards.balance.intro")}</p>
        <form noValidate onSubmit={submit} className="mt-8 rounded-card bg-white p-5 shadow-card sm:p-6">
          <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
            {t("giftCards.balance.code")}
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              ref={input}
              id={inputId}
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={`${inputClass} min-w-0 flex-1 uppercase placeholder:normal-case`}
            />
            <Button
              type="submit"
              size="md"
              pending={check.isPending}
              pendingText={t("giftCards.balance.checking")}
            >
              {t("giftCards.balance.check")}
            </Button>
          </div>
          {error ? (
            <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-danger">
              {error}
            </p>
          ) : null}
        </form>
        {result ? (
          <div
            ref={answer}
            tabIndex={-1}
            role="status"
            data-testid="gift-card-balance"
            className="mt-6 rounded-card bg-sand p-5 shadow-card sm:p-6"
          >
            <p className="text-muted">{t("giftCards.balance.ending", { last4: result.last4 })}</p>
            <p className="mt-1 font-display text-3xl text-forest tabular-nums">
              {t("giftCards.balance.left", {
                amount: formatMoney(result.balanceCents, storedCurrency(result.currency)),
              })}
            </p>
            <p className="mt-2 text-sm text-muted">{t("giftCards.balance.note")}</p>
          </div>
        ) : null}
        <p className="mt-6">
          <Link
            to="/gift-cards"
            className="inline-flex min-h-11 items-center font-semibold text-forest underline underline-offset-2"
          >
            {t("giftCards.balance.buy")}
          </Link>
        </p>
      </div>
    </section>
  );
}
