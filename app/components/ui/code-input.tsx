import type { RefObject } from "react";
import { useT } from "../../i18n/i18n.tsx";
import { Button } from "./button.tsx";
import { inputClass } from "./field.tsx";

/**
 * A labelled field for a code typed from an e-mail or a card (a discount code, a gift card), with its Apply
 * button and the message of a refusal under it. Enter applies it and never sends an enclosing form (the
 * checkout's); typing again clears the message.
 */
export function CodeInput(props: {
  id: string;
  errorId: string;
  label: string;
  name: string;
  labelClassName: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (text: string) => void;
  error: string | null;
  onSubmit: () => void;
  pending: boolean;
  disabled?: boolean;
  /** The Apply button's accessible name, when the page has other Apply buttons. */
  applyLabel?: string;
}) {
  const { id, errorId, error } = props;
  const t = useT();
  return (
    <>
      <label htmlFor={id} className={props.labelClassName}>
        {props.label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={props.inputRef}
          id={id}
          name={props.name}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={props.value}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              props.onSubmit();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClass} min-w-0 flex-1 uppercase placeholder:normal-case`}
        />
        <Button
          variant="secondary"
          size="md"
          onClick={props.onSubmit}
          pending={props.pending}
          pendingText={t("cart.code.applying")}
          disabled={props.disabled}
          aria-label={props.applyLabel}
        >
          {t("cart.code.apply")}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}
