import { Hono } from "hono";
import { z } from "zod";
import { returnClaimBody, withdrawalBody } from "../../core/contracts/returns.ts";
import {
  PREVIEWED_ACTIONS,
  type SubscriptionActionResponse,
  type SubscriptionPreviewResponse,
  subscriptionActionBodies,
} from "../../core/contracts/subscriptions.ts";
import { type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import { SUBSCRIPTION_ACTIONS } from "../../core/subscription-rules.ts";
import { uuidField } from "../../core/uuid.ts";
import type { AppServices } from "../context.ts";
import { shopDeps } from "../deps.ts";
import { notFound, ProviderUnavailable } from "../domain-errors.ts";
import { requireUser } from "../http/require-user.ts";
import { shopOrigin } from "../http/shop-origin.ts";
import { readJsonBody } from "../http/validate.ts";
import { requestLocale } from "../i18n/request-locale.ts";
import { listOrdersForUser } from "../orders/order-queries.ts";
import { PaymentProviderError } from "../payments/provider.ts";
import { claimGuarantee, orderReturns, withdraw } from "../returns/claims.ts";
import { cardUpdatePath, startCardUpdate, stripeCardUpdateUrl } from "../subscriptions/card-update.ts";
import {
  changeSubscription,
  previewSubscriptionChange,
  type SubscriptionChange,
} from "../subscriptions/change-subscription.ts";
import {
  billedByStripe,
  listSubscriptionsForUser,
  type SubscriptionRow,
  toSubscriptionView,
} from "../subscriptions/subscription-rows.ts";

/**
 * GET /api/orders, GET /api/orders/:ref, GET /api/subscriptions, POST /api/subscriptions/:id/:action and
 * its /preview:
 * signed-in only, the user's own rows
 * only. Another user's order answers 404, never 403, so order numbers and ids reveal nothing.
 */
export function ordersApi(services: AppServices) {
  const db = services.database.db;

  const signedIn = requireUser(services, "Please sign in to view your order history.");

  const orders = new Hono()
    .get("/", signedIn, async (c) => {
      const { user } = c.var;
      return c.json(await listOrdersForUser(db, user.id));
    })
    // By order number (MANA-…), or by the internal id the list also carries.
    .get("/:ref", signedIn, async (c) => {
      const { user } = c.var;
      const ref = z.string().max(64).safeParse(c.req.param("ref"));
      if (!ref.success) throw notFound("Order not found.");
      const [order] = await listOrdersForUser(db, user.id, ref.data);
      if (!order) throw notFound("Order not found.");
      return c.json(order);
    })
    // Returns (docs/decisions/055-returns.md): what the order can still claim and its returns; a claim under
    // the 60-day guarantee; the EU/UK withdrawal. By order number in any case; another user's order is 404.
    .get("/:ref/returns", signedIn, async (c) => {
      const { user } = c.var;
      return c.json(await orderReturns({ db }, user.id, c.req.param("ref")));
    })
    .post("/:ref/returns", signedIn, async (c) => {
      const { user } = c.var;
      const body = await readJsonBody(c, returnClaimBody);
      const view = await claimGuarantee(shopDeps(services), {
        userId: user.id,
        orderNumber: c.req.param("ref"),
        body,
      });
      return c.json(view, 201);
    })
    .post("/:ref/withdraw", signedIn, async (c) => {
      const { user } = c.var;
      const body = await readJsonBody(c, withdrawalBody);
      const view = await withdraw(shopDeps(services), {
        userId: user.id,
        orderNumber: c.req.param("ref"),
        subscription: body.subscription,
      });
      return c.json(view, 201);
    });

  const subscriptions = new Hono()
    .get("/", signedIn, async (c) => {
      const { user } = c.var;
      return c.json(await listSubscriptionsForUser(db, user.id, shopDeps(services).tax));
    })
    // The customer's actions (core/contracts/subscriptions.ts): 404 for another user's subscription, 409
    // for a move its status does not allow (core/subscription-rules.ts), 400 for a bad body.
    .post("/:id/:action", signedIn, async (c) => {
      const { user } = c.var;
      const id = uuidField().safeParse(c.req.param("id"));
      if (!id.success) throw notFound("Subscription not found.");
      const action = z.enum(SUBSCRIPTION_ACTIONS).safeParse(c.req.param("action"));
      if (!action.success) throw notFound("No such subscription action.");
      if (action.data === "payment-method") {
        const row = await startCardUpdate(shopDeps(services), user.id, id.data);
        return c.json({
          subscription: toSubscriptionView(row, shopDeps(services).tax),
          url: billedByStripe(row)
            ? await stripeCardPage(services, row, requestLocale(c.req.raw.headers))
            : cardUpdatePath(row.id),
        } satisfies SubscriptionActionResponse);
      }
      const body = await readJsonBody(c, subscriptionActionBodies[action.data]);
      const { row, others } = await changeSubscription(shopDeps(services), {
        id: id.data,
        userId: user.id,
        actor: "customer",
        change: { action: action.data, ...body } as SubscriptionChange,
      });
      return c.json({
        subscription: toSubscriptionView(row, shopDeps(services).tax),
        others: others.map((other) => toSubscriptionView(other, shopDeps(services).tax)),
      } satisfies SubscriptionActionResponse);
    })
    // The price a change would set, by the server, before the customer confirms it: nothing is written.
    .post("/:id/:action/preview", signedIn, async (c) => {
      const { user } = c.var;
      const id = uuidField().safeParse(c.req.param("id"));
      if (!id.success) throw notFound("Subscription not found.");
      const action = z.enum(PREVIEWED_ACTIONS).safeParse(c.req.param("action"));
      if (!action.success) throw notFound("No preview for this subscription action.");
      const body = await readJsonBody(c, subscriptionActionBodies[action.data]);
      const { row, others } = await previewSubscriptionChange(shopDeps(services), {
        id: id.data,
        userId: user.id,
        change: { action: action.data, ...body } as SubscriptionChange,
      });
      return c.json({
        subscription: toSubscriptionView(row, shopDeps(services).tax),
        others: others.map((other) => toSubscriptionView(other, shopDeps(services).tax)),
      } satisfies SubscriptionPreviewResponse);
    });

  return { orders, subscriptions };
}

/**
 * Stripe's card page for a subscription, coming back to the shop's card route to finish (?returned), in the
 * language of the page that asked.
 */
async function stripeCardPage(services: AppServices, row: SubscriptionRow, locale: Locale): Promise<string> {
  try {
    const back = `${shopOrigin(services.env)}${pathInLocale(cardUpdatePath(row.id), locale)}?returned=1`;
    return await stripeCardUpdateUrl(shopDeps(services), row, back);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    services.logger.error({ err, subscriptionId: row.id }, "Stripe did not open its card page");
    throw new ProviderUnavailable(
      "payment_provider_unavailable",
      "Stripe could not open its card page just now. Please try again.",
    );
  }
}
