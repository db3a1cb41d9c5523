import { Hono } from "hono";
import { z } from "zod";
import {
  type AdminCustomerBalances,
  type AdminGiftCardsResponse,
  adminCreditGive,
  adminGiftCardIssue,
  adminGiftCardVoid,
} from "../../core/contracts/admin-gift-cards.ts";
import { requireDashboard } from "../admin/access.ts";
import { giftCardIdOf, giveStoreCredit, listAdminGiftCards } from "../admin/gift-cards.ts";
import { issueGiftCard, voidGiftCard } from "../balances/issue-gift-cards.ts";
import type { AppServices } from "../context.ts";
import { shopDeps } from "../deps.ts";
import { InvalidInput } from "../domain-errors.ts";
import { readJsonBody } from "../http/validate.ts";

/** A body checked with a schema, refused (400) with a message per field for the dashboard's form. */
function checked<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    fields[key] ??= issue.message;
  }
  const message = Object.entries(fields)
    .slice(0, 5)
    .map(([key, text]) => (key === "form" ? text : `${key}: ${text}`))
    .join("; ");
  throw new InvalidInput("invalid_input", `Invalid request body: ${message}`, { fields });
}

/**
 * /api/admin (mounted at its root): /gift-cards lists the cards (giftCard:read, staff too); issuing and
 * voiding one need giftCard:manage, and /customers/:id/credit credit:give (the admin only). Each write
 * records its audit row in its transaction (docs/decisions/047-gift-cards-credit-and-points.md).
 */
export function adminGiftCardsApi(services: AppServices) {
  const db = services.database.db;
  const actorOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });
  return new Hono()
    .get("/gift-cards", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { giftCard: ["read"] });
      return c.json<AdminGiftCardsResponse>({ giftCards: await listAdminGiftCards(db) });
    })
    .post("/gift-cards", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { giftCard: ["manage"] });
      const body = checked(adminGiftCardIssue, await readJsonBody(c, z.unknown()));
      const { id } = await issueGiftCard(shopDeps(services), { ...body, actor: actorOf(user) });
      const card = (await listAdminGiftCards(db)).find((g) => g.id === id);
      return c.json(card ?? { id }, 201);
    })
    .post("/gift-cards/:id/void", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { giftCard: ["manage"] });
      const id = giftCardIdOf(c.req.param("id"));
      const { reason } = checked(adminGiftCardVoid, await readJsonBody(c, z.unknown()));
      return c.json(await voidGiftCard(db, { id, reason, actor: actorOf(user) }));
    })
    .post("/customers/:id/credit", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { credit: ["give"] });
      const body = checked(adminCreditGive, await readJsonBody(c, z.unknown()));
      return c.json<AdminCustomerBalances>(
        await giveStoreCredit(db, { userId: c.req.param("id"), ...body, actor: actorOf(user) }),
      );
    });
}
