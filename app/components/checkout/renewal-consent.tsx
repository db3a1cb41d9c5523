import RefreshCw from "lucide-react/icons/refresh-cw";
import { useId } from "react";
import type { RenewalDisclosure } from "../../../core/renewal-disclosure.ts";

/**
 * The automatic-renewal disclosure beside the pay button, built from the cart by core/renewal-disclosure.ts,
 * and its own unticked box: the checkout starts only once it is ticked (the server refuses it otherwise,
 * docs/decisions/042-renewal-consent-at-checkout.md). Why it was refused shows under the box.
 */
export function RenewalConsent({
  disclosure,
  agreed,
  onAgreedChange,
  error,
  disabled,
  ref,
}: {
  disclosure: RenewalDisclosure;
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  error: string | null;
  disabled: boolean;
  /** The box, focused when the checkout is refused for it. */
  ref?: React.Ref<HTMLInputElement>;
}) {
  const headingId = useId();
  const boxId = useId();
  const errorId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-xl border border-sand-deep bg-cream p-4 text-sm text-ink sm:p-5"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-xl">
        <RefreshCw aria-hidden className="size-5 shrink-0 text-verdant" />
        {disclosure.heading}
      </h2>
      <p className="mt-2">{disclosure.intro}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 font-semibold">
        {disclosure.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {disclosure.total ? <p className="mt-2 font-semibold">{disclosure.total}</p> : null}
      <p className="mt-2">{disclosure.tax}</p>
      <p className="mt-2">{disclosure.firstCharge}</p>
      <p className="mt-2">{disclosure.priceChange}</p>
      <p className="mt-2">{disclosure.cancel}</p>
      <div className="mt-4 flex items-start gap-3">
        <input
          ref={ref}
          id={boxId}
          type="checkbox"
          name="accept-renewal"
          checked={agreed}
          disabled={disabled}
          onChange={(e) => onAgreedChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-forest"
        />
        <label htmlFor={boxId} className="font-semibold">
          {disclosure.checkbox}
        </label>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
