import { Hono } from "hono";
import {
  type ReactionReportsResponse,
  reactionReportChangeBody,
  reactionReportsQuery,
} from "../../core/contracts/reactions.ts";
import { uuidField } from "../../core/uuid.ts";
import { requireDashboard } from "../admin/access.ts";
import type { AppServices } from "../context.ts";
import { parseWith, readJsonBody, readQuery } from "../http/validate.ts";
import { changeReactionReport, listReactionReports, reactionReport } from "../reactions/reaction-reports.ts";

const reportId = uuidField("must be a report id");

/**
 * /api/admin/reactions: reports of reactions, newest first (reaction:read), one report, and its status
 * and the owner's note (reaction:handle, audited). Admin only: the reports carry health details.
 */
export function adminReactionsApi(services: AppServices) {
  const db = services.database.db;
  return new Hono()
    .get("/", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { reaction: ["read"] });
      return c.json<ReactionReportsResponse>(
        await listReactionReports(db, readQuery(c, reactionReportsQuery)),
      );
    })
    .get("/:id", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { reaction: ["read"] });
      return c.json(await reactionReport(db, parseWith(reportId, c.req.param("id"), "report id")));
    })
    .patch("/:id", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { reaction: ["handle"] });
      const id = parseWith(reportId, c.req.param("id"), "report id");
      const change = await readJsonBody(c, reactionReportChangeBody);
      return c.json(await changeReactionReport(db, id, change, { userId: user.id, email: user.email }));
    });
}
