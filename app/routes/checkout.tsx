import ChevronDown from "lucide-react/icons/chevron-down";
import ShieldCheck from "lucide-react/icons/shield-check";
import Truck from "lucide-react/icons/truck";
import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { cartSignature } from "../../core/cart-signature.ts";
import type { CartBalancesResponse } from "../../core/contracts/balances.ts";
import type { CartCodeResponse } from "../../core/contracts/discount-code.ts";
import { formatMoney } from "../../core/money.ts";
import { applyTenders, type TenderResult } from "../../core/tenders.ts";
import { CheckoutForm } from "../components/checkout/checkout-form.tsx";
import { OrderSummary, type TenderRow } from "../components/checkout/order-summary.tsx";
import { Button } from "../components/ui/button.tsx";
import { useCartBalances } from "../hooks/use-balances.ts";
import { useQueryClient } from "../lib/query.ts";
import type { Route } from "./+types/checkout";

export { headers, loader } from "./checkout.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Checkout | MANA" },
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
function tenderRows(result: TenderResult, balances: CartBalancesResponse): TenderRow[] {
  return result.tenders.map((t) => {
    if (t.kind === "gift_card") {
      const last4 = balances.giftCards.find((g) => g.id === t.giftCardId)?.last4 ?? "";
      return { key: t.giftCardId, label: `Gift card ending ${last4}`, cents: t.cents };
    }
    if (t.kind === "credit") return { key: "credit", label: "Store credit", cents: t.cents };
    return { key: "points", label: `Wellness Points (${t.points})`, cents: t.cents };
  });
}

/** From this width up the summary is always open (Tailwind's md breakpoint, 48rem). */
const WIDE = "(min-width: 48rem)";

/**
 * The order summary after the form. On a phone it is closed behind a "Show order summary" toggle that
 * names the total, so the e-mail field comes first; from the md width up the toggle is hidden and the
 * summary is open (by CSS, and by the `open` attribute once scripts run, for browsers without
 * ::details-content).
 */
function CollapsibleSummary({ totalCents, children }: { totalCents: number; children: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
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
        <span className="group-open:hidden">Show order summary</span>
        <span className="hidden group-open:inline">Hide order summary</span>
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
        <span className="ml-auto tabular-nums">
          <span className="sr-only">Total </span>
          {formatMoney(totalCents)}
        </span>
      </summary>
      <div className="mt-3 md:mt-0">{children}</div>
    </details>
  );
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { summary, signedInEmail, cartItems, flatShippingCents, payableCents } = loaderData;
  const { revalidate } = useRevalidator();
  useFollowCart(cartSignature(cartItems), (summary?.giftCards ?? []).map((g) => g.key).join());
  const balances = useCartBalances(loaderData.balances).data ?? loaderData.balances;
  // What gift cards, credit and points pay, worked out as the checkout will (server/balances/checkout-balances.ts).
  const tenders =
    summary && balances
      ? applyTenders(summary.totalCents, payableCents, {
          giftCards: balances.giftCards,
          creditCents: balances.useCredit ? balances.creditCents : 0,
          pointsBalance: balances.points,
          pointSteps: balances.pointSteps,
        })
      : null;

  if (!summary) {
    return (
      <section className="container-shop py-20 text-center">
        <h1 className="text-3xl">Checkout</h1>
        <p className="mt-6 text-lg text-muted">Your cart is empty</p>
        <Button asChild size="md-wide" className="mt-6">
          <Link to="/">Continue Shopping</Link>
        </Button>
      </section>
    );
  }

  return (
    <section className="container-shop py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">Checkout</h1>
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
            onCartChanged={() => void revalidate()}
          />
          <ul className="grid gap-3 text-sm text-muted sm:grid-cols-2">
            <li className="flex items-start gap-2">
              <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-verdant" />
              Third-party certified, laboratory tested, and covered by our 60-day guarantee.
            </li>
            <li className="flex items-start gap-2">
              <Truck aria-hidden className="mt-0.5 size-5 shrink-0 text-verdant" />
              Ships in 2-3 business days. Free on orders over $75 and on bundles.
            </li>
          </ul>
        </div>
        <CollapsibleSummary totalCents={summary.totalCents}>
          <OrderSummary
            summary={summary}
            flatShippingCents={flatShippingCents}
            tenders={
              tenders && balances && tenders.tenders.length > 0 ? tenderRows(tenders, balances) : undefined
            }
          />
        </CollapsibleSummary>
      </div>
    </section>
  );
}
