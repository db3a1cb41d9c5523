import { data } from "react-router";
import { z } from "zod";
import { CARRIER_NAMES } from "../../core/carriers.ts";
import { REFUND_REASON_MAX, shipBody, TRACKING_CODE_MAX } from "../../core/contracts/admin-orders.ts";
import { formatMoney, toCents } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { adminOrderDetail, owning } from "../../server/admin/orders.ts";
import { allows, type Permission } from "../../server/auth/roles.ts";
import { shopDeps } from "../../server/deps.ts";
import { cancelOrder } from "../../server/orders/cancel-order.ts";
import { fulfilOrder } from "../../server/orders/fulfil-order.ts";
import { refundOrder } from "../../server/orders/refund-order.ts";
import { loadOrderReturns } from "../../server/returns/return-rows.ts";
import {
  attempt,
  dashboardAction,
  dashboardPage,
  invalid,
  parseForm,
  readForm,
  requireRight,
} from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-order";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/orders/{number}: the order, and which of its actions the signed-in role may take. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { order: ["read"] });
  const order = await adminOrderDetail(services.database.db, params.number);
  if (!order) throw data(null, { status: 404, headers: noStore });
  // The order's returns (decision 055), each a link to its page in the returns queue.
  const returns = await loadOrderReturns(services.database.db, order.id);
  return data(
    {
      order,
      returns,
      carriers: [...CARRIER_NAMES],
      may: {
        fulfil: allows(user.role, { order: ["fulfil"] }),
        refund: allows(user.role, { order: ["refund"] }),
      },
    },
    { headers: noStore },
  );
}

/** Each form of the page and the right it needs, as the /api/admin/orders endpoint of the same change. */
const RIGHT: Record<string, Permission> = {
  ship: { order: ["fulfil"] },
  deliver: { order: ["fulfil"] },
  cancel: { order: ["fulfil"] },
  refund: { order: ["refund"] },
};

const shipForm = shipBody.extend({
  trackingCode: z
    .string()
    .trim()
    .min(1, "Enter the carrier's tracking code to ship the order.")
    .max(TRACKING_CODE_MAX, `At most ${TRACKING_CODE_MAX} characters.`),
});

const refundForm = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount such as 12.50."),
  reason: z
    .string()
    .trim()
    .min(1, "Say why the order is refunded.")
    .max(REFUND_REASON_MAX, `At most ${REFUND_REASON_MAX} characters.`),
  /** Where the card's part goes: back to the card, or to the customer's store credit (decision 047). */
  to: z.enum(["original", "credit"], { error: "Choose where the refund goes." }).optional(),
});

/**
 * The order's forms (`intent`: ship, deliver, cancel, refund), each calling the domain function its
 * /api/admin/orders endpoint calls, with the signed-in owner as the actor. Wrong fields and a refused move
 * answer on the form; the router then reads the order again.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, {});
  const { intent, fields } = await readForm(request);
  const right = RIGHT[intent];
  if (!right)
    return invalid(intent, { form: "The page sent a form it does not have. Reload it and try again." });
  requireRight(user.role, right);
  const db = services.database.db;
  const order = await adminOrderDetail(db, params.number);
  if (!order) throw data(null, { status: 404, headers: noStore });
  const deps = shopDeps(services);
  const actor = { userId: user.id, email: user.email };
  const number = order.orderNumber;

  if (intent === "ship") {
    const form = parseForm(shipForm, fields);
    if (!form.ok) return invalid(intent, form.errors);
    return attempt(intent, () =>
      owning(() => fulfilOrder(deps, number, "shipped", { ...form.value, actor })),
    );
  }
  if (intent === "deliver") {
    return attempt(intent, () => owning(() => fulfilOrder(deps, number, "delivered", { actor })));
  }
  if (intent === "cancel") {
    const refund = fields.refund === "on";
    if (refund) requireRight(user.role, { order: ["refund"] });
    return attempt(intent, () =>
      owning(() => cancelOrder(deps, number, { refund, reason: "Order cancelled", actor })),
    );
  }
  const form = parseForm(refundForm, fields);
  if (!form.ok) return invalid(intent, form.errors);
  const amountCents = toCents(form.value.amount);
  if (amountCents <= 0) return invalid(intent, { amount: "Enter an amount such as 12.50." });
  if (amountCents > order.refundableCents)
    return invalid(intent, {
      amount: `At most ${formatMoney(order.refundableCents, storedCurrency(order.currency))} can be refunded.`,
    });
  return attempt(intent, () =>
    owning(() =>
      refundOrder(deps, number, { amountCents, reason: form.value.reason, to: form.value.to, actor }),
    ),
  );
}
