import { and, eq } from "drizzle-orm";
import type {
  CheckoutPageData,
  OrderSummaryData,
  SandboxPageData,
  SuccessPageData,
} from "../../core/contracts/checkout.ts";
import { isPaidStatus } from "../../core/order-status.ts";
import { realEmail } from "../../core/placeholder-email.ts";
import { resolveCartOwner } from "../cart/cart-owner.ts";
import { findCartId, listCart } from "../cart/cart-store.ts";
import type { AppServices } from "../context.ts";
import { orders } from "../db/schema.ts";
import { loadSandboxSession } from "../payments/sandbox-checkout.ts";
import { loadOrderLines, type OrderLineRow, type OrderRow } from "./create-order.ts";
import { priceOrder, shippingRateCents } from "./price-order.ts";

export async function loadCheckoutPage(services: AppServices, headers: Headers): Promise<CheckoutPageData> {
  const { database, catalogue, env } = services;
  const { owner, user } = await resolveCartOwner(services, headers);
  const { items } = await listCart(database.db, catalogue, owner);
  const flatShippingCents = shippingRateCents(env.SHIPPING_FLAT_RATE);
  const base = { signedInEmail: realEmail(user?.email), flatShippingCents };
  if (items.length === 0) return { ...base, summary: null, cartItems: [] };
  const { lines, totals } = priceOrder(items, await catalogue.list(), flatShippingCents);
  return {
    ...base,
    cartItems: items.map((i) => ({
      productId: i.productId,
      quantity: i.quantity,
      isSubscription: i.isSubscription,
      bundleId: i.bundleId,
    })),
    summary: {
      lines: lines.map((l) => ({
        key: l.cartItemId,
        name: l.productName,
        imageUrl: l.imageUrl,
        quantity: l.quantity,
        isSubscription: l.isSubscription,
        discountPercent: l.discountPercent,
        unitCents: l.unitPriceCents,
        lineCents: l.lineTotalCents,
        bundleName: l.bundleName,
      })),
      subtotalCents: totals.subtotalCents,
      bundleSavings: totals.bundleSavings.map((s) => ({ name: s.name, cents: s.savingsCents })),
      shippingCents: totals.shippingCents,
      totalCents: totals.totalCents,
    },
  };
}

async function orderSummary(
  services: AppServices,
  order: OrderRow,
  lines: OrderLineRow[],
): Promise<OrderSummaryData> {
  const products = await services.catalogue.list();
  return {
    lines: lines.map((l) => ({
      key: l.id,
      name: l.productName,
      imageUrl: products.find((p) => p.id === l.productId)?.imageUrl ?? null,
      quantity: l.quantity,
      isSubscription: l.isSubscription,
      discountPercent: l.discountPercent,
      unitCents: l.unitPriceCents,
      lineCents: l.lineTotalCents,
      bundleName: null,
    })),
    subtotalCents: order.subtotalCents,
    bundleSavings: order.discountCents > 0 ? [{ name: "Bundle savings", cents: order.discountCents }] : [],
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
  };
}

export async function loadSandboxPage(
  services: AppServices,
  sessionId: string,
): Promise<SandboxPageData | null> {
  const session = await loadSandboxSession(services, sessionId);
  if (!session) return null;
  return {
    orderNumber: session.order.orderNumber,
    email: realEmail(session.order.email),
    status: session.order.status,
    summary: await orderSummary(services, session.order, session.lines),
  };
}

/**
 * The success page: the reference is always the session id's last 8 characters (spec, /success); the
 * order itself only when the session belongs to a paid order of this visitor (their account, or the
 * guest cart that placed it). A forged or foreign session id shows nothing and changes nothing.
 */
export async function loadSuccessPage(
  services: AppServices,
  headers: Headers,
  sessionId: string | null,
): Promise<SuccessPageData> {
  if (!sessionId) return { reference: null, order: null };
  const reference = sessionId.slice(-8);
  if (sessionId.length > 255 || !/^[A-Za-z0-9_]+$/.test(sessionId)) return { reference, order: null };
  const db = services.database.db;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.providerSessionId, sessionId), eq(orders.provider, services.payments.name)));
  if (!order || !isPaidStatus(order.status)) return { reference, order: null };
  const { owner, user } = await resolveCartOwner(services, headers);
  const mine = order.userId
    ? user?.id === order.userId
    : owner.kind === "guest" && order.cartId !== null && (await findCartId(db, owner)) === order.cartId;
  if (!mine) return { reference, order: null };
  const lines = await loadOrderLines(db, order.id);
  return {
    reference,
    order: {
      orderNumber: order.orderNumber,
      email: realEmail(order.email),
      status: order.status,
      hasSubscriptions: lines.some((l) => l.isSubscription),
      summary: await orderSummary(services, order, lines),
    },
  };
}
