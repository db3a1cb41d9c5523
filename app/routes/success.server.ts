import { data } from "react-router";
import type { SuccessPageData } from "../../core/contracts/checkout.ts";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { type Currency, currencyOf } from "../../core/markets.ts";
import { realEmail } from "../../core/placeholder-email.ts";
import type { AppServices } from "../../server/context.ts";
import { shopDeps } from "../../server/deps.ts";
import { cartVisitor } from "../../server/http/cart-cookie.ts";
import { findOwnPaidOrder } from "../../server/orders/order-access.ts";
import { loadOneOrderTaxLines, loadOrderLines } from "../../server/orders/order-rows.ts";
import { orderSummary } from "../../server/orders/order-summary.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/success";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * The success page: the reference is always the session id's last 8 characters; the order itself only
 * when it is paid and this visitor's (findOwnPaidOrder).
 */
export async function loadSuccessPage(
  services: AppServices,
  headers: Headers,
  sessionId: string | null,
): Promise<SuccessPageData & { currency?: Currency }> {
  if (!sessionId) return { reference: null, order: null };
  const reference = sessionId.slice(-8);
  const order = await findOwnPaidOrder(shopDeps(services), await cartVisitor(services, headers), sessionId);
  if (!order) return { reference, order: null };
  const [lines, taxLines] = await Promise.all([
    loadOrderLines(services.database.db, order.id),
    loadOneOrderTaxLines(services.database.db, order.id),
  ]);
  return {
    reference,
    // The order's own currency, its amounts' (decision 051).
    currency: currencyOf(order.currency) ?? "USD",
    order: {
      orderNumber: order.orderNumber,
      email: realEmail(order.email),
      status: order.status,
      hasSubscriptions: lines.some((l) => l.isSubscription),
      summary: orderSummary(await services.catalogue.list(), order, lines, taxLines),
      shippingAddress: order.shippingAddress,
      inAccount: order.userId !== null,
    },
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  const { t } = requestTranslator(localeOfPath(url.pathname), new Set());
  const page = await loadSuccessPage(context.get(appContext), request.headers, sessionId);
  return data({ ...page, head: { title: t("checkout.meta.successTitle") } }, { headers: noStore });
}
