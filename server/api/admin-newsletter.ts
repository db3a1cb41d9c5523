import { Hono } from "hono";
import { adminListQuery } from "../../core/contracts/admin-customers.ts";
import type { AdminNewsletterResponse } from "../../core/contracts/admin-newsletter.ts";
import { requireDashboard } from "../admin/access.ts";
import { csvHeaders, toCsv } from "../admin/csv.ts";
import { exportAdminSubscribers, listAdminSubscribers } from "../admin/newsletter.ts";
import type { AppServices } from "../context.ts";
import { readQuery } from "../http/validate.ts";

/**
 * /api/admin/newsletter (mounted at /api/admin): the subscribers and their consent, and the CSV of all of
 * them. Reading needs newsletter:read, the download newsletter:export (both admin only).
 */
export function adminNewsletterApi(services: AppServices) {
  const db = services.database.db;
  return new Hono()
    .get("/newsletter", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { newsletter: ["read"] });
      const query = readQuery(c, adminListQuery);
      return c.json<AdminNewsletterResponse>(await listAdminSubscribers(db, query));
    })
    .get("/newsletter.csv", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { newsletter: ["export"] });
      const rows = await exportAdminSubscribers(db);
      const csv = toCsv(
        ["email", "status", "consent_at", "unsubscribed_at", "signed_up"],
        rows.map((r) => [r.email, r.status, r.consentAt, r.unsubscribedAt, r.createdAt]),
      );
      return c.body(csv, 200, csvHeaders("newsletter.csv"));
    });
}
