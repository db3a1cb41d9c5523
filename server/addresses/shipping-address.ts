import { addressFieldErrors, addressSchema, type ShippingAddress } from "../../core/address.ts";
import { InvalidInput } from "../domain-errors.ts";

/** Checks an address form against the countries the shop ships to: InvalidInput with a message per field. */
export function parseShippingAddress(shipTo: readonly string[], value: unknown): ShippingAddress {
  const result = addressSchema(shipTo).safeParse(value ?? {});
  if (!result.success) {
    throw new InvalidInput("invalid_address", "Please check the shipping address.", {
      fields: addressFieldErrors(result.error),
    });
  }
  return result.data;
}
