import { data, redirect } from "react-router";
import { z } from "zod";
import { adminGiftCardIssue, adminGiftCardVoid } from "../../core/contracts/admin-gift-cards.ts";
import { uuidField } from "../../core/uuid.ts";
import { listAdminGiftCards } from "../../server/admin/gift-cards.ts";
import { allows } from "../../server/auth/roles.ts";
import { issueGiftCard, voidGiftCard } from "../../server/balances/issue-gift-cards.ts";
import { shopDeps } from "../../server/deps.ts";
import {
  attempt,
  dashboardAction,
  dashboardPage,
  invalid,
  parseForm,
  readForm,
  refused,
} from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-gift-cards";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * /admin/gift-cards: the latest gift cards with their balances (giftCard:read, staff too); `?issued=ID`
 * after a card is issued, which the page announces (docs/decisions/047-gift-cards-credit-and-points.md).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { giftCard: ["read"] });
  const giftCards = await listAdminGiftCards(services.database.db);
  const issuedId = new URL(request.url).searchParams.get("issued");
  const issued = giftCards.find((g) => g.id === issuedId) ?? null;
  return data(
    { giftCards, issued, may: { manage: allows(user.role, { giftCard: ["manage"] }) } },
    { headers: noStore },
  );
}

/** The issue form's amount in dollars ("25" or "25.00") as cents, or NaN for the rules to refuse. */
function centsOf(text: string | undefined): number {
  const t = (text ?? "").trim().replace(/^(?:CA\$|\$|€|£)/, "");
  return /^\d{1,6}(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}

const voidForm = z.object({
  id: uuidField("There is no such gift card."),
  reason: adminGiftCardVoid.shape.reason,
});

/**
 * Issue a card (`intent` issue) or void one (`intent` void), giftCard:manage (the admin only): what
 * POST /api/admin/gift-cards and /api/admin/gift-cards/:id/void do, each with its audit row.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, { giftCard: ["manage"] });
  const { intent, fields } = await readForm(request);
  const actor = { userId: user.id, email: user.email };
  if (intent === "issue") {
    const form = parseForm(adminGiftCardIssue, {
      amountCents: centsOf(fields.amount),
      currency: fields.currency || undefined,
      recipientEmail: fields.recipientEmail?.trim() ?? "",
      recipientName: fields.recipientName,
      message: fields.message,
      note: fields.note,
    });
    if (!form.ok) {
      const { amountCents, ...rest } = form.errors;
      return invalid(intent, amountCents ? { ...rest, amount: amountCents } : rest);
    }
    let id: string;
    try {
      ({ id } = await issueGiftCard(shopDeps(services), { ...form.value, actor }));
    } catch (err) {
      return refused(intent, err);
    }
    throw redirect(`/admin/gift-cards?issued=${id}`, { headers: noStore });
  }
  if (intent === "void") {
    const form = parseForm(voidForm, fields);
    if (!form.ok) return invalid(intent, form.errors);
    const { id, reason } = form.value;
    return attempt(intent, () => voidGiftCard(services.database.db, { id, reason, actor }));
  }
  return invalid(intent, { form: "The page sent a form it does not have. Reload it and try again." });
}
