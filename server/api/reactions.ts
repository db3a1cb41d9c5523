import { Hono } from "hono";
import { z } from "zod";
import { type ReactionReportInput, reactionReportBody } from "../../core/contracts/reactions.ts";
import { trustedProxies } from "../auth/auth.ts";
import type { AppServices } from "../context.ts";
import { InvalidInput } from "../domain-errors.ts";
import { clientIp, proxyList } from "../http/client-ip.ts";
import { requestHost, shopOrigin } from "../http/shop-origin.ts";
import { parseWith, readJsonBody } from "../http/validate.ts";
import { pageLocaleOf } from "../i18n/request-locale.ts";
import { createReactionReport } from "../reactions/reaction-reports.ts";

/**
 * Reports per client address, as the newsletter's sign-ups are bounded: each one e-mails the owner and the
 * address given, so nobody mails strangers or the owner in bulk (decision 044).
 */
export const REACTION_REPORTS = { window: 600, max: 10 };

/**
 * The body checked as every body is (the message names each field that is wrong), with a message per field
 * too, so the form shows each beside its field.
 */
function parseReport(body: unknown): ReactionReportInput {
  try {
    return parseWith(reactionReportBody, body, "request body");
  } catch (err) {
    const result = reactionReportBody.safeParse(body);
    if (!(err instanceof InvalidInput) || result.success) throw err;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
    throw new InvalidInput(err.code, err.message, { fields });
  }
}

/**
 * POST /api/reactions: a report of a reaction to a product, from a guest or a signed-in customer (whose
 * account it is linked to). An order number must be one of the customer's orders, or for a guest an order
 * placed with the e-mail given; any other is refused with the same words (400), so it reveals nothing.
 * The owner (SUPPORT_EMAIL) is e-mailed at once; the reporter gets an acknowledgment. Answers 201 with the
 * report's id.
 */
export function reactionsApi(services: AppServices) {
  const { env, database, identity } = services;
  const proxies = proxyList(trustedProxies(env));
  return new Hono().post("/", async (c) => {
    const input = parseReport(await readJsonBody(c, z.unknown()));
    const decision = await identity.limits.consume(`reaction:${clientIp(c, proxies)}`, REACTION_REPORTS);
    if (!decision.allowed) {
      const retryAfter = String(decision.retryAfter ?? REACTION_REPORTS.window);
      const message =
        "Too many reports from your connection. Please try again later, or call the number on the label.";
      return c.json({ message, code: "too_many_requests" }, 429, { "Retry-After": retryAfter });
    }
    const user = await identity.getUser(c.req.raw.headers);
    const report = await createReactionReport(
      database.db,
      services.mailer,
      input,
      { userId: user?.id ?? null },
      {
        origin: shopOrigin(env, requestHost(c.req.raw), "mail"),
        ownerEmail: env.SUPPORT_EMAIL,
        // The acknowledgment in the report page's language (server/i18n/customer-locale.ts).
        locale: pageLocaleOf(c.req.raw.headers),
      },
    );
    return c.json({ id: report.id, status: report.status }, 201);
  });
}
