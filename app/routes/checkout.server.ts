import { data } from "react-router";
import type { CheckoutPageData } from "../../core/contracts/checkout.ts";
import { realEmail } from "../../core/placeholder-email.ts";
import { listAddresses } from "../../server/addresses/address-book.ts";
import { resolveCartOwner } from "../../server/cart/cart-owner.ts";
import { listCart } from "../../server/cart/cart-store.ts";
import { checkoutDisclosure } from "../../server/checkout/renewal-consent.ts";
import { prop65WarningsOf } from "../../server/content/product-labels.ts";
import type { AppServices } from "../../server/context.ts";
import { cartVisitor } from "../../server/http/cart-cookie.ts";
import { pricedCartSummary } from "../../server/orders/order-summary.ts";
import { priceOrder, shippingRateCents } from "../../server/orders/price-order.ts";
import { appContext } from "../context.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/checkout";

export const headers: Route.HeadersFunction = () => noStore;

/** The visitor's cart as the checkout shows it, priced from the catalogue like the order will be. */
export async function loadCheckoutPage(services: AppServices, headers: Headers): Promise<CheckoutPageData> {
  const { database, catalogue, env } = services;
  const visitor = await cartVisitor(services, headers);
  const { user } = visitor;
  const owner = resolveCartOwner(visitor);
  const { items } = await listCart(database.db, catalogue, owner);
  const flatShippingCents = shippingRateCents(env.SHIPPING_FLAT_RATE);
  const base = {
    signedInEmail: realEmail(user?.email),
    flatShippingCents,
    shipTo: env.SHIP_TO_COUNTRIES,
    signedIn: Boolean(user),
    // Saved addresses the shop no longer ships to are left out: checkout would refuse them.
    savedAddresses: user
      ? (await listAddresses(database.db, user.id)).filter((a) => env.SHIP_TO_COUNTRIES.includes(a.country))
      : [],
  };
  if (items.length === 0) return { ...base, summary: null, cartItems: [], renewal: null };
  const priced = priceOrder(items, await catalogue.list(), flatShippingCents);
  return {
    ...base,
    cartItems: items.map((i) => ({
      productId: i.productId,
      quantity: i.quantity,
      isSubscription: i.isSubscription,
      bundleId: i.bundleId,
    })),
    summary: pricedCartSummary(priced),
    // Built as the server rebuilds it when the checkout starts (server/checkout/start-checkout.ts).
    renewal: checkoutDisclosure(priced, new Date()),
  };
}

/** California's warnings of the cart's products (decision 044); the page shows them for a California address. */
async function cartProp65Warnings(services: AppServices, lines: { productId: number }[]) {
  const products = await services.catalogue.list();
  const inCart = lines.flatMap((l) => products.filter((p) => p.id === l.productId));
  return prop65WarningsOf(inCart, services.env.PROP65_FILE);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const page = await loadCheckoutPage(services, request.headers);
  return data(
    { ...page, prop65Warnings: await cartProp65Warnings(services, page.cartItems) },
    { headers: noStore },
  );
}
