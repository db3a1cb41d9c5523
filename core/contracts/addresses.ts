/**
 * The address book's wire contract: /api/addresses answers AddressView rows; create and update take the
 * address form's fields (ShippingAddress, checked by core/address.ts `addressSchema` on the server) and
 * `makeDefault`. A refused address answers 400 with `fields`: a message per field.
 */
import type { ShippingAddress } from "../address.ts";

export interface AddressView extends ShippingAddress {
  id: string;
  isDefault: boolean;
}

export type AddressInput = { [K in keyof ShippingAddress]?: string | null } & { makeDefault?: boolean };
