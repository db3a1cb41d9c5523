import { Hono } from "hono";
import { z } from "zod";
import {
  type AdminCodesResponse,
  type AdminCodeView,
  adminCodeAmountsPut,
  adminCodeCreate,
  adminCodePatch,
} from "../../core/contracts/admin-codes.ts";
import { requireDashboard } from "../admin/access.ts";
import { createCode, listAdminCodes, setCodeAmounts, setCodeStatus } from "../admin/codes.ts";
import type { AppServices } from "../context.ts";
import { parseFormFields, readJsonBody } from "../http/validate.ts";

/**
 * /api/admin/codes: every discount code with its uses and what its orders brought in (code:read, staff
 * too); a new code and a code's pause, resumption or end (code:manage, admin only). Each write records an
 * audit row with the change (docs/decisions/046-discount-codes.md). PUT /:id/amounts sets a code's amount
 * off and minimum in CAD, EUR and GBP (code:manage; decision 051).
 */
export function adminCodesApi(services: AppServices) {
  const db = services.database.db;
  const actorOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });
  return new Hono()
    .get("/", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { code: ["read"] });
      return c.json<AdminCodesResponse>(await listAdminCodes(db));
    })
    .post("/", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { code: ["manage"] });
      const body = parseFormFields(adminCodeCreate, await readJsonBody(c, z.unknown()));
      return c.json<AdminCodeView>(await createCode(db, actorOf(user), body), 201);
    })
    .patch("/:id", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { code: ["manage"] });
      const { status } = parseFormFields(adminCodePatch, await readJsonBody(c, z.unknown()));
      return c.json<AdminCodeView>(await setCodeStatus(db, actorOf(user), c.req.param("id"), status));
    })
    .put("/:id/amounts", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { code: ["manage"] });
      const body = parseFormFields(adminCodeAmountsPut, await readJsonBody(c, z.unknown()));
      return c.json<AdminCodeView>(await setCodeAmounts(db, actorOf(user), c.req.param("id"), body));
    });
}
