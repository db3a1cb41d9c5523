import { Hono } from "hono";
import {
  type AdminCustomerDetail,
  type AdminCustomersResponse,
  adminListQuery,
} from "../../core/contracts/admin-customers.ts";
import { requireDashboard } from "../admin/access.ts";
import { csvHeaders, toCsv } from "../admin/csv.ts";
import { adminCustomerDetail, exportAdminCustomers, listAdminCustomers } from "../admin/customers.ts";
import type { AppServices } from "../context.ts";
import { notFound } from "../domain-errors.ts";
import { readQuery } from "../http/validate.ts";

/** Dollars and cents for a spreadsheet: 1234 → "12.34". */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * /api/admin/customers (mounted at /api/admin): the accounts, one account, and the CSV of all of them.
 * Reading needs customer:read, the download customer:export (admin and staff: server/auth/roles.ts).
 */
export function adminCustomersApi(services: AppServices) {
  const db = services.database.db;
  return new Hono()
    .get("/customers", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { customer: ["read"] });
      const query = readQuery(c, adminListQuery);
      return c.json<AdminCustomersResponse>(await listAdminCustomers(db, query));
    })
    .get("/customers.csv", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { customer: ["export"] });
      const rows = await exportAdminCustomers(db);
      const csv = toCsv(
        ["email", "name", "joined", "orders", "total_spent_usd", "newsletter"],
        rows.map((r) => [r.email, r.name, r.joinedAt, r.orderCount, dollars(r.spentCents), r.newsletter]),
      );
      return c.body(csv, 200, csvHeaders("customers.csv"));
    })
    .get("/customers/:id", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { customer: ["read"] });
      const found = await adminCustomerDetail(db, c.req.param("id"));
      if (!found) throw notFound("There is no such customer.");
      return c.json<AdminCustomerDetail>(found);
    });
}
