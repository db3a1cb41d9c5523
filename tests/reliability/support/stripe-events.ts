import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { TestShop } from "../../support/test-app.ts";

export const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString("hex")}`;
const stripe = new Stripe("sk_test_signing_only");

export type StandInSession = {
  id: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
};

/** A Stripe event of `type` about `object`, as Stripe sends it. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomBytes(8).toString("hex")}`,
) {
  return {
    id,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    api_version: "2026-10-28.endive",
    data: { object },
  };
}

export function completed(session: StandInSession, paid = true) {
  return stripeEvent("checkout.session.completed", {
    ...session,
    payment_status: paid ? "paid" : "unpaid",
    status: "complete",
    customer: `cus_${session.id.slice(-10)}`,
    subscription: null,
  });
}

/** The Stripe-Signature header Stripe would send with `body`, signed with the endpoint's secret. */
export function signed(body: string, secret = WEBHOOK_SECRET): string {
  return stripe.webhooks.generateTestHeaderString({ payload: body, secret });
}

/** Delivers an event to the shop the way Stripe does: signed with the endpoint's secret. */
export async function deliver(
  send: (body: string, signature: string) => Response | Promise<Response>,
  payload: unknown,
): Promise<number> {
  const body = JSON.stringify(payload);
  const res = await send(body, signed(body));
  await res.arrayBuffer();
  return res.status;
}

export const inProcess = (shop: TestShop) => (body: string, signature: string) =>
  shop.app.request("/api/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body,
  });

/** Posts an event to the shop's webhook, signed as Stripe does (or with `signature`): its status and JSON. */
export async function postEvent(shop: TestShop, payload: unknown, signature?: string) {
  const body = JSON.stringify(payload);
  const res = await inProcess(shop)(body, signature ?? signed(body));
  return { status: res.status, body: await res.json() };
}
