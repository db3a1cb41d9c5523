import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppServices } from "../context.ts";
import { orders } from "../db/schema.ts";
import { loadOrderLines, type OrderLineRow, type OrderRow } from "../orders/create-order.ts";
import { type EventOutcome, handlePaymentEvent } from "./handle-event.ts";
import { SANDBOX_SESSION_PREFIX } from "./sandbox-provider.ts";

/** Test cards (the same numbers Stripe's test mode uses). */
export const SANDBOX_SUCCESS_CARD = "4242424242424242";
export const SANDBOX_DECLINED_CARD = "4000000000000002";

export const sandboxSessionId = z.string().regex(new RegExp(`^${SANDBOX_SESSION_PREFIX}[A-Za-z0-9]{32}$`));

export interface SandboxSession {
  order: OrderRow;
  lines: OrderLineRow[];
}

/** The order behind a sandbox session, or null (unknown, malformed, or the shop runs another provider). */
export async function loadSandboxSession(
  services: AppServices,
  sessionId: string,
): Promise<SandboxSession | null> {
  if (services.payments.name !== "sandbox" || !sandboxSessionId.safeParse(sessionId).success) return null;
  const db = services.database.db;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.providerSessionId, sessionId), eq(orders.provider, "sandbox")));
  if (!order) return null;
  return { order, lines: await loadOrderLines(db, order.id) };
}

const cardForm = z.object({
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
  name: z.string().max(200),
});

export type CardField = "cardNumber" | "expiry" | "cvc" | "name";
export type SandboxPayResult =
  | { kind: "paid"; redirectTo: string }
  | { kind: "invalid"; fieldErrors: Partial<Record<CardField, string>> }
  | { kind: "declined"; message: string }
  | { kind: "closed"; message: string };

function checkExpiry(raw: string, now: Date): string | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!m) return "Enter the expiry date as MM / YY.";
  const month = Number(m[1]);
  const year = Number(m[2]) + ((m[2] ?? "").length === 2 ? 2000 : 0);
  if (month < 1 || month > 12) return "Enter the expiry date as MM / YY.";
  // A card is valid until the end of its expiry month.
  if (new Date(Date.UTC(year, month, 1)) <= now) return "Your card has expired.";
  return null;
}

/**
 * The sandbox's "bank": checks the form like a card page would, then confirms a successful payment as a
 * provider event through the same handler Stripe's webhooks use. Paying a session twice has one effect.
 */
export async function payWithSandboxCard(
  services: AppServices,
  sessionId: string,
  form: Record<string, unknown>,
  now = new Date(),
): Promise<SandboxPayResult | null> {
  const session = await loadSandboxSession(services, sessionId);
  if (!session) return null;
  const successUrl = `/success?session_id=${encodeURIComponent(sessionId)}`;
  const { order } = session;
  if (order.status !== "pending") {
    if (order.status === "cancelled") return { kind: "closed", message: "This checkout was cancelled." };
    return { kind: "paid", redirectTo: successUrl };
  }

  const parsed = cardForm.safeParse(form);
  if (!parsed.success) return { kind: "invalid", fieldErrors: { cardNumber: "Fill in the card details." } };
  const { cardNumber, expiry, cvc, name } = parsed.data;
  const digits = cardNumber.replace(/[\s-]/g, "");
  const fieldErrors: Partial<Record<CardField, string>> = {};
  if (!/^\d{12,19}$/.test(digits)) fieldErrors.cardNumber = "Enter the card number.";
  else if (digits !== SANDBOX_SUCCESS_CARD && digits !== SANDBOX_DECLINED_CARD)
    fieldErrors.cardNumber = "This is not a test card. In test mode, pay with 4242 4242 4242 4242.";
  const expiryError = checkExpiry(expiry, now);
  if (expiryError) fieldErrors.expiry = expiryError;
  if (!/^\d{3,4}$/.test(cvc.trim())) fieldErrors.cvc = "Enter the 3 or 4 digit security code.";
  if (name.trim().length === 0) fieldErrors.name = "Enter the name on the card.";
  if (Object.keys(fieldErrors).length) return { kind: "invalid", fieldErrors };

  if (digits === SANDBOX_DECLINED_CARD) {
    return {
      kind: "declined",
      message: "Your card was declined. Try another card; you have not been charged.",
    };
  }

  const outcome = await confirmSandboxSession(services, session);
  if (outcome === "paid" || outcome === "already_paid" || outcome === "duplicate") {
    return { kind: "paid", redirectTo: successUrl };
  }
  return { kind: "closed", message: "This checkout can no longer be paid." };
}

/** The sandbox's confirmation, in the shape of Stripe's checkout.session.completed event. */
export function confirmSandboxSession(services: AppServices, session: SandboxSession): Promise<EventOutcome> {
  const { order, lines } = session;
  const sessionId = order.providerSessionId as string;
  const suffix = sessionId.slice(SANDBOX_SESSION_PREFIX.length);
  return handlePaymentEvent(services, "sandbox", {
    id: `evt_sandbox_${suffix}`,
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        amount_total: order.totalCents,
        currency: order.currency,
        payment_status: "paid",
        metadata: { orderId: order.id },
        customer: `cus_sandbox_${suffix}`,
        subscription: lines.some((l) => l.isSubscription) ? `sub_sandbox_${suffix}` : null,
      },
    },
  });
}
