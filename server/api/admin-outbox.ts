import { Hono } from "hono";
import {
  type AdminOutboxMessage,
  type AdminOutboxResponse,
  adminOutboxQuery,
} from "../../core/contracts/admin-outbox.ts";
import { requireDashboard } from "../admin/access.ts";
import { adminOutboxMessage, listAdminOutbox } from "../admin/outbox.ts";
import type { AppServices } from "../context.ts";
import { notFound } from "../domain-errors.ts";
import { readQuery } from "../http/validate.ts";

/**
 * /api/admin/outbox (mounted at /api/admin): every e-mail and SMS the shop sent or stored, in production
 * too (unlike /dev/outbox), with outbox:read (admin and staff). Sign-in links and codes are hidden.
 */
export function adminOutboxApi(services: AppServices) {
  const db = services.database.db;
  return new Hono()
    .get("/outbox", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { outbox: ["read"] });
      const query = readQuery(c, adminOutboxQuery);
      return c.json<AdminOutboxResponse>(await listAdminOutbox(db, query));
    })
    .get("/outbox/:id", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { outbox: ["read"] });
      const found = await adminOutboxMessage(db, c.req.param("id"));
      if (!found) throw notFound("There is no such message.");
      return c.json<AdminOutboxMessage>(found);
    });
}
