import { data } from "react-router";
import { adminCreditGive } from "../../core/contracts/admin-gift-cards.ts";
import { adminCustomerDetail } from "../../server/admin/customers.ts";
import { giveStoreCredit } from "../../server/admin/gift-cards.ts";
import { allows } from "../../server/auth/roles.ts";
import { attempt, dashboardAction, dashboardPage, invalid, parseForm, readForm } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-customer";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * /admin/customers/{id}: one account with its orders, subscriptions, addresses, newsletter consent, store
 * credit, points and the referrals it made.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { customer: ["read"] });
  const customer = await adminCustomerDetail(services.database.db, params.id);
  if (!customer) throw data(null, { status: 404, headers: noStore });
  return data(
    { customer, may: { giveCredit: allows(user.role, { credit: ["give"] }) } },
    { headers: noStore },
  );
}

/** The form's amount in major units ("10" or "10.50") as minor units, or NaN for the rules to refuse. */
function centsOf(text: string | undefined): number {
  const t = (text ?? "").trim().replace(/^(CA\$|\$|€|£)/, "");
  return /^\d{1,6}(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}

/**
 * Give store credit (`intent` credit; credit:give, the admin only) in the chosen currency: a goodwill ledger
 * row and its audit row in one transaction, as POST /api/admin/customers/:id/credit does (decisions 047,
 * 051).
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, { credit: ["give"] });
  const { intent, fields } = await readForm(request);
  if (intent !== "credit")
    return invalid(intent, { form: "The page sent a form it does not have. Reload it and try again." });
  const form = parseForm(adminCreditGive, {
    amountCents: centsOf(fields.amount),
    currency: fields.currency || undefined,
    note: fields.note ?? "",
  });
  if (!form.ok) {
    const { amountCents, ...rest } = form.errors;
    return invalid(intent, amountCents ? { ...rest, amount: amountCents } : rest);
  }
  return attempt(intent, () =>
    giveStoreCredit(services.database.db, {
      userId: params.id,
      ...form.value,
      actor: { userId: user.id, email: user.email },
    }),
  );
}
