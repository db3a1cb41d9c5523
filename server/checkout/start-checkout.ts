import { z } from "zod";
import type { ShippingAddress } from "../../core/address.ts";
import { cartSignature } from "../../core/cart-signature.ts";
import type { CreateSessionBody } from "../../core/contracts/checkout.ts";
import { type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import { BASE_CURRENCY, type Currency, currencyOfCountry } from "../../core/markets.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { isPlaceholderEmail, realEmail } from "../../core/placeholder-email.ts";
import { taxLineLabel } from "../../core/tax.ts";
import { uuidField } from "../../core/uuid.ts";
import { addAddressOnce, findAddress } from "../addresses/address-book.ts";
import { parseShippingAddress } from "../addresses/shipping-address.ts";
import { cartRow } from "../balances/cart-balances.ts";
import { checkoutBalances } from "../balances/checkout-balances.ts";
import { cartGiftCardCents, writeOrderGiftCards } from "../balances/issue-gift-cards.ts";
import { holdTenders } from "../balances/order-tenders.ts";
import { type CartVisitor, resolveCartOwner } from "../cart/cart-owner.ts";
import { cartDiscountCode, listCart } from "../cart/cart-store.ts";
import type { ShopDeps } from "../deps.ts";
import { Conflict, InvalidInput, notFound, ProviderUnavailable, words } from "../domain-errors.ts";
import { countriesIn } from "../markets/markets.ts";
import { createOrFindPendingOrder } from "../orders/create-order.ts";
import { attachSession } from "../orders/order-life.ts";
import type { OrderRow } from "../orders/order-rows.ts";
import { orderPrices, type PricedOrder, priceOrder, shippingRateCents } from "../orders/price-order.ts";
import { assertInStock } from "../orders/take-stock.ts";
import { PaymentProviderError } from "../payments/provider.ts";
import {
  codeTerms,
  type DiscountCodeRow,
  findCode,
  recordsRefusal,
  refusalError,
  reserveCodeUse,
} from "../promotions/discount-codes.ts";
import { assertNotOwnReferral } from "../promotions/referrals.ts";
import { recordCheckoutPayment } from "./record-payment.ts";
import { type ConsentClient, checkoutDisclosure, recordRenewalConsent } from "./renewal-consent.ts";

const emailSchema = z.email();

/**
 * The checkout: reads the visitor's own cart, checks the page showed exactly that cart, prices it from
 * the catalogue, creates (or finds) the pending order and asks the payment provider for its session.
 */
export async function startCheckout(
  deps: Pick<
    ShopDeps,
    | "db"
    | "catalogue"
    | "payments"
    | "logger"
    | "origin"
    | "shipTo"
    | "shippingFlatRate"
    | "mailer"
    | "manageSecret"
    | "tax"
    | "stripeTax"
  >,
  request: { visitor: CartVisitor; body: CreateSessionBody; client: ConsentClient },
): Promise<{ url: string; orderId: string; orderNumber: string }> {
  const { db, catalogue, payments } = deps;
  const { user } = request.visitor;
  const owner = resolveCartOwner(request.visitor);

  // A signed-in account's own e-mail wins; an account created by phone sign-in has only a placeholder,
  // so it gives an address at checkout like a guest (the confirmation and the receipt go there).
  const email = (user && realEmail(user.email)) || request.body.email;
  if (!email) throw new InvalidInput("email_required", "Please enter your email address to continue.");
  if (!emailSchema.safeParse(email).success || isPlaceholderEmail(email)) {
    throw new InvalidInput("invalid_email", "Please enter a valid email address.");
  }

  const listed = await listCart(db, catalogue, owner);
  const { items } = listed;
  // A cart may hold only gift cards to buy: its row is the cart then.
  const cart = await cartRow(db, owner);
  const cartId = listed.cartId ?? cart?.id ?? null;
  const giftCardCents = await cartGiftCardCents(db, cartId);
  if (!cartId || (items.length === 0 && giftCardCents === 0))
    throw new InvalidInput("empty_cart", "Your cart is empty.");

  // The page must have shown exactly this cart (the same lines, in any order): no surprise at the provider.
  if (cartSignature(items) !== cartSignature(request.body.cartItems)) {
    throw new Conflict(
      "cart_mismatch",
      "Your cart has changed since this page was loaded. Please review your order and try again.",
    );
  }

  // Where the order ships decides its taxes and its currency: read (not yet saved to the book) before pricing.
  // The countries shipped to are the owner's markets' now (decision 051), read once for the whole call.
  const shipTo = await deps.shipTo();
  const shippingAddress = await checkoutAddress({ db, shipTo }, user?.id ?? null, request.body);
  const currency = orderCurrency(shippingAddress, request.body.currency);
  // Where the payment page may collect the address: the countries whose orders are in this currency.
  const collect = collectedCountries(shipTo, shippingAddress, currency);
  const now = new Date();
  const { priced, code } = await priceWithCode(deps, {
    owner,
    items,
    who: { userId: user?.id ?? null, email, cartId },
    shown: request.body.discountCode,
    shownTaxCents: request.body.taxCents,
    destination: shippingAddress,
    currency,
    now,
  });
  const renewal = renewalConsentGiven(priced, request.body);
  const balances = await checkoutBalances(db, {
    priced,
    currency,
    giftCardCents,
    cart,
    userId: user?.id ?? null,
    shownTenderedCents: request.body.tenderedCents,
  });

  // Against the stock on hand now, not the cached catalogue: no payment page for what cannot be sold.
  await assertInStock(db, items);

  if (user && shippingAddress && request.body.addressId === undefined && request.body.saveAddress)
    await addAddressOnce(db, user.id, shippingAddress);
  await assertNotOwnReferral(db, code, shippingAddress);
  // Nothing is left for a payment page to collect an address with: the page must give it.
  if (balances.dueCents === 0 && !shippingAddress)
    throw new InvalidInput("address_required", "Please enter your address to place your order.");

  // The checkout page's language: the order's e-mails and pages after payment are in it.
  const locale = request.body.locale ?? "en";
  const { order } = await createOrFindPendingOrder(db, {
    cartId,
    userId: user?.id ?? null,
    email,
    locale,
    provider: payments.name,
    // Stored lower case, as Stripe writes it (decision 051).
    currency: currency.toLowerCase(),
    priced,
    balances,
    shippingAddress,
    // The consent, the code's use, the balances it takes and the gift cards it buys are the order's:
    // written (or kept, for the same pending order) in its transaction.
    alsoInTransaction: async (tx, placed) => {
      await holdTenders(tx, {
        orderId: placed.id,
        cartId,
        userId: user?.id ?? null,
        tenders: balances.tenders,
        currency: storedCurrency(placed.currency),
      });
      await writeOrderGiftCards(tx, {
        orderId: placed.id,
        cartId,
        userId: user?.id ?? null,
        email,
        currency: placed.currency,
      });
      if (renewal)
        await recordRenewalConsent(tx, {
          orderId: placed.id,
          userId: user?.id ?? null,
          email,
          ...renewal,
          client: request.client,
        });
      if (code)
        await reserveCodeUse(
          tx,
          {
            codeId: code.id,
            orderId: placed.id,
            userId: user?.id ?? null,
            email,
            cartId,
            amountCents: priced.totals.codeCents,
          },
          now,
        );
    },
  });
  if (order.providerSessionId && order.checkoutUrl) {
    return { url: order.checkoutUrl, orderId: order.id, orderNumber: order.orderNumber };
  }
  // The success page in the checkout page's language (docs/decisions/049-languages.md).
  if (balances.dueCents === 0) {
    const url = await payWithBalances(deps, order, locale);
    return { url, orderId: order.id, orderNumber: order.orderNumber };
  }

  // The shop's origin as the page was asked for (server/http/shop-origin.ts): where the provider sends
  // the customer back, to the pages in the checkout page's language.
  const { origin } = deps;
  let session: { sessionId: string; url: string };
  try {
    session = await payments.createCheckoutSession({
      orderId: order.id,
      orderNumber: order.orderNumber,
      email,
      shippingAddress,
      shipTo: collect,
      currency: order.currency,
      lines: priced.lines
        .map((l) => ({
          productName: l.productName,
          quantity: l.quantity,
          isSubscription: l.isSubscription,
          // A subscription line is charged, now and at each renewal, at its price less its stack saving.
          lineTotalCents: l.isSubscription ? l.lineTotalCents - l.savingCents : l.lineTotalCents,
        }))
        .concat(
          balances.giftCardCents > 0
            ? [
                {
                  productName: "MANA gift cards",
                  quantity: 1,
                  isSubscription: false,
                  lineTotalCents: balances.giftCardCents,
                },
              ]
            : [],
        ),
      // What stays as a one-off discount: the savings of stacks bought once, and the code on every line
      // (a code that carries into renewals is the subscription's own, server/subscriptions/).
      // Gift cards, store credit and points paid with it come off too: the provider charges what is due.
      discountCents:
        priced.lines.reduce((sum, l) => sum + (l.isSubscription ? 0 : l.savingCents) + l.codeCents, 0) +
        balances.tenderedCents,
      discountCode: order.discountCode,
      shippingCents: order.shippingCents,
      // Stripe Tax taxes the session itself (decision 050): the order carries no tax of the shop's then.
      automaticTax: deps.stripeTax,
      taxLines: priced.totals.taxLines
        .filter((l) => !l.included)
        .map((l) => ({ label: taxLineLabel(l, "en"), cents: l.amount })),
      totalCents: order.totalCents - order.tenderedCents,
      successUrl: `${origin}${pathInLocale("/success", locale)}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}${pathInLocale("/checkout", locale)}`,
      origin,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.logger.error({ err, orderId: order.id }, "payment provider refused the checkout session");
    throw new ProviderUnavailable(
      "payment_provider_unavailable",
      "The payment provider could not start your checkout. Please try again.",
    );
  }
  const stored = await attachSession(db, order.id, session);
  return { url: stored.url, orderId: order.id, orderNumber: order.orderNumber };
}

/**
 * An order its gift cards, store credit and points pay in full has no payment page: its payment is
 * recorded at once, through the same path as a provider's report (server/checkout/record-payment.ts), and
 * the shopper goes straight to the success page.
 */
async function payWithBalances(
  deps: Pick<
    ShopDeps,
    "db" | "payments" | "mailer" | "logger" | "origin" | "manageSecret" | "shipTo" | "tax"
  >,
  order: OrderRow,
  locale: Locale,
): Promise<string> {
  const sessionId = `paid_by_balance_${order.id}`;
  const stored = await attachSession(deps.db, order.id, {
    sessionId,
    url: `${pathInLocale("/success", locale)}?session_id=${encodeURIComponent(sessionId)}`,
  });
  await recordCheckoutPayment(deps, {
    event: { provider: deps.payments.name, id: `balance:${order.id}`, type: "balance.paid" },
    payment: "paid",
    sessionId: stored.sessionId,
    orderId: order.id,
    amountCents: 0,
    currency: order.currency,
    subscriptionId: null,
    customerId: null,
  });
  return stored.url;
}

/**
 * Prices the cart with its discount code when the code still applies: the shop's records (active, dates,
 * uses left, this customer's earlier uses and orders, now that the e-mail is known) and the cart (minimum,
 * products). A page that showed another code applied than the one that applies now is answered 409 with
 * the reason, so nobody pays a total they were not shown; a page that sent none is not compared (the
 * product spec's own payload).
 */
async function priceWithCode(
  deps: Pick<ShopDeps, "db" | "catalogue" | "shippingFlatRate" | "tax" | "stripeTax">,
  input: {
    owner: ReturnType<typeof resolveCartOwner>;
    items: Awaited<ReturnType<typeof listCart>>["items"];
    who: { userId: string | null; email: string; cartId: string };
    shown: string | null | undefined;
    /** The tax the page showed, when it sent it. */
    shownTaxCents: number | undefined;
    destination: ShippingAddress | null;
    /** The order's currency: every price from its list, the taxes quoted in it (decision 051). */
    currency: Currency;
    now: Date;
  },
): Promise<{ priced: PricedOrder; code: DiscountCodeRow | null }> {
  const products = await deps.catalogue.list();
  const shipping = shippingRateCents(deps.shippingFlatRate);
  const prices = await orderPrices(deps.catalogue, input.currency, shipping);
  // With Stripe Tax the payment page taxes the order (decision 050): the shop quotes none here.
  const tax =
    input.destination && !deps.stripeTax
      ? { provider: deps.tax, destination: input.destination, currency: input.currency }
      : null;
  const stored = await cartDiscountCode(deps.db, input.owner);
  const row = stored ? await findCode(deps.db, stored) : null;
  let refused = row ? await recordsRefusal(deps.db, row, input.who, input.now) : null;
  const terms = row && !refused ? codeTerms(row) : null;
  let priced = priceOrder(input.items, products, shipping, terms, tax, prices);
  refused = refused ?? priced.totals.code?.refusal ?? null;
  if (row && refused) priced = priceOrder(input.items, products, shipping, null, tax, prices);
  const applied = row && !refused ? row : null;
  if (input.shown !== undefined && (input.shown ?? null) !== (applied?.code ?? null)) {
    if (refused && row?.code === input.shown) throw refusalError(refused);
    throw new Conflict(
      "discount_changed",
      "Your discount has changed since this page was loaded. Please review your order and try again.",
    );
  }
  // The page shows the taxes of the address chosen on it; a total with other taxes is not charged unseen.
  // With Stripe Tax the page shows none (they are Stripe's to work out on its page): nothing to compare.
  if (
    !deps.stripeTax &&
    input.shownTaxCents !== undefined &&
    input.shownTaxCents !== priced.totals.taxCents
  ) {
    throw new Conflict(
      "tax_changed",
      "The tax on your order has changed since this page was loaded. Please review your order and try again.",
    );
  }
  return { priced, code: applied };
}

/**
 * The order's currency: its shipping country's market's (core/markets.ts `currencyOfCountry`). A page that
 * showed the order in another currency (`shown`, upper case) is answered 409 `currency_changed` with the
 * market's currency, so it shows the order in it before anyone pays (docs/decisions/051-markets-and-currencies.md).
 * Without an address (the payment page asks for it, decision 027) the currency sent picks the market, US
 * dollars when none is sent; the page then collects only that currency's countries (`collectedCountries`).
 */
function orderCurrency(address: ShippingAddress | null, shown: Currency | undefined): Currency {
  if (!address) return shown ?? BASE_CURRENCY;
  const currency = currencyOfCountry(address.country);
  if (shown !== undefined && shown !== currency) throw new CurrencyChanged(currency);
  return currency;
}

/**
 * The countries the payment page may collect an order's address in: those shipped to whose orders are in
 * its currency (a CAD order: Canada; a US dollar one: the US and the countries in no market), so an address
 * typed there is always in the order's currency (decision 051). An order without an address in a currency
 * no country shipped to is in (its market turned off) is refused: 400 `currency_not_shipped`.
 */
function collectedCountries(
  shipTo: readonly string[],
  address: ShippingAddress | null,
  currency: Currency,
): string[] {
  const countries = countriesIn(shipTo, currency);
  if (!address && countries.length === 0) {
    const sold = [...new Set(shipTo.map(currencyOfCountry))].join(", ");
    throw new InvalidInput(
      "currency_not_shipped",
      `The shop does not ship anywhere its orders are in ${currency} now. Please choose one of ${sold}.`,
    );
  }
  return countries;
}

/** 409 `currency_changed`: the answer carries the currency the order is in (`currency`). */
export class CurrencyChanged extends Conflict {
  readonly currency: Currency;
  constructor(currency: Currency) {
    super("currency_changed", words("errors.currencyChanged", { currency }));
    this.currency = currency;
  }
}

/**
 * A cart with a subscription is paid for only with the customer's consent to its automatic renewal, given
 * with the box beside the disclosure (docs/decisions/042-renewal-consent-at-checkout.md). The disclosure is
 * rebuilt from the priced cart; a page that showed another one (a price or the day changed since it loaded)
 * is sent back to show the new one. Null for a cart without subscriptions: nothing to consent to.
 */
function renewalConsentGiven(priced: PricedOrder, body: CreateSessionBody) {
  const built = checkoutDisclosure(priced, new Date());
  if (!built) return null;
  if (body.acceptRenewal !== true) {
    throw new InvalidInput(
      "renewal_consent_required",
      "Please tick the box to agree to the automatic renewal of your subscription before you pay.",
    );
  }
  if (body.renewalDisclosureHash !== undefined && body.renewalDisclosureHash !== built.hash) {
    throw new Conflict(
      "renewal_terms_changed",
      "The renewal terms have changed since this page was loaded. Please read them again and tick the box.",
    );
  }
  return built;
}

/**
 * The address this order ships to: a saved one of the signed-in customer's (another's id answers 404),
 * or the typed one, checked against the countries shipped to (a 400 with a message per field); the
 * caller saves a typed one to the book when the customer asked. None given (the product spec's own payload):
 * null, and the payment page asks for it (docs/decisions/027-address-on-the-payment-page.md).
 */
async function checkoutAddress(
  deps: Pick<ShopDeps, "db"> & { shipTo: readonly string[] },
  userId: string | null,
  body: CreateSessionBody,
): Promise<ShippingAddress | null> {
  const { db, shipTo } = deps;
  if (body.addressId !== undefined) {
    const id = uuidField().safeParse(body.addressId);
    const saved = userId && id.success ? await findAddress(db, userId, id.data) : null;
    if (!saved) throw notFound("Address not found.");
    const { id: _id, isDefault: _d, ...fields } = saved;
    return parseShippingAddress(shipTo, fields);
  }
  if (body.shippingAddress === undefined) return null;
  return parseShippingAddress(shipTo, body.shippingAddress);
}
