import { data, redirect, redirectDocument } from "react-router";
import type { AddressFieldErrors } from "../../core/address.ts";
import type { CardErrors, SandboxPageData } from "../../core/contracts/checkout.ts";
import { type Currency, currencyOf } from "../../core/markets.ts";
import { realEmail } from "../../core/placeholder-email.ts";
import { shipsToCalifornia } from "../../core/prop65.ts";
import { prop65WarningsOf } from "../../server/content/product-labels.ts";
import type { AppServices } from "../../server/context.ts";
import { shopDeps } from "../../server/deps.ts";
import { loadOneOrderTaxLines } from "../../server/orders/order-rows.ts";
import { orderSummary } from "../../server/orders/order-summary.ts";
import {
  collectableCountries,
  loadSandboxSession,
  payWithSandboxCard,
} from "../../server/payments/sandbox-checkout.ts";
import { sandboxSuccessPath } from "../../server/payments/sandbox-provider.ts";
import { taxableOf } from "../../server/tax/payment-taxes.ts";
import type { CheckoutTaxRates } from "../components/checkout/checkout-tax.ts";
import { appContext } from "../context.server.ts";
import { formFields, noStore, refuseCrossSite } from "../session.server.ts";
import type { Route } from "./+types/pay.$sessionId";
import { checkoutTaxRates } from "./checkout.server.ts";

export const headers: Route.HeadersFunction = () => noStore;

/** What the card page taxes a typed address with: the table's rows, and the order's goods and shipping. */
export interface PayPageTax {
  rates: CheckoutTaxRates;
  goods: number;
  shipping: number;
}

/** The sandbox card page's order: only for sandbox sessions of this shop, null for anything else. */
export async function loadSandboxPage(
  services: AppServices,
  sessionId: string,
): Promise<
  (SandboxPageData & { successPath: string; currency: Currency; addressTax: PayPageTax | null }) | null
> {
  const session = await loadSandboxSession(shopDeps(services), sessionId);
  if (!session) return null;
  const { order, lines } = session;
  const shipTo = await collectableCountries(shopDeps(services), order);
  return {
    orderNumber: order.orderNumber,
    email: realEmail(order.email),
    status: order.status,
    summary: orderSummary(
      await services.catalogue.list(),
      order,
      lines,
      await loadOneOrderTaxLines(services.database.db, order.id),
    ),
    shippingAddress: order.shippingAddress,
    // The countries this order's address may be typed in: those in its currency (decision 051).
    shipTo,
    // An order begun without an address is taxed for the one typed here (decision 050): the page quotes it
    // as the server will (server/payments/sandbox-checkout.ts pageTaxes), from the same table and figures.
    addressTax:
      !order.shippingAddress && lines.length > 0
        ? { rates: checkoutTaxRates(shipTo, services.env), ...taxableOf(order) }
        : null,
    // The order's own currency, its amounts' (decision 051).
    currency: currencyOf(order.currency) ?? "USD",
    // Once paid, the success page in the checkout page's language.
    successPath: sandboxSuccessPath(order.checkoutUrl, sessionId),
  };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const page = await loadSandboxPage(services, params.sessionId);
  if (!page) throw data(null, { status: 404, headers: noStore });
  if (page.status !== "pending" && page.status !== "cancelled") {
    throw redirect(page.successPath, { headers: noStore });
  }
  return data(
    { ...page, prop65Warnings: await orderProp65Warnings(services, params.sessionId, page) },
    { headers: noStore },
  );
}

/**
 * California's warnings of the order's products when it ships to California, drawn by the server before
 * the card form (27 CCR §25602(b); decision 044): the page needs no script to show them.
 */
async function orderProp65Warnings(services: AppServices, sessionId: string, page: SandboxPageData) {
  if (!page.shippingAddress || !shipsToCalifornia(page.shippingAddress)) return [];
  const session = await loadSandboxSession(shopDeps(services), sessionId);
  const products = await services.catalogue.list();
  const ordered = (session?.lines ?? []).flatMap((l) => products.filter((p) => p.id === l.productId));
  return prop65WarningsOf(ordered, services.env.PROP65_FILE);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  refuseCrossSite(request);
  const form = await formFields(request);
  const result = await payWithSandboxCard(shopDeps(context.get(appContext)), params.sessionId, form);
  if (!result) throw data(null, { status: 404, headers: noStore });
  // A whole page load: the success page may be in another language than this English one (decision 049).
  if (result.kind === "paid") throw redirectDocument(result.redirectTo, { headers: noStore });
  if (result.kind === "invalid") {
    return data(
      { errors: result.fieldErrors, addressErrors: result.addressErrors ?? {}, message: null },
      { status: 400, headers: noStore },
    );
  }
  return data(
    { errors: {} as CardErrors, addressErrors: {} as AddressFieldErrors, message: result.message },
    { status: 402, headers: noStore },
  );
}
