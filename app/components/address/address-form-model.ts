import {
  ADDRESS_FIELDS,
  type AddressFieldErrors,
  addressFieldErrors,
  addressSchema,
  countryRules,
  type ShippingAddress,
} from "../../../core/address.ts";

/** The address form's fields as typed: every one a string ("" when empty). */
export type AddressFormValue = { [K in keyof ShippingAddress]: string };

/** A blank form, set to the first country the shop ships to. */
export function emptyAddress(shipTo: readonly string[]): AddressFormValue {
  return {
    fullName: "",
    line1: "",
    line2: "",
    city: "",
    region: "",
    postalCode: "",
    country: shipTo[0] ?? "",
    phone: "",
  };
}

/** A saved address as the form's value, to edit it. */
export function addressToForm(a: ShippingAddress): AddressFormValue {
  return {
    fullName: a.fullName,
    line1: a.line1,
    line2: a.line2 ?? "",
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
    phone: a.phone ?? "",
  };
}

/**
 * The form after choosing another country: a region is kept only when the new country offers it (a state
 * is no province), so the form never sends a region its select does not show.
 */
export function withCountry(value: AddressFormValue, country: string): AddressFormValue {
  const keep = countryRules(country).regions?.[value.region.toUpperCase()] !== undefined;
  return { ...value, country, region: keep ? value.region : "" };
}

export type AddressCheck =
  | { ok: true; address: ShippingAddress }
  | { ok: false; errors: AddressFieldErrors; firstField: keyof ShippingAddress };

/**
 * Checks the form with the server's own rules (core/address.ts), so the form shows the messages the
 * server would answer before anything is sent. The address returned is the one to send: trimmed, codes
 * upper case, Canada's postal code with its space.
 */
export function validateAddress(value: AddressFormValue, shipTo: readonly string[]): AddressCheck {
  const result = addressSchema(shipTo).safeParse(value);
  if (result.success) return { ok: true, address: result.data };
  const errors = addressFieldErrors(result.error);
  return { ok: false, errors, firstField: firstErrorField(errors) ?? "fullName" };
}

/** The first field, in the form's order, that has a message; null when none has. */
export function firstErrorField(errors: AddressFieldErrors): keyof ShippingAddress | null {
  return ADDRESS_FIELDS.find((f) => errors[f]) ?? null;
}

/**
 * The messages still to show after an edit: a field's message goes once its value changes (and the
 * region's when the country changes, since its choices do), the others stay until the next check.
 */
export function errorsAfterEdit(
  errors: AddressFieldErrors,
  before: AddressFormValue,
  after: AddressFormValue,
): AddressFieldErrors {
  const next: AddressFieldErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const message = errors[field];
    if (!message || before[field] !== after[field]) continue;
    if (field === "region" && before.country !== after.country) continue;
    if (field === "postalCode" && before.country !== after.country) continue;
    next[field] = message;
  }
  return next;
}

/** The id of a field's control, so a page can focus the first field with an error. */
export const addressFieldId = (idPrefix: string, field: keyof ShippingAddress) => `${idPrefix}-${field}`;
