import CreditCard from "lucide-react/icons/credit-card";
import Lock from "lucide-react/icons/lock";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { CardErrors } from "../../../core/contracts/checkout.ts";
import type { Currency } from "../../../core/markets.ts";
import { formatMoney } from "../../../core/money.ts";
import { Link } from "../../i18n/link.tsx";
import { cardBrand, formatCardNumber, formatExpiry } from "../../lib/card-format.ts";
import { Button } from "../ui/button.tsx";

const inputClass =
  "block min-h-11 w-full border border-sand-deep bg-white px-3 text-base text-ink placeholder:text-muted/70 focus:relative focus:z-10 focus:border-forest aria-[invalid=true]:border-danger";

function Field({
  label,
  name,
  error,
  className = "",
  ...input
}: {
  label: string;
  name: keyof CardErrors;
  error?: string;
  className?: string;
  /** Shown at the end of the label, e.g. the card's brand. */
  hint?: string | null;
} & React.ComponentProps<"input">) {
  const id = useId();
  const { hint, ...rest } = input;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 flex items-center justify-between text-sm font-semibold text-ink">
        {label}
        {hint ? (
          <span className="text-xs font-medium text-muted" aria-live="polite">
            {hint}
          </span>
        ) : null}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} rounded-xl`}
        {...rest}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the form does: pay an order's total, or save a card for a subscription's renewals. */
/** Paying: the amount, in the order's currency (US dollars when not said). */
export type CardFormMode =
  | { kind: "pay"; totalCents: number; currency?: Currency }
  | { kind: "save"; cancelTo: string };

/**
 * The sandbox's card form: posts to the page's action, which checks the test card and pays the order or,
 * in "save card" mode, keeps the card for a subscription's renewals.
 */
export function CardForm({
  email,
  mode,
  errors,
  declined,
  children = null,
  onSubmit,
}: {
  /** Null for an old order with only a phone account's placeholder address: no e-mail row is shown. */
  email: string | null;
  mode: CardFormMode;
  errors: CardErrors;
  declined: string | null;
  /** Fields sent with the card, shown between the e-mail and the card (the pay page's shipping address). */
  children?: ReactNode;
  /** Runs before the form is sent; it may stop it (preventDefault) to show what to fix first. */
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const emailId = useId();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  // What was typed before the page's scripts ran is in the fields but not in the state: taken in once the
  // page runs, or the next render would empty the field (nothing typed is lost on a slow connection).
  const numberInput = useRef<HTMLInputElement>(null);
  const expiryInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typedNumber = numberInput.current?.value;
    if (typedNumber) setNumber(formatCardNumber(typedNumber));
    const typedExpiry = expiryInput.current?.value;
    if (typedExpiry) setExpiry(formatExpiry(typedExpiry, false));
  }, []);
  // Checked when a field is left, then shown until the next submit answers: nothing is said while typing.
  const [checked, setChecked] = useState<CardErrors>({});
  const shown: CardErrors = { ...checked, ...errors };
  const digits = number.replace(/\D/g, "");
  const checkNumber = () =>
    setChecked((c) => ({
      ...c,
      cardNumber: digits.length === 0 || digits.length >= 12 ? undefined : "Enter the card number.",
    }));
  const checkExpiry = () =>
    setChecked((c) => ({
      ...c,
      expiry:
        expiry === "" || /^(0[1-9]|1[0-2]) \/ \d{2}$/.test(expiry)
          ? undefined
          : "Enter the expiry date as MM / YY.",
    }));
  return (
    <Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-describedby={declined ? "card-declined" : undefined}
    >
      {email ? (
        <div>
          <label htmlFor={emailId} className="mb-1 block text-sm font-semibold text-ink">
            Email
          </label>
          <input
            id={emailId}
            type="email"
            value={email}
            readOnly
            className={`${inputClass} rounded-xl bg-sand/60 text-muted`}
          />
        </div>
      ) : null}
      {children}
      <fieldset className="grid gap-4">
        <legend className="mb-1 flex items-center gap-2 text-sm font-semibold text-ink">
          <CreditCard aria-hidden className="size-4" /> Card information
        </legend>
        <Field
          label="Card number"
          name="cardNumber"
          error={shown.cardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={23}
          required
          value={number}
          ref={numberInput}
          hint={cardBrand(number)}
          onChange={(e) => {
            setNumber(formatCardNumber(e.currentTarget.value));
            setChecked((c) => ({ ...c, cardNumber: undefined }));
          }}
          onBlur={checkNumber}
        />
        <div className="grid grid-cols-2 gap-4">
          <Field
            label="Expiry (MM / YY)"
            name="expiry"
            error={shown.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={7}
            required
            value={expiry}
            ref={expiryInput}
            onChange={(e) => {
              const typed = e.currentTarget.value;
              setExpiry(formatExpiry(typed, typed.length < expiry.length));
              setChecked((c) => ({ ...c, expiry: undefined }));
            }}
            onBlur={checkExpiry}
          />
          <Field
            label="CVC"
            name="cvc"
            error={shown.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            required
          />
        </div>
        <Field
          label="Name on card"
          name="name"
          error={shown.name}
          autoComplete="cc-name"
          placeholder="Full name"
          maxLength={100}
          required
        />
      </fieldset>
      {declined ? (
        <p
          id="card-declined"
          role="alert"
          className="rounded-xl border border-danger bg-danger/5 p-3 text-sm text-danger"
        >
          {declined}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        pending={paying}
        pendingText={mode.kind === "pay" ? "Processing..." : "Saving..."}
      >
        <Lock aria-hidden className="size-4" />
        {mode.kind === "pay" ? `Pay ${formatMoney(mode.totalCents, mode.currency)}` : "Save card"}
      </Button>
      <Link
        to={mode.kind === "pay" ? "/checkout" : mode.cancelTo}
        className="inline-flex min-h-11 items-center justify-center rounded-full px-4 text-sm font-semibold text-forest underline-offset-4 hover:underline"
      >
        {mode.kind === "pay" ? "Cancel and return to checkout" : "Cancel and return to your subscriptions"}
      </Link>
    </Form>
  );
}
