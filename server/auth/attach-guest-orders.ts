import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isPlaceholderEmail } from "../../core/placeholder-email.ts";
import type { Db } from "../db/client.ts";
import { orders, user } from "../db/schema.ts";

/** The statuses of an order that was paid: the only guest orders that join an account. */
const PAID_STATUSES = ["processing", "shipped", "delivered"];

/**
 * Gives a user the paid guest orders placed with their e-mail (compared case-insensitively), once that
 * e-mail is verified. One statement: the check that the account's e-mail is verified and still the
 * same address, and the move of every matching order, happen together or not at all, so an order
 * never joins an account whose e-mail nobody has proven. Returns how many orders were attached.
 */
export async function attachGuestOrders(db: Db, userId: string, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  if (!address || isPlaceholderEmail(address)) return 0;
  const attached = await db
    .update(orders)
    .set({ userId, updatedAt: sql`now()` })
    .where(
      and(
        isNull(orders.userId),
        inArray(orders.status, PAID_STATUSES),
        sql`lower(${orders.email}) = ${address}`,
        sql`exists (select 1 from ${user} where ${eq(user.id, userId)} and ${user.emailVerified} and lower(${user.email}) = ${address})`,
      ),
    )
    .returning({ id: orders.id });
  return attached.length;
}
