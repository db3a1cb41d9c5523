import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { expect } from "vitest";
import { setUserRole } from "../../server/admin/promote.ts";
import { orders, outbox } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import type { TestShop } from "../support/test-app.ts";
import { createUser, Visitor } from "./checkout-visitor.ts";

export type OrderRow = typeof orders.$inferSelect;

/** A customer, a staff member and an admin, each a signed-in Visitor (the shop needs headerIdentity). */
export async function people(shop: TestShop) {
  const made = {} as Record<"customer" | "staff" | "admin", Visitor>;
  for (const who of ["customer", "staff", "admin"] as const) {
    const id = `${who}-${randomBytes(4).toString("hex")}`;
    await createUser(shop, id, `${id}@example.com`);
    if (who !== "customer")
      await setUserRole(shop.services.database.db, `${id}@example.com`, who, "command line");
    made[who] = new Visitor(shop, id);
  }
  return made;
}

/**
 * A customer's paid order of the given lines (product, quantity, and whether it is a subscription), through
 * the cart, checkout and the sandbox's card page; `email` is the order's (a new one when not given), `extra`
 * more of the checkout's body (an address, a currency, a locale).
 */
export async function paidSandboxOrder(
  shop: TestShop,
  buyer: Visitor,
  lines: [productId: number, quantity: number, isSubscription?: boolean][],
  email = `buyer-${randomBytes(3).toString("hex")}@example.com`,
  extra: Record<string, unknown> = {},
): Promise<OrderRow> {
  for (const [productId, quantity, isSubscription = false] of lines)
    expect((await buyer.add(productId, quantity, isSubscription)).status).toBe(201);
  const checkout = await buyer.checkout({ email, userId: buyer.userId ?? null, ...extra });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const sessionId = new URL(checkout.body.url).pathname.split("/").pop() as string;
  const paid = await payWithSandboxCard(shopDeps(shop.services), sessionId, {
    cardNumber: "4242424242424242",
    expiry: "12/40",
    cvc: "123",
    name: "Sam Shopper",
  });
  expect(paid).toMatchObject({ kind: "paid" });
  const [order] = await shop.services.database.db
    .select()
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId));
  return order as OrderRow;
}

/** The subjects of the e-mails to `to` that have `subject` in their subject. */
export const mailSubjects = async (shop: TestShop, to: string, subject: string) =>
  (
    await shop.services.database.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)))
  ).map((m) => m.subject);

/** How many e-mails to `to` have `subject` in their subject. */
export const mails = async (shop: TestShop, to: string, subject: string) =>
  (await mailSubjects(shop, to, subject)).length;
