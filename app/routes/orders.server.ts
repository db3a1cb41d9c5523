import { data } from "react-router";
import type { OrderPageView } from "../../core/contracts/orders.ts";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { listOrdersForUser } from "../../server/orders/order-queries.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { loadSession, noStore } from "../session.server.ts";
import type { Route } from "./+types/orders";

export const headers: Route.HeadersFunction = () => noStore;

/** The signed-in customer's orders, newest first (without the internal id); a visitor sees a sign-in prompt. */
export async function loader({ context, request }: Route.LoaderArgs) {
  // The head's words in the page's language, for meta (which has no translator).
  const { t } = requestTranslator(localeOfPath(new URL(request.url).pathname), new Set());
  const meta = { title: t("orders.meta.history") };
  const session = await loadSession(context, request);
  if (!session)
    return data({ signedIn: false as const, orders: [] as OrderPageView[], meta }, { headers: noStore });
  const { db } = context.get(appContext).database;
  const orders: OrderPageView[] = (await listOrdersForUser(db, session.user.id)).map(
    ({ id: _internal, ...shown }) => shown,
  );
  return data({ signedIn: true as const, orders, meta }, { headers: noStore });
}
