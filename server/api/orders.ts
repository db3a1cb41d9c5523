import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppServices, SessionUser } from "../context.ts";
import { ApiError, notFound } from "../http/api-error.ts";
import { listOrdersForUser, listSubscriptionsForUser } from "../orders/order-queries.ts";

/**
 * GET /api/orders and GET /api/subscriptions: signed-in only, the user's own rows only.
 * Another user's order answers 404, never 403, so ids reveal nothing.
 */
export function ordersApi(services: AppServices) {
  const db = services.database.db;

  async function requireUser(c: Context): Promise<SessionUser> {
    const user = await services.identity.getUser(c.req.raw.headers);
    if (!user) throw new ApiError(401, "unauthorized", "Please sign in to view your order history.");
    return user;
  }

  const orders = new Hono()
    .get("/", async (c) => {
      const user = await requireUser(c);
      return c.json(await listOrdersForUser(db, user.id));
    })
    .get("/:id", async (c) => {
      const user = await requireUser(c);
      const id = z.uuid().safeParse(c.req.param("id"));
      if (!id.success) throw notFound("Order not found.");
      const [order] = await listOrdersForUser(db, user.id, id.data);
      if (!order) throw notFound("Order not found.");
      return c.json(order);
    });

  const subscriptions = new Hono().get("/", async (c) => {
    const user = await requireUser(c);
    return c.json(await listSubscriptionsForUser(db, user.id));
  });

  return { orders, subscriptions };
}
