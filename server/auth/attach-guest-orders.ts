import { isPlaceholderEmail } from "../../core/placeholder-email.ts";
import type { Db } from "../db/client.ts";
import { attachGuestOrdersToUser } from "../orders/order-life.ts";

/**
 * Gives a user the paid guest orders placed with their e-mail (compared case-insensitively), once that
 * e-mail is verified. One statement: the check that the account's e-mail is verified and still the
 * same address, and the move of every matching order, happen together or not at all, so an order
 * never joins an account whose e-mail nobody has proven. Returns how many orders were attached.
 */
export async function attachGuestOrders(db: Db, userId: string, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  if (!address || isPlaceholderEmail(address)) return 0;
  return attachGuestOrdersToUser(db, userId, address);
}
