import Tag from "lucide-react/icons/tag";
import { useEffect, useId, useRef, useState } from "react";
import type { CartCodeResponse } from "../../../core/contracts/discount-code.ts";
import {
  codeConditionWords,
  codeOffer,
  useApplyCartCode,
  useCartCode,
  useCodeFailure,
  useCodeRefusalWords,
  useRemoveCartCode,
} from "../../hooks/use-cart-code.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { CodeInput } from "../ui/code-input.tsx";

/**
 * The discount code of the cart drawer and the checkout: a labelled field with its Apply button (Enter
 * applies too) while the cart has no code; once it has one, a chip with what it gives, its conditions and a
 * Remove button, or why it gives nothing now in the server's or the pricing's words ("Add $10.00 more to
 * use the code FREESHIP."). Not a <form>: the checkout's field sits inside the checkout's own form. Focus
 * goes to the chip once a code is applied and back to the field once it is removed.
 * docs/decisions/046-discount-codes.md.
 */
export function DiscountCodeField({
  initial,
  onChanged,
  refusal: shownRefusal,
  disabled = false,
  className,
}: {
  /** The cart's code as the page's loader saw it, shown until the browser has asked (no flash of the field). */
  initial?: CartCodeResponse | null;
  /** Called once the cart's code changed (applied or removed): the checkout reloads its summary. */
  onChanged?: () => void;
  /** A refusal the page met elsewhere (the checkout's 409), shown on the chip instead of the hook's. */
  refusal?: string | null;
  disabled?: boolean;
  className?: string;
}) {
  const inputId = useId();
  const errorId = useId();
  const conditionsId = useId();
  const { code, refusal, currency } = useCartCode(initial);
  const apply = useApplyCartCode();
  const remove = useRemoveCartCode();
  const t = useT();
  const codeFailure = useCodeFailure();
  const refusalWords = useCodeRefusalWords();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const chip = useRef<HTMLParagraphElement>(null);
  // Where focus goes after the next render: the chip after an apply, the field after a remove.
  const [focusNext, setFocusNext] = useState<"chip" | "field" | null>(null);
  useEffect(() => {
    if (focusNext === "chip") chip.current?.focus();
    if (focusNext === "field") input.current?.focus();
    if (focusNext) setFocusNext(null);
  }, [focusNext]);

  function submit() {
    if (apply.isPending || disabled) return;
    const typed = text.trim();
    if (!typed) {
      setError(t("cart.code.enter"));
      input.current?.focus();
      return;
    }
    setError(null);
    apply.mutate(typed, {
      onSuccess: () => {
        setText("");
        setFocusNext("chip");
        onChanged?.();
      },
      onError: (err) => {
        setError(codeFailure(err, typed));
        input.current?.focus();
      },
    });
  }

  function takeOff() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setFocusNext("field");
        onChanged?.();
      },
    });
  }

  if (code) {
    const why = shownRefusal ?? (refusal ? refusalWords(refusal, code.code) : null);
    const conditions = codeConditionWords(t, code, currency);
    return (
      <div
        className={`rounded-xl border px-4 py-3 ${why ? "border-danger/50 bg-white" : "border-verdant/50 bg-white"} ${className ?? ""}`}
        data-testid="discount-code-chip"
      >
        <div className="flex items-start justify-between gap-3">
          <p
            ref={chip}
            tabIndex={-1}
            aria-describedby={conditionsId}
            className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-ink"
          >
            <Tag aria-hidden className="size-4 shrink-0 text-verdant" />
            <span className="break-all">{code.code}</span>
            <span className="font-normal text-muted">
              {why
                ? t("cart.code.notApplied")
                : t("cart.code.applied", { offer: codeOffer(t, code, currency) })}
            </span>
          </p>
          <Button
            variant="destructive"
            size="sm"
            className="-my-2 -mr-3 shrink-0"
            onClick={takeOff}
            pending={remove.isPending}
            disabled={disabled}
            aria-label={t("cart.code.removeLabel", { code: code.code })}
          >
            {t("cart.code.remove")}
          </Button>
        </div>
        <div id={conditionsId}>
          {why ? (
            <p role="alert" className="mt-1 text-sm font-semibold text-danger">
              {why}
            </p>
          ) : null}
          {conditions.length > 0 ? (
            <ul className="mt-1 text-sm text-muted">
              {conditions.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className={className}>
      <CodeInput
        id={inputId}
        errorId={errorId}
        label={t("cart.code.label")}
        name="discount-code"
        labelClassName="block text-sm font-semibold text-ink"
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
        // Named for what it applies: the checkout has other Apply buttons (gift cards, balances).
        applyLabel={t("cart.code.applyLabel")}
      />
    </div>
  );
}
