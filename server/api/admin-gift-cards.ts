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
import { parseFormFields, readJsonBody } from "../http/validate.ts";

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
      const body = parseFormFields(adminGiftCardIssue, await readJsonBody(c, z.unknown()));
      const { id } = await issueGiftCard(shopDeps(services), { ...body, actor: actorOf(user) });
      const card = (await listAdminGiftCards(db)).find((g) => g.id === id);
      return c.json(card ?? { id }, 201);
    })
    .post("/gift-cards/:id/void", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { giftCard: ["manage"] });
      const id = giftCardIdOf(c.req.param("id"));
      const { reason } = parseFormFields(adminGiftCardVoid, await readJsonBody(c, z.unknown()));
      return c.json(await voidGiftCard(db, { id, reason, actor: actorOf(user) }));
    })
    .post("/customers/:id/credit", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { credit: ["give"] });
      const body = parseFormFields(adminCreditGive, await readJsonBody(c, z.unknown()));
      return c.json<AdminCustomerBalances>(
        await giveStoreCredit(db, { userId: c.req.param("id"), ...body, actor: actorOf(user) }),
      );
    });
}
