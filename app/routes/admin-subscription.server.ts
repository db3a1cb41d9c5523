import { data } from "react-router";
import { z } from "zod";
import { ADMIN_SUBSCRIPTION_ACTIONS } from "../../core/contracts/admin-subscriptions.ts";
import { subscriptionActionBodies } from "../../core/contracts/subscriptions.ts";
import { CANCEL_REASONS } from "../../core/subscription-rules.ts";
import { adminSubscriptionDetail, changeSubscriptionAsOwner } from "../../server/admin/subscriptions.ts";
import { allows } from "../../server/auth/roles.ts";
import { shopDeps } from "../../server/deps.ts";
import type { SubscriptionChange } from "../../server/subscriptions/change-subscription.ts";
import { attempt, dashboardAction, dashboardPage, invalid, parseForm, readForm } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-subscription";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/subscriptions/:id: one subscription, its orders, events and audit trail; 404 for an unknown id. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { subscription: ["read"] });
  const sub = await adminSubscriptionDetail(services.database.db, params.id);
  if (!sub) throw data(null, { status: 404, headers: noStore });
  return data(
    { sub, may: { change: allows(user.role, { subscription: ["change"] }) } },
    { headers: noStore },
  );
}

/** A form's text as the API's body: "" is none (until resumed, no reason given). */
const orNone = (text: string | undefined) => (text ? text : null);

const pauseForm = z.object({
  months: z
    .string()
    .optional()
    .transform((v) => (orNone(v) === null ? null : Number(v)))
    .pipe(subscriptionActionBodies.pause.shape.months),
});

const cancelForm = z.object({
  reason: z
    .string()
    .optional()
    .transform(orNone)
    .pipe(z.enum(CANCEL_REASONS, { error: "Choose one of the reasons, or none." }).nullable()),
});

/**
 * Pause, resume or cancel (`intent`), with subscription:change (staff too), as
 * /api/admin/subscriptions/:id/{action} does: the customer's own change with the owner as its actor and an
 * audit row. A move the rules refuse (changed elsewhere meanwhile) answers on the form.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, { subscription: ["change"] });
  const { intent, fields } = await readForm(request);
  const kind = z.enum(ADMIN_SUBSCRIPTION_ACTIONS).safeParse(intent);
  if (!kind.success)
    return invalid(intent, { form: "The page sent a form it does not have. Reload it and try again." });
  const sub = await adminSubscriptionDetail(services.database.db, params.id);
  if (!sub) throw data(null, { status: 404, headers: noStore });
  // Resume takes nothing but the intent (its body is empty, as the API's).
  let change = { action: "resume" } as SubscriptionChange;
  if (kind.data === "pause") {
    const form = parseForm(pauseForm, fields);
    if (!form.ok) return invalid(intent, form.errors);
    change = { action: "pause", ...form.value };
  } else if (kind.data === "cancel") {
    const form = parseForm(cancelForm, fields);
    if (!form.ok) return invalid(intent, form.errors);
    change = { action: "cancel", ...form.value };
  }
  return attempt(intent, () => changeSubscriptionAsOwner(shopDeps(services), sub.id, change, user));
}
