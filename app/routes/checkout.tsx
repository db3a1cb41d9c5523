import ChevronDown from "lucide-react/icons/chevron-down";
import ShieldCheck from "lucide-react/icons/shield-check";
import Truck from "lucide-react/icons/truck";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigation, useRevalidator, useSearchParams } from "react-router";
import { cartSignature } from "../../core/cart-signature.ts";
import type { CartBalancesResponse } from "../../core/contracts/balances.ts";
import type { CartCodeResponse } from "../../core/contracts/discount-code.ts";
import { type Currency, currencyOfCountry, marketOfCountry } from "../../core/markets.ts";
import { formatMoney, formatWholeMoney } from "../../core/money.ts";
import type { TaxDestination } from "../../core/tax.ts";
import type { TenderResult } from "../../core/tenders.ts";
import { orderCurrencyFor } from "../components/checkout/checkout-currency.ts";
import { CheckoutForm } from "../components/checkout/checkout-form.tsx";
import { checkoutTax, checkoutTaxProvider, taxDestinationOf } from "../components/checkout/checkout-tax.ts";
import { OrderSummary, type TenderRow } from "../components/checkout/order-summary.tsx";
import { orderTenders } from "../components/checkout/order-tenders.ts";
import { Button } from "../components/ui/button.tsx";
import { useCartBalances } from "../hooks/use-balances.ts";
import { type Translator, useLocale, useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { usePrices } from "../lib/currency.ts";
import { useQueryClient } from "../lib/query.ts";
import type { Route } from "./+types/checkout";

export { headers, loader } from "./checkout.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.head.title },
  { name: "robots", content: "noindex" },
];

/**
 * Keeps the summary in step with the cart drawer and the discount code field: when the cart query changes,
 * or the cart's code changes (applied or removed here or in the drawer), the loader runs again.
 */
function useFollowCart(current: string, giftCards: string) {
  const queryClient = useQueryClient();
  const { revalidate } = useRevalidator();
  // The cart's code as last read: undefined until the first answer, which the loader has already priced.
  const seenCode = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    seenCode.current ??= queryClient.getQueryData<CartCodeResponse>(["/api/cart/code"])?.code?.code;
    return queryClient.subscribeToData(([key], data) => {
      if (key === "/api/cart/code") {
        const code = (data as CartCodeResponse | undefined)?.code?.code ?? null;
        const before = seenCode.current;
        seenCode.current = code;
        if (before !== undefined && before !== code) void revalidate();
        return;
      }
      // A gift card to buy added or removed in the drawer: its total is the loader's to count.
      if (key === "/api/cart/gift-card-lines") {
        if (Array.isArray(data) && data.map((l: { id: string }) => l.id).join() !== giftCards)
          void revalidate();
        return;
      }
      if (key !== "/api/cart") return;
      if (Array.isArray(data) && cartSignature(data) !== current) void revalidate();
    });
  }, [queryClient, revalidate, current, giftCards]);
}

/** Each tender as a row of the summary: the gift card by its last four, the credit, the points spent. */
function tenderRows(t: Translator["t"], result: TenderResult, balances: CartBalancesResponse): TenderRow[] {
  return result.tenders.map((tender) => {
    if (tender.kind === "gift_card") {
      const last4 = balances.giftCards.find((g) => g.id === tender.giftCardId)?.last4 ?? "";
      return { key: tender.giftCardId, label: t("checkout.tender.giftCard", { last4 }), cents: tender.cents };
    }
    if (tender.kind === "credit")
      return { key: "credit", label: t("checkout.tender.credit"), cents: tender.cents };
    return {
      key: "points",
      label: t("checkout.tender.points", { points: tender.points }),
      cents: tender.cents,
    };
  });
}

/** From this width up the summary is always open (Tailwind's md breakpoint, 48rem). */
const WIDE = "(min-width: 48rem)";

/**
 * The order summary after the form. On a phone it is closed behind a "Show order summary" toggle that
 * names the total, or "Due" and what the card pays when gift cards, credit or points pay part of it
 * (`dueCents`), so the e-mail field comes first; from the md width up the toggle is hidden and the
 * summary is open (by CSS, and by the `open` attribute once scripts run, for browsers without
 * ::details-content).
 */
function CollapsibleSummary({
  totalCents,
  dueCents,
  currency,
  children,
}: {
  totalCents: number;
  dueCents: number | null;
  currency: Currency;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const t = useT();
  useEffect(() => {
    const media = window.matchMedia(WIDE);
    const openWhenWide = () => {
      if (media.matches && ref.current) ref.current.open = true;
    };
    openWhenWide();
    media.addEventListener("change", openWhenWide);
    return () => media.removeEventListener("change", openWhenWide);
  }, []);
  return (
    <details ref={ref} className="group md:details-content:[content-visibility:visible]">
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 rounded-card bg-sand px-5 py-3 font-semibold text-forest shadow-card md:hidden [&::-webkit-details-marker]:hidden">
        <span className="group-open:hidden">{t("checkout.toggle.show")}</span>
        <span className="hidden group-open:inline">{t("checkout.toggle.hide")}</span>
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
        <span className="ml-auto tabular-nums" data-testid="summary-toggle-amount">
          {dueCents === null ? (
            <span className="sr-only">{t("checkout.toggle.total")} </span>
          ) : (
            `${t("checkout.toggle.due")} `
          )}
          {formatMoney(dueCents ?? totalCents, currency)}
        </span>
      </summary>
      <div className="mt-3 md:mt-0">{children}</div>
    </details>
  );
}

/** Each market's words for "your order ships there, so it is in this currency" (decision 051). */
const CURRENCY_NOTICE = {
  us: "checkout.currency.notice.us",
  ca: "checkout.currency.notice.ca",
  uk: "checkout.currency.notice.uk",
  eu: "checkout.currency.notice.eu",
} as const;

/**
 * Said before payment when the order's currency (its shipping country's market's) is not the one the
 * shopper browses in: where it ships, its currency, and its total in it.
 */
function CurrencyNotice({
  country,
  currency,
  totalCents,
}: {
  country: string;
  currency: Currency;
  totalCents: number;
}) {
  const t = useT();
  const locale = useLocale();
  const market = marketOfCountry(country);
  if (!market) return null;
  const countryName = new Intl.DisplayNames([locale], { type: "region" }).of(country) ?? country;
  return (
    <p
      className="rounded-card border-2 border-gold/40 bg-sand px-5 py-4 text-ink"
      data-testid="checkout-currency-notice"
    >
      {t(CURRENCY_NOTICE[market.id], { country: countryName, total: formatMoney(totalCents, currency) })}
    </p>
  );
}

/** The same place for taxes: the same country and region. */
const sameDestination = (a: TaxDestination | null, b: TaxDestination | null) =>
  a === b || (a !== null && b !== null && a.country === b.country && (a.region ?? "") === (b.region ?? ""));

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { signedInEmail, cartItems, flatShippingCents, taxRates, currency } = loaderData;
  const { revalidate } = useRevalidator();
  const t = useT();
  const browsing = usePrices().currency;
  // The order is in the currency of the market it ships to (decision 051): when the address chosen is in
  // another market than the summary's, the summary is asked for in that market's currency.
  const [country, setCountry] = useState(loaderData.initialCountry);
  const [, setSearchParams] = useSearchParams();
  const orderCurrency = orderCurrencyFor(loaderData.shipTo, country, currency);
  // Until the summary is in that currency the page cannot be paid: it would send the other (409).
  const navigation = useNavigation();
  const repricing = orderCurrency !== currency || navigation.state !== "idle";
  useEffect(() => {
    if (orderCurrency === currency) return;
    setSearchParams({ currency: orderCurrency }, { replace: true, preventScrollReset: true });
  }, [orderCurrency, currency, setSearchParams]);
  useFollowCart(cartSignature(cartItems), (loaderData.summary?.giftCards ?? []).map((g) => g.key).join());
  // The balances judged for the order's currency (decision 051): a gift card pays only orders in its own
  // currency, and the store credit and points are the customer's in it; the others come with the server's
  // reason (`notUsable`), which the page shows instead of the balance's use.
  const balances = useCartBalances(loaderData.balances, currency).data ?? null;
  // Where the order ships, as far as its taxes go: the first saved address (chosen first), else none yet.
  const [destination, setDestination] = useState<TaxDestination | null>(() => {
    const first = loaderData.savedAddresses[0];
    return first ? taxDestinationOf(first) : null;
  });
  const provider = useMemo(() => checkoutTaxProvider(taxRates), [taxRates]);
  // The taxes of that address, worked out with the checkout's own functions (core/tax.ts, core/tenders.ts),
  // so the total shown is the one charged; before it is known, the summary says tax comes from the address.
  // With Stripe Tax (decision 050) the taxes are Stripe's to work out on its page: the summary says so.
  const taxed =
    loaderData.summary && destination && !taxRates.atPayment
      ? checkoutTax(
          { summary: loaderData.summary, oneTimeCents: loaderData.oneTimeCents },
          provider,
          destination,
          currency,
        )
      : null;
  const summary = taxed?.summary ?? loaderData.summary;
  const payableCents = taxed?.payableCents ?? loaderData.payableCents;
  // What gift cards, credit and points pay, worked out as the checkout will (server/balances/checkout-balances.ts).
  const tenders =
    summary && balances ? orderTenders(summary.totalCents, payableCents, balances, currency) : null;

  if (!summary) {
    return (
      <section className="container-shop py-20 text-center">
        <h1 className="text-3xl">{t("checkout.title")}</h1>
        <p className="mt-6 text-lg text-muted">{t("checkout.empty")}</p>
        <Button asChild size="md-wide" className="mt-6">
          <Link to="/">{t("checkout.continueShopping")}</Link>
        </Button>
      </section>
    );
  }

  return (
    <section className="container-shop py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">{t("checkout.title")}</h1>
      {currency !== browsing && currencyOfCountry(country) === currency ? (
        <div className="mt-6">
          <CurrencyNotice country={country} currency={currency} totalCents={summary.totalCents} />
        </div>
      ) : null}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-10">
        <div className="grid gap-6">
          <CheckoutForm
            signedInEmail={signedInEmail}
            signedIn={loaderData.signedIn}
            shipTo={loaderData.shipTo}
            savedAddresses={loaderData.savedAddresses}
            cartItems={cartItems}
            renewal={loaderData.renewal}
            prop65Warnings={loaderData.prop65Warnings}
            discountCode={summary.code?.code ?? null}
            cartCode={loaderData.cartCode}
            balances={balances}
            tenders={tenders}
            payableCents={payableCents}
            totalCents={summary.totalCents}
            taxCents={taxed ? taxed.taxCents : null}
            currency={currency}
            initialCountry={loaderData.initialCountry}
            repricing={repricing}
            onCountryChange={setCountry}
            onDestinationChange={(next) =>
              setDestination((current) => (sameDestination(current, next) ? current : next))
            }
            onCartChanged={() => void revalidate()}
          />
          <ul className="grid gap-3 text-sm text-muted sm:grid-cols-2">
            <li className="flex items-start gap-2">
              <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-verdant" />
              {t("checkout.assurance.certified")}
            </li>
            <li className="flex items-start gap-2">
              <Truck aria-hidden className="mt-0.5 size-5 shrink-0 text-verdant" />
              {t("checkout.assurance.shipping", {
                amount: formatWholeMoney(loaderData.freeShippingOverCents, currency),
              })}
            </li>
          </ul>
        </div>
        <CollapsibleSummary
          totalCents={summary.totalCents}
          dueCents={tenders && tenders.tenderedCents > 0 ? tenders.dueCents : null}
          currency={currency}
        >
          <OrderSummary
            summary={summary}
            flatShippingCents={flatShippingCents}
            currency={currency}
            freeShippingOverCents={loaderData.freeShippingOverCents}
            taxPending={taxed === null}
            taxAtPayment={taxRates.atPayment === true}
            tenders={
              tenders && balances && tenders.tenders.length > 0 ? tenderRows(t, tenders, balances) : undefined
            }
          />
        </CollapsibleSummary>
      </div>
    </section>
  );
}
