import { orderPagePath } from "../../core/contracts/orders.ts";

/** The absolute link to an order's page, for e-mails. */
export function orderPageUrl(origin: string, orderNumber: string): string {
  return `${origin}${orderPagePath(orderNumber)}`;
}
