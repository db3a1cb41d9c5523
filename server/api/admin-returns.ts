import { Hono } from "hono";
import {
  type AdminReturnsResponse,
  type AdminReturnView,
  adminReturnsQuery,
  approveReturnBody,
  declineReturnBody,
} from "../../core/contracts/returns.ts";
import { requireDashboard } from "../admin/access.ts";
import type { AppServices } from "../context.ts";
import { shopDeps } from "../deps.ts";
import { notFound } from "../domain-errors.ts";
import { readJsonBody, readQuery } from "../http/validate.ts";
import {
  approveReturn,
  declineReturn,
  listReturns,
  markReturnReceived,
  refundReturn,
  returnDetail,
} from "../returns/owner.ts";

/**
 * /api/admin/returns (docs/decisions/055-returns.md): the queue and one return need dashboard access to
 * orders (order:read, staff too); approve, received, refund and decline need order:refund (the admin).
 * An unknown id is 404, a bad body 400, a move the return's status does not allow 409 (the refund's own
 * refusals too: nothing left to refund), a payment provider failure 502; each move answers the return.
 */
export function adminReturnsApi(services: AppServices) {
  const db = services.database.db;
  const deps = () => shopDeps(services);
  const actorOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });
  const mover = (c: { req: { raw: Request } }) =>
    requireDashboard(services, c.req.raw.headers, { order: ["refund"] });

  return new Hono()
    .get("/", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { order: ["read"] });
      const query = readQuery(c, adminReturnsQuery);
      return c.json<AdminReturnsResponse>(await listReturns(db, query));
    })
    .get("/:id", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { order: ["read"] });
      const found = await returnDetail(db, c.req.param("id"));
      if (!found) throw notFound("There is no such return.");
      return c.json<AdminReturnView>(found);
    })
    .post("/:id/approve", async (c) => {
      const user = await mover(c);
      const body = await readJsonBody(c, approveReturnBody);
      return c.json<AdminReturnView>(await approveReturn(deps(), c.req.param("id"), body, actorOf(user)));
    })
    .post("/:id/received", async (c) => {
      const user = await mover(c);
      return c.json<AdminReturnView>(await markReturnReceived(deps(), c.req.param("id"), actorOf(user)));
    })
    .post("/:id/refund", async (c) => {
      const user = await mover(c);
      return c.json<AdminReturnView>(await refundReturn(deps(), c.req.param("id"), actorOf(user)));
    })
    .post("/:id/decline", async (c) => {
      const user = await mover(c);
      const body = await readJsonBody(c, declineReturnBody);
      return c.json<AdminReturnView>(await declineReturn(deps(), c.req.param("id"), body, actorOf(user)));
    });
}
