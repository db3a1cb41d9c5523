import { Hono } from "hono";
import { z } from "zod";
import {
  ADMIN_SUBSCRIPTION_ACTIONS,
  type AdminSubscriptionDetail,
  type AdminSubscriptionsResponse,
  adminSubscriptionsQuery,
} from "../../core/contracts/admin-subscriptions.ts";
import { subscriptionActionBodies } from "../../core/contracts/subscriptions.ts";
import { uuidField } from "../../core/uuid.ts";
import { requireDashboard } from "../admin/access.ts";
import {
  adminSubscriptionDetail,
  changeSubscriptionAsOwner,
  listAdminSubscriptions,
} from "../admin/subscriptions.ts";
import type { AppServices } from "../context.ts";
import { shopDeps } from "../deps.ts";
import { notFound } from "../domain-errors.ts";
import { readJsonBody, readQuery } from "../http/validate.ts";
import type { SubscriptionChange } from "../subscriptions/change-subscription.ts";

/**
 * /api/admin/subscriptions: reading needs subscription:read, pause, resume and cancel need
 * subscription:change (staff too). An action is the customer's own (server/subscriptions/change-subscription.ts:
 * the same rules, event, e-mail and, with Stripe, Stripe first) with the owner as the event's actor and an
 * audit row in the change's transaction. 404 for an unknown id, 409 for a move the rules refuse, 502 when
 * Stripe fails; every action answers the subscription as the detail page shows it.
 */
export function adminSubscriptionsApi(services: AppServices) {
  const db = services.database.db;
  const detail = async (id: string): Promise<AdminSubscriptionDetail> => {
    const found = await adminSubscriptionDetail(db, id);
    if (!found) throw notFound("There is no such subscription.");
    return found;
  };

  return new Hono()
    .get("/", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { subscription: ["read"] });
      const query = readQuery(c, adminSubscriptionsQuery);
      return c.json<AdminSubscriptionsResponse>(await listAdminSubscriptions(db, query));
    })
    .get("/:id", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { subscription: ["read"] });
      return c.json<AdminSubscriptionDetail>(await detail(c.req.param("id")));
    })
    .post("/:id/:action", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { subscription: ["change"] });
      const action = z.enum(ADMIN_SUBSCRIPTION_ACTIONS).safeParse(c.req.param("action"));
      if (!action.success) throw notFound("No such subscription action.");
      const id = uuidField().safeParse(c.req.param("id"));
      if (!id.success) throw notFound("There is no such subscription.");
      const body = await readJsonBody(c, subscriptionActionBodies[action.data]);
      await changeSubscriptionAsOwner(
        shopDeps(services),
        id.data,
        { action: action.data, ...body } as SubscriptionChange,
        user,
      );
      return c.json<AdminSubscriptionDetail>(await detail(id.data));
    });
}
