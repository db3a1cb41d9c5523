import { Hono } from "hono";
import {
  type AdminOrderDetail,
  type AdminOrdersResponse,
  adminOrdersQuery,
  cancelBody,
  refundBody,
  type ShipCsvRefusal,
  type ShipCsvResponse,
  shipBody,
  shipCsvBody,
} from "../../core/contracts/admin-orders.ts";
import { requireDashboard } from "../admin/access.ts";
import { csvHeaders, toCsv } from "../admin/csv.ts";
import { adminOrderDetail, listAdminOrders, owning } from "../admin/orders.ts";
import { ORDERS_CSV_HEADER, ordersCsvRows } from "../admin/orders-csv.ts";
import type { AppServices } from "../context.ts";
import { shopDeps } from "../deps.ts";
import { notFound } from "../domain-errors.ts";
import { readJsonBody, readQuery } from "../http/validate.ts";
import { cancelOrder } from "../orders/cancel-order.ts";
import { fulfilOrder } from "../orders/fulfil-order.ts";
import { refundOrder } from "../orders/refund-order.ts";
import { shipFromCsv } from "../orders/ship-from-csv.ts";

/**
 * /api/admin/orders: reading needs order:read; ship, deliver and cancel need order:fulfil (staff too);
 * a refund, or a cancellation that refunds, needs order:refund (admin). Every action answers the order
 * as the detail page shows it, audit row included. ship-csv ships a whole file (decision 020): every row's
 * outcome, or 400 with every problem and nothing shipped. export.csv is the orders the list's query names as
 * a spreadsheet (server/admin/orders-csv.ts): customers' e-mails in bulk, so it needs customer:export too.
 */
export function adminOrdersApi(services: AppServices) {
  const db = services.database.db;
  const deps = () => shopDeps(services);
  const actorOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });
  const detail = async (number: string): Promise<AdminOrderDetail> => {
    const found = await adminOrderDetail(db, number);
    if (!found) throw notFound("There is no such order.");
    return found;
  };

  return new Hono()
    .get("/", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { order: ["read"] });
      const query = readQuery(c, adminOrdersQuery);
      return c.json<AdminOrdersResponse>(await listAdminOrders(db, query));
    })
    .get("/export.csv", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { order: ["read"], customer: ["export"] });
      const query = readQuery(c, adminOrdersQuery);
      return c.body(toCsv(ORDERS_CSV_HEADER, await ordersCsvRows(db, query)), 200, csvHeaders("orders.csv"));
    })
    .get("/:number", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { order: ["read"] });
      return c.json<AdminOrderDetail>(await detail(c.req.param("number")));
    })
    .post("/ship-csv", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { order: ["fulfil"] });
      const { csv } = await readJsonBody(c, shipCsvBody);
      const shipped = await shipFromCsv(deps(), csv, actorOf(user));
      if (shipped.kind === "refused") {
        const n = shipped.problems.length;
        return c.json<ShipCsvRefusal>(
          {
            message: `Nothing was shipped: the file has ${n} problem${n === 1 ? "" : "s"}.`,
            code: "invalid_csv",
            problems: shipped.problems,
          },
          400,
        );
      }
      return c.json<ShipCsvResponse>(shipped.result);
    })
    .post("/:number/ship", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { order: ["fulfil"] });
      const body = await readJsonBody(c, shipBody);
      const number = (await detail(c.req.param("number"))).orderNumber;
      await owning(() => fulfilOrder(deps(), number, "shipped", { ...body, actor: actorOf(user) }));
      return c.json<AdminOrderDetail>(await detail(number));
    })
    .post("/:number/deliver", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { order: ["fulfil"] });
      const number = (await detail(c.req.param("number"))).orderNumber;
      await owning(() => fulfilOrder(deps(), number, "delivered", { actor: actorOf(user) }));
      return c.json<AdminOrderDetail>(await detail(number));
    })
    .post("/:number/cancel", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { order: ["fulfil"] });
      const body = await readJsonBody(c, cancelBody);
      if (body.refund) await requireDashboard(services, c.req.raw.headers, { order: ["refund"] });
      const number = (await detail(c.req.param("number"))).orderNumber;
      await owning(() =>
        cancelOrder(deps(), number, { refund: body.refund, reason: body.reason, actor: actorOf(user) }),
      );
      return c.json<AdminOrderDetail>(await detail(number));
    })
    .post("/:number/refund", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { order: ["refund"] });
      const body = await readJsonBody(c, refundBody);
      const number = (await detail(c.req.param("number"))).orderNumber;
      await owning(() => refundOrder(deps(), number, { ...body, actor: actorOf(user) }));
      return c.json<AdminOrderDetail>(await detail(number));
    });
}
