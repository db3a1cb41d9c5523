import { data, redirect } from "react-router";
import { type OrderPageView, orderPagePath } from "../../core/contracts/orders.ts";
import { withdrawalBody } from "../../core/contracts/returns.ts";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { shopDeps } from "../../server/deps.ts";
import { NotSignedIn } from "../../server/domain-errors.ts";
import { parseWith } from "../../server/http/validate.ts";
import { listOrdersForUser } from "../../server/orders/order-queries.ts";
import { orderReturns, withdraw } from "../../server/returns/claims.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { jsonBody, loadSession, noStore, refuseCrossSite, refusedWrite } from "../session.server.ts";
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
      { signedIn: false as const, order: null, returns: null, meta: { title: t("orders.meta.order") } },
      { headers: noStore },
    );
  const { database } = context.get(appContext);
  const [order] = await listOrdersForUser(database.db, session.user.id, params.id);
  if (!order) throw data({ title: t("orders.meta.order") }, { status: 404, headers: noStore });
  if (params.id !== order.orderNumber) throw redirect(orderPagePath(order.orderNumber), { headers: noStore });
  const { id: _internal, ...shown } = order;
  const page: OrderPageView = shown;
  const meta = { title: t("orders.meta.orderNumber", { number: order.orderNumber }) };
  // Returns and refunds (docs/decisions/055-returns.md): the guarantee, the right of withdrawal, the returns.
  const returns = await orderReturns(database, session.user.id, order.orderNumber);
  return data({ signedIn: true as const, order: page, returns, meta }, { headers: noStore });
}

/**
 * "Withdraw from contract here", confirmed (docs/decisions/055-returns.md): by the same domain function and
 * rules as POST /api/orders/:number/withdraw, on the customer's own order only; a refusal is answered with
 * its status and the API's error body for the dialog to show.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  refuseCrossSite(request);
  const session = await loadSession(context, request);
  if (!session) return refusedWrite(new NotSignedIn("unauthorized", "Please sign in to withdraw."));
  const services = context.get(appContext);
  try {
    // The contract's object drops the post's `intent`; anything but { confirm: true } is a 400.
    parseWith(withdrawalBody, await jsonBody(request), "request body");
    const withdrawal = await withdraw(shopDeps(services), {
      userId: session.user.id,
      orderNumber: params.id,
    });
    return data({ ok: true as const, intent: "withdraw" as const, withdrawal }, { headers: noStore });
  } catch (err) {
    return refusedWrite(err);
  }
}
