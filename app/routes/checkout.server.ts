import { data } from "react-router";
import type { CheckoutPageData } from "../../core/contracts/checkout.ts";
import type { CartCodeResponse } from "../../core/contracts/discount-code.ts";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { BASE_CURRENCY, type Currency, currencyOfCountry, isCurrency } from "../../core/markets.ts";
import { realEmail } from "../../core/placeholder-email.ts";
import { priceOf } from "../../core/price-lists.ts";
import { FREE_SHIPPING_OVER_CENTS } from "../../core/pricing.ts";
import { currencyFromCookie } from "../../core/shopper-currency.ts";
import { listAddresses } from "../../server/addresses/address-book.ts";
import { cartBalances, giftCardLines } from "../../server/balances/cart-balances.ts";
import { oneTimeCents, payableByBalances } from "../../server/balances/checkout-balances.ts";
import { resolveCartOwner } from "../../server/cart/cart-owner.ts";
import { cartDiscountCode, listCart } from "../../server/cart/cart-store.ts";
import { checkoutDisclosure } from "../../server/checkout/renewal-consent.ts";
import { prop65WarningsOf } from "../../server/content/product-labels.ts";
import type { AppServices } from "../../server/context.ts";
import { cartVisitor } from "../../server/http/cart-cookie.ts";
import { shipToCountries } from "../../server/markets/markets.ts";
import { pricedCartSummary } from "../../server/orders/order-summary.ts";
import {
  type OrderPrices,
  orderPrices,
  type PricedOrder,
  priceOrder,
  shippingRateCents,
} from "../../server/orders/price-order.ts";
import { codeTerms, findCode, recordsRefusal } from "../../server/promotions/discount-codes.ts";
import { builtInTaxTable } from "../../server/tax/shop-tax.ts";
import type { CheckoutTaxRates } from "../components/checkout/checkout-tax.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/checkout";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * What the page taxes an address with, as the checkout will (server/tax/shop-tax.ts): the table's rows for
 * the countries shipped to (`shipTo`; US rows of the home states only, the others never tax) and the home
 * states. The table reaches the page as data, never in its scripts.
 */
export function checkoutTaxRates(
  shipTo: readonly string[],
  env: Pick<AppServices["env"], "TAX_HOME_STATES" | "TAX_PROVIDER">,
): CheckoutTaxRates {
  // Stripe Tax taxes the order on Stripe's page (decision 050): the page has nothing to quote with.
  if (env.TAX_PROVIDER === "stripe") return { rows: [], homeStates: [], atPayment: true };
  const homeStates = env.TAX_HOME_STATES;
  const rows = builtInTaxTable().rates.filter(
    (r) =>
      shipTo.includes(r.country) &&
      (r.country !== "US" || r.region === undefined || homeStates.includes(r.region)),
  );
  return { rows, homeStates } satisfies CheckoutTaxRates;
}

/**
 * Where the checkout first ships to (decision 051): the first saved address's country (chosen first), else
 * the first country the shop ships to in the market of the shopper's currency (a Canadian dollar shopper
 * starts in Canada), else the first country the shop ships to.
 */
export function firstCountry(
  shipTo: readonly string[],
  firstSavedCountry: string | null,
  browsing: Currency,
): string {
  return firstSavedCountry ?? shipTo.find((c) => currencyOfCountry(c) === browsing) ?? shipTo[0] ?? "US";
}

/**
 * The currency the checkout page shows the order in: its market's (core/markets.ts), as the order will be
 * charged. The page asks for another (`?currency=`) when the address chosen on it is in another market; a
 * currency of no market the shop ships to is not asked for.
 */
export function checkoutCurrency(asked: string | null, shipTo: readonly string[], country: string): Currency {
  if (isCurrency(asked) && shipTo.some((c) => currencyOfCountry(c) === asked)) return asked;
  return currencyOfCountry(country);
}

/**
 * The visitor's cart as the checkout shows it, priced from the catalogue like the order will be, before
 * tax (the page taxes the address chosen on it with `taxRates`); `oneTimeCents` is the one-time goods as
 * they cost, for the part balances may pay once the tax is known (core/tenders.ts balancesPayableCents).
 * Priced in the currency of the market the order ships to (`checkoutCurrency`), from that currency's list.
 */
export async function loadCheckoutPage(
  services: AppServices,
  headers: Headers,
  askedCurrency: string | null = null,
): Promise<
  CheckoutPageData & {
    oneTimeCents: number;
    taxRates: CheckoutTaxRates;
    currency: Currency;
    /** The country the address form starts with (`firstCountry`). */
    initialCountry: string;
    freeShippingOverCents: number;
  }
> {
  const { database, catalogue, env } = services;
  const visitor = await cartVisitor(services, headers);
  const { user } = visitor;
  const owner = resolveCartOwner(visitor);
  const { cartId, items } = await listCart(database.db, catalogue, owner);
  // The countries shipped to now: the owner's markets' and the configured ones in no market (decision 051).
  const shipTo = await shipToCountries(catalogue, env);
  // Saved addresses the shop no longer ships to are left out: checkout would refuse them.
  const savedAddresses = user
    ? (await listAddresses(database.db, user.id)).filter((a) => shipTo.includes(a.country))
    : [];
  const initialCountry = firstCountry(
    shipTo,
    savedAddresses[0]?.country ?? null,
    currencyFromCookie(headers.get("cookie")),
  );
  const currency = checkoutCurrency(askedCurrency, shipTo, initialCountry);
  const prices = await orderPrices(catalogue, currency, shippingRateCents(env.SHIPPING_FLAT_RATE));
  const flatShippingCents = priceOf(prices.table, "shipping:flat", currency) ?? 0;
  const base = {
    taxRates: checkoutTaxRates(shipTo, env),
    signedInEmail: realEmail(user?.email),
    flatShippingCents,
    currency,
    initialCountry,
    freeShippingOverCents: priceOf(prices.table, "shipping:free_over", currency) ?? FREE_SHIPPING_OVER_CENTS,
    shipTo,
    signedIn: Boolean(user),
    savedAddresses,
  };
  // A cart may hold only gift cards to buy (decision 047): it is a checkout too.
  const giftLines = await giftCardLines(database.db, owner);
  if (items.length === 0 && giftLines.length === 0)
    return {
      ...base,
      summary: null,
      cartItems: [],
      renewal: null,
      cartCode: null,
      balances: null,
      payableCents: 0,
      oneTimeCents: 0,
    };
  const { priced, cartCode } = await pricedWithCartCode(services, {
    owner,
    items,
    who: { userId: user?.id ?? null, email: realEmail(user?.email) || null, cartId },
    prices,
  });
  const summary = pricedCartSummary(priced);
  const giftCardCents = giftLines.reduce((sum, l) => sum + l.amountCents, 0);
  return {
    ...base,
    cartItems: items.map((i) => ({
      productId: i.productId,
      quantity: i.quantity,
      isSubscription: i.isSubscription,
      bundleId: i.bundleId,
    })),
    // The gift cards bought are part of the total, as the checkout counts them (start-checkout.ts).
    summary:
      giftLines.length === 0
        ? summary
        : {
            ...summary,
            giftCardCents,
            giftCards: giftLines.map((l) => ({
              key: l.id,
              cents: l.amountCents,
              recipient: l.recipientName || l.recipientEmail,
              deliverOn: l.deliverOn,
            })),
            totalCents: summary.totalCents + giftCardCents,
          },
    // Read here for a US dollar order only (they carry no `currency`, so they stand for US dollars): for an
    // order in another currency the page reads its own (`?currency=`: that currency's credit and points and
    // why a gift card in another does not pay, decision 051).
    balances: currency === BASE_CURRENCY ? await cartBalances(database.db, owner) : null,
    payableCents: payableByBalances(priced),
    oneTimeCents: oneTimeCents(priced),
    // Built as the server rebuilds it when the checkout starts (server/checkout/start-checkout.ts).
    renewal: checkoutDisclosure(priced, new Date()),
    cartCode,
  };
}

/**
 * The cart priced as the checkout will price it (server/checkout/start-checkout.ts): with its discount code
 * when the shop's records allow it for this visitor (a guest's e-mail is checked when they pay) and the
 * cart meets it; otherwise as if it had none, so the summary never shows a total the checkout would not
 * charge. With it, the cart's code and why it gives nothing now, as the page's code field first shows it.
 * docs/decisions/046-discount-codes.md.
 */
async function pricedWithCartCode(
  services: AppServices,
  input: {
    owner: ReturnType<typeof resolveCartOwner>;
    items: Awaited<ReturnType<typeof listCart>>["items"];
    who: { userId: string | null; email: string | null; cartId: string | null };
    /** The order's currency's list (decision 051). */
    prices: OrderPrices;
  },
): Promise<{ priced: PricedOrder; cartCode: CartCodeResponse | null }> {
  const { database, catalogue, env } = services;
  const products = await catalogue.list();
  const shipping = shippingRateCents(env.SHIPPING_FLAT_RATE);
  const price = (code: Parameters<typeof priceOrder>[3]) =>
    priceOrder(input.items, products, shipping, code, null, input.prices);
  const stored = await cartDiscountCode(database.db, input.owner);
  const row = stored ? await findCode(database.db, stored) : null;
  if (!row) return { priced: price(null), cartCode: null };
  const terms = codeTerms(row);
  const refused = await recordsRefusal(database.db, row, input.who, new Date());
  if (refused) return { priced: price(null), cartCode: { code: terms, refusal: refused } };
  const priced = price(terms);
  const cartRefusal = priced.totals.code?.refusal ?? null;
  if (cartRefusal) return { priced: price(null), cartCode: { code: terms, refusal: cartRefusal } };
  return { priced, cartCode: { code: terms, refusal: null } };
}

/** California's warnings of the cart's products (decision 044); the page shows them for a California address. */
async function cartProp65Warnings(services: AppServices, lines: { productId: number }[]) {
  const products = await services.catalogue.list();
  const inCart = lines.flatMap((l) => products.filter((p) => p.id === l.productId));
  return prop65WarningsOf(inCart, services.env.PROP65_FILE);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const page = await loadCheckoutPage(
    services,
    request.headers,
    new URL(request.url).searchParams.get("currency"),
  );
  const { t } = requestTranslator(localeOfPath(new URL(request.url).pathname), new Set());
  return data(
    {
      ...page,
      prop65Warnings: await cartProp65Warnings(services, page.cartItems),
      head: { title: t("checkout.meta.title") },
    },
    { headers: noStore },
  );
}
