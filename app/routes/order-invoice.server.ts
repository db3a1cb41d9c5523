import { data } from "react-router";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { loadInvoice } from "../../server/orders/invoice.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { loadSession, noStore } from "../session.server.ts";
import type { Route } from "./+types/order-invoice";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * /orders/{order number}/invoice: the invoice of the signed-in customer's own paid order, as its order page
 * (/account/orders/{number}) lets them see the order: signed out, a prompt to sign in; another customer's
 * order, an unpaid one and a number that is no order's all answer the same 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  // The head's words in the page's language, for meta (which has no translator); a 404 carries its title.
  const { t } = requestTranslator(locale, new Set());
  const session = await loadSession(context, request);
  if (!session) return data({ invoice: null, meta: { title: t("invoices.heading") } }, { headers: noStore });
  const { database } = context.get(appContext);
  const invoice = await loadInvoice(database.db, params.number, { userId: session.user.id }, locale);
  if (!invoice) throw data({ title: t("invoices.notFound.title") }, { status: 404, headers: noStore });
  return data(
    { invoice, meta: { title: t("invoices.meta.title", { number: invoice.number }) } },
    { headers: noStore },
  );
}
