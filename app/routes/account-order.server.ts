import { data, redirect } from "react-router";
import { type OrderPageView, orderPagePath } from "../../core/contracts/orders.ts";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { listOrdersForUser } from "../../server/orders/order-queries.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { loadSession, noStore } from "../session.server.ts";
import type { Route } from "./+types/account-order";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * /account/orders/{order number}: the signed-in customer's own order, else 404 (another customer's order
 * looks exactly like one that does not exist). A link that names the order by its internal id is sent on
 * to the order number's address, so the id never stays in the address bar.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  // The head's words in the page's language, for meta (which has no translator); a 404 carries its title.
  const { t } = requestTranslator(localeOfPath(new URL(request.url).pathname), new Set());
  const session = await loadSession(context, request);
  if (!session)
    return data(
      { signedIn: false as const, order: null, meta: { title: t("orders.meta.order") } },
      { headers: noStore },
    );
  const { database } = context.get(appContext);
  const [order] = await listOrdersForUser(database.db, session.user.id, params.id);
  if (!order) throw data({ title: t("orders.meta.order") }, { status: 404, headers: noStore });
  if (params.id !== order.orderNumber) throw redirect(orderPagePath(order.orderNumber), { headers: noStore });
  const { id: _internal, ...shown } = order;
  const page: OrderPageView = shown;
  const meta = { title: t("orders.meta.orderNumber", { number: order.orderNumber }) };
  return data({ signedIn: true as const, order: page, meta }, { headers: noStore });
}
