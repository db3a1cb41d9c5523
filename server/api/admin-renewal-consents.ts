import { Hono } from "hono";
import { renewalConsentsQuery } from "../../core/contracts/renewal-consents.ts";
import { addDays } from "../../core/subscription-rules.ts";
import { requireDashboard } from "../admin/access.ts";
import { csvCell, csvHeaders, toCsv } from "../admin/csv.ts";
import { listRenewalConsents } from "../checkout/renewal-consent.ts";
import type { AppServices } from "../context.ts";
import { readQuery } from "../http/validate.ts";

const HEADER = [
  "consented_at",
  "order_number",
  "email",
  "user_id",
  "terms_version",
  "disclosure_sha256",
  "ip_address",
  "user_agent",
  "disclosure",
] as const;

/** Rows read from the database at a time while the file streams. */
const BATCH = 500;

/**
 * GET /api/admin/renewal-consents.csv?from=YYYY-MM-DD&to=YYYY-MM-DD (mounted at /api/admin): every consent to
 * automatic renewal given at checkout, oldest first, streamed in batches (decision 042). Needs subscription:read
 * and customer:export (admin and staff, as the customers' download): the file holds e-mails and addresses.
 */
export function adminRenewalConsentsApi(services: AppServices) {
  const db = services.database.db;
  return new Hono().get("/renewal-consents.csv", async (c) => {
    await requireDashboard(services, c.req.raw.headers, { subscription: ["read"], customer: ["export"] });
    const query = readQuery(c, renewalConsentsQuery);
    const range = {
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : null,
      to: query.to ? addDays(new Date(`${query.to}T00:00:00Z`), 1) : null,
    };
    const encoder = new TextEncoder();
    let after = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(toCsv(HEADER, [])));
      },
      async pull(controller) {
        const rows = await listRenewalConsents(db, range, { after, size: BATCH });
        after += rows.length;
        const lines = rows.map((r) =>
          [
            r.consentedAt.toISOString(),
            r.orderNumber,
            r.email,
            r.userId,
            r.termsVersion,
            r.disclosureHash,
            r.ipAddress,
            r.userAgent,
            r.disclosure,
          ]
            .map(csvCell)
            .join(","),
        );
        if (lines.length > 0) controller.enqueue(encoder.encode(lines.map((l) => `${l}\r\n`).join("")));
        if (rows.length < BATCH) controller.close();
      },
    });
    return c.body(body, 200, csvHeaders("renewal-consents.csv"));
  });
}
