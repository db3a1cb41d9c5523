import { type ReactNode, useState } from "react";
import type { AddressFieldErrors } from "../../../core/address.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { useLocale } from "../../i18n/i18n.tsx";
import { AddressForm } from "../address/address-form.tsx";
import {
  type AddressFormValue,
  addressFieldId,
  emptyAddress,
  errorsAfterEdit,
  validateAddress,
} from "../address/address-form-model.ts";

const PREFIX = "pay-ship";

/**
 * The shipping address on the sandbox card page, for an order begun without one (the product spec's own
 * create-session payload, docs/decisions/027-address-on-the-payment-page.md): the checkout's own form
 * and rules. `check` runs those rules when the card form is sent, so the page shows the server's messages
 * without a round trip; the server checks again and its messages (`serverErrors`) sit beside the fields.
 */
export function usePayAddress(
  shipTo: readonly string[],
  serverErrors: AddressFieldErrors,
  disabled: boolean,
): {
  fields: ReactNode;
  check: (event: React.FormEvent<HTMLFormElement>) => void;
  /** The address as typed so far: the page taxes it (decision 050). */
  value: AddressFormValue;
} {
  const later = useLaterT();
  const locale = useLocale();
  const [value, setValue] = useState<AddressFormValue>(() => emptyAddress(shipTo));
  const [errors, setErrors] = useState<AddressFieldErrors>(serverErrors);
  // A new answer from the server replaces the messages shown.
  const [answered, setAnswered] = useState(serverErrors);
  if (answered !== serverErrors) {
    setAnswered(serverErrors);
    setErrors(serverErrors);
  }

  const check = (event: React.FormEvent<HTMLFormElement>) => {
    const checked = validateAddress(value, shipTo, { t: later, locale });
    if (checked.ok) return;
    event.preventDefault();
    setErrors(checked.errors);
    requestAnimationFrame(() => document.getElementById(addressFieldId(PREFIX, checked.firstField))?.focus());
  };

  const fields = (
    <section aria-labelledby={`${PREFIX}-heading`} className="grid gap-3">
      <h2 id={`${PREFIX}-heading`} className="text-lg">
        Shipping address
      </h2>
      <AddressForm
        value={value}
        onChange={(next) => {
          setErrors((current) => errorsAfterEdit(current, value, next));
          setValue(next);
        }}
        errors={errors}
        shipTo={shipTo}
        idPrefix={PREFIX}
        disabled={disabled}
      />
    </section>
  );
  return { fields, check, value };
}
