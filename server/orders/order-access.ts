import { isPaidStatus } from "../../core/order-status.ts";
import { type CartVisitor, resolveCartOwner } from "../cart/cart-owner.ts";
import { findCartId } from "../cart/cart-store.ts";
import type { ShopDeps } from "../deps.ts";
import { findOrderBySession, type OrderRow } from "./order-rows.ts";

/**
 * The paid order behind a checkout session id, only for the visitor who placed it: an account's order
 * only to that account, a guest's order only to the browser whose guest cart placed it. Anyone else
 * gets null, exactly as for an unpaid, unknown or malformed session id, so a forged or shared session
 * id shows nothing and changes nothing.
 */
export async function findOwnPaidOrder(
  deps: Pick<ShopDeps, "db" | "payments">,
  visitor: CartVisitor,
  sessionId: string,
): Promise<OrderRow | null> {
  // A provider's session id, or an order paid in full by balances: `paid_by_balance_<order uuid>` (hyphens).
  if (sessionId.length > 255 || !/^[A-Za-z0-9_-]+$/.test(sessionId)) return null;
  const { db } = deps;
  const order = await findOrderBySession(db, deps.payments.name, sessionId);
  if (!order || !isPaidStatus(order.status)) return null;
  const owner = resolveCartOwner(visitor);
  const mine = order.userId
    ? visitor.user?.id === order.userId
    : owner.kind === "guest" && order.cartId !== null && (await findCartId(db, owner)) === order.cartId;
  return mine ? order : null;
}
