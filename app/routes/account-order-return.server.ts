import { and, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { orderPagePath } from "../../core/contracts/orders.ts";
import { type OrderReturnsView, returnClaimBody } from "../../core/contracts/returns.ts";
import { localeOfPath, pathInLocale } from "../../core/i18n/locales.ts";
import { claimRefund } from "../../core/returns.ts";
import type { DbOrTx } from "../../server/db/client.ts";
import { orders } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { NotFound, NotSignedIn } from "../../server/domain-errors.ts";
import { parseWith } from "../../server/http/validate.ts";
import { loadOrderLines } from "../../server/orders/order-rows.ts";
import { claimGuarantee, orderReturns } from "../../server/returns/claims.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { jsonBody, loadSession, noStore, refuseCrossSite, refusedWrite } from "../session.server.ts";
import type { Route } from "./+types/account-order-return";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * /account/orders/{order number}/return: the signed-in customer's claim of the 60-day guarantee on their own
 * order (docs/decisions/055-returns.md), else 404 (another customer's order looks like one that does not exist).
 */
/**
 * What claiming 0, 1, … of each claimable line would refund, by the claim's own rule (core/returns.ts
 * claimRefund, rounded down per line as the claim is): the form adds up the chosen lines' figures as an
 * "up to" (the server caps the sum at what is left to refund on the order, and decides).
 */
async function refundTable(
  db: DbOrTx,
  userId: string,
  view: OrderReturnsView,
): Promise<Record<string, number[]>> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, view.orderNumber), eq(orders.userId, userId)));
  if (!order) return {};
  const lines = await loadOrderLines(db, order.id);
  const facts = {
    taxCents: order.taxCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    refundedCents: 0,
  };
  return Object.fromEntries(
    view.lines.map((l) => [
      l.lineId,
      Array.from({ length: l.claimable + 1 }, (_, quantity) =>
        quantity === 0
          ? 0
          : (claimRefund(facts, lines, [{ lineId: l.lineId, quantity }]).lines[0]?.refundCents ?? 0),
      ),
    ]),
  );
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { t } = requestTranslator(localeOfPath(new URL(request.url).pathname), new Set());
  const session = await loadSession(context, request);
  if (!session)
    return data(
      { signedIn: false as const, view: null, meta: { title: t("returns.meta.claim") } },
      { headers: noStore },
    );
  const { database } = context.get(appContext);
  const view = await orderReturns(database, session.user.id, params.number).catch((err: unknown) => {
    if (err instanceof NotFound)
      throw data({ title: t("returns.meta.claim") }, { status: 404, headers: noStore });
    throw err;
  });
  const meta = { title: t("returns.meta.claimNumber", { number: view.orderNumber }) };
  const refunds = await refundTable(database.db, session.user.id, view);
  return data(
    { signedIn: true as const, view, refunds, meta, orderPath: orderPagePath(view.orderNumber) },
    { headers: noStore },
  );
}

/**
 * The claim, by the same domain function and rules as POST /api/orders/:number/returns: the customer's own
 * order only, the body checked by the contract (core/contracts/returns.ts returnClaimBody), a refusal answered
 * with its status and the API's error body for the form's alert.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  refuseCrossSite(request);
  const session = await loadSession(context, request);
  if (!session)
    return refusedWrite(new NotSignedIn("unauthorized", "Please sign in to claim the guarantee."));
  const services = context.get(appContext);
  try {
    // The contract's object drops the post's `intent`.
    const body = parseWith(returnClaimBody, await jsonBody(request), "request body");
    const claim = await claimGuarantee(shopDeps(services), {
      userId: session.user.id,
      orderNumber: params.number,
      body,
    });
    // On to the order page, which confirms the claim by its number: the claim page's own data is read no
    // more (with everything claimed, its form would be gone before it could hand on the answer).
    const to = pathInLocale(orderPagePath(claim.orderNumber), localeOfPath(new URL(request.url).pathname));
    return redirect(`${to}?claimed=${encodeURIComponent(claim.number)}`, { headers: noStore });
  } catch (err) {
    return refusedWrite(err);
  }
}
