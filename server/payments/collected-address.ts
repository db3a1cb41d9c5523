import type { ShippingAddress } from "../../core/address.ts";
import type { CheckoutSessionObject } from "./event-schemas.ts";

/**
 * The shipping address a provider's page collected for a session, as the address form's fields: the
 * orders check it with the shop's own rules (core/address.ts) before it goes on the order. Null when the
 * page collected none (the order had its address already). Stripe keeps the phone with the customer's
 * details, not with the address.
 */
export function collectedAddress(session: CheckoutSessionObject): Record<string, unknown> | null {
  const details = session.collected_information?.shipping_details ?? session.shipping_details ?? null;
  if (!details) return null;
  const a = details.address ?? {};
  return {
    fullName: details.name ?? "",
    line1: a.line1 ?? "",
    line2: a.line2 ?? null,
    city: a.city ?? "",
    region: a.state ?? "",
    postalCode: a.postal_code ?? "",
    country: a.country ?? "",
    phone: session.customer_details?.phone ?? null,
  };
}

/** An address in Stripe's shape (shipping details and the customer's phone), as the sandbox reports it. */
export function asCollectedByStripe(address: ShippingAddress) {
  return {
    collected_information: {
      shipping_details: {
        name: address.fullName,
        address: {
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          state: address.region,
          postal_code: address.postalCode,
          country: address.country,
        },
      },
    },
    customer_details: { phone: address.phone },
  };
}
