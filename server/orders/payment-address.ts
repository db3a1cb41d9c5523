import {
  type AddressFieldErrors,
  addressFieldErrors,
  addressSchema,
  type ShippingAddress,
} from "../../core/address.ts";
import type { Tx } from "../db/client.ts";
import { orderEvents } from "../db/schema.ts";

/**
 * The address a payment ships to: the order's own when checkout took one, else the one the payment page
 * collected, held to the shop's address rules (core/address.ts) like any typed address. A page that
 * collected none, or one the shop cannot ship to, gives the field messages instead: an order is never
 * paid without an address (docs/decisions/027-address-on-the-payment-page.md).
 */
export function shippingAddressForPayment(
  order: { shippingAddress: ShippingAddress | null },
  collected: Record<string, unknown> | null | undefined,
  shipTo: readonly string[],
): { ok: true; address: ShippingAddress } | { ok: false; fields: AddressFieldErrors } {
  if (order.shippingAddress) return { ok: true, address: order.shippingAddress };
  if (!collected) return { ok: false, fields: { line1: "No shipping address was collected" } };
  const parsed = addressSchema(shipTo).safeParse(collected);
  return parsed.success
    ? { ok: true, address: parsed.data }
    : { ok: false, fields: addressFieldErrors(parsed.error) };
}

/**
 * Marks an order whose payment came with no address the shop can ship to: an "address_refused" event on
 * its timeline for the owner, who refunds the payment (customers' timelines show only their own steps).
 */
export async function recordAddressRefused(
  tx: Tx,
  orderId: string,
  fields: AddressFieldErrors,
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    type: "address_refused",
    detail: { fields: Object.values(fields).join("; ") },
  });
}
