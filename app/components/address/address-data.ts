import type { AddressView } from "../../../core/contracts/addresses.ts";

/** The address book as the account page's loader reads it: the saved addresses (the default first) and the countries the shop ships to. */
export interface AddressBook {
  addresses: AddressView[];
  shipTo: string[];
}
