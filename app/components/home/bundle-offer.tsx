import { useState } from "react";
import { useNavigate } from "react-router";
import { formatMoney } from "../../../core/money.ts";
import { bundleSetCents } from "../../../core/pricing.ts";
import { useAddToCart } from "../../hooks/use-cart.ts";
import { Button } from "../ui/button.tsx";

/** The stack that the home bundle button adds: its lines carry this id so the $100 price holds. */
export const COMPLETE_BUNDLE_ID = "complete-mana-system";
const BUNDLE_PRODUCT_IDS = [1, 2, 3, 4];
/** The Complete MANA System's price and subscription discount, as the catalogue (content/stacks.json) sets
 * them; the server prices the cart from the catalogue, these only word the offer. */
const COMPLETE_BUNDLE = {
  id: COMPLETE_BUNDLE_ID,
  name: "Complete MANA System",
  productIds: BUNDLE_PRODUCT_IDS,
  bundlePriceCents: 10000,
  subscriptionDiscount: 20,
};
const SUBSCRIPTION_CENTS = bundleSetCents(COMPLETE_BUNDLE, true);
/** "$80" rather than "$80.00": the banner's prices are whole dollars. */
const dollars = (cents: number) => formatMoney(cents).replace(/\.00$/, "");

/**
 * Bundle offer: 130 separately, 100 per month together, or subscribed at the bundle price less its
 * subscription discount; either lands on /checkout after 500 ms.
 */
export function BundleOffer() {
  const add = useAddToCart({ silent: true });
  const navigate = useNavigate();
  const [busy, setBusy] = useState<"once" | "subscribe" | null>(null);

  async function addBundle(mode: "once" | "subscribe") {
    if (busy) return;
    setBusy(mode);
    try {
      await add.mutateAsync(
        BUNDLE_PRODUCT_IDS.map((productId) => ({
          productId,
          quantity: 1,
          isSubscription: mode === "subscribe",
          bundleId: COMPLETE_BUNDLE_ID,
        })),
      );
      await new Promise((r) => setTimeout(r, 500));
      navigate("/checkout");
    } catch {
      // The add mutation already showed the error toast.
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="bundle-title" className="container-shop py-16">
      <div className="on-forest grid items-center gap-10 overflow-hidden rounded-card bg-forest p-8 text-cream shadow-card md:grid-cols-2 md:p-12">
        <div>
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-bright uppercase">
            Most popular · 78% choose it
          </p>
          <h2 id="bundle-title" className="mt-3 text-3xl text-cream">
            The Complete MANA System
          </h2>
          <p className="mt-4 text-cream/90">
            All four formulas for focus, rest, resilience and vitality, in one monthly delivery. Free
            shipping, and our 60-day guarantee.
          </p>
          <p className="mt-6 flex items-baseline gap-3">
            <span className="font-display text-4xl text-cream">$100</span>
            <span className="text-cream/90">/month</span>
            <s className="text-cream/80">$130</s>
            {/* Ink that stays dark in both themes: the gold does not change with the theme. */}
            <span className="rounded-full bg-gold-bright px-3 py-1 text-sm font-semibold whitespace-nowrap text-[#1b1f1c]">
              Save $30
            </span>
          </p>
          <p className="mt-1 text-sm text-cream/80">$3.33 per day for the complete system</p>
          {/* Two ways to buy: a button and its price side by side on a wide screen, stacked on a phone. */}
          <div className="mt-8 grid items-center gap-x-5 gap-y-2 sm:grid-cols-[auto_1fr] sm:gap-y-5">
            <Button
              variant="inverse"
              size="lg"
              fullWidth
              onClick={() => void addBundle("once")}
              pending={busy === "once"}
              pendingText="Adding the bundle…"
            >
              Get the Complete System
            </Button>
            <p className="text-sm text-cream/90 max-sm:mb-3">
              <strong className="font-display text-xl font-normal text-cream">$100</strong> one-time, one
              month's supply
            </p>
            <Button
              variant="ghost-inverse"
              size="lg"
              fullWidth
              className="border-2 border-cream"
              aria-describedby="bundle-subscribe-price"
              onClick={() => void addBundle("subscribe")}
              pending={busy === "subscribe"}
              pendingText="Adding the bundle…"
            >
              Subscribe &amp; Save {COMPLETE_BUNDLE.subscriptionDiscount}%
            </Button>
            <p id="bundle-subscribe-price" className="text-sm text-cream/90">
              <strong className="font-display text-xl font-normal text-cream">
                {dollars(SUBSCRIPTION_CENTS)}/month
              </strong>
              <span className="block">Delivered monthly. Pause or cancel any time.</span>
            </p>
          </div>
        </div>
        <img
          src="/images/bundle.svg"
          alt="Korean Ginseng, Total Restore, Ashwagandha and Verdant Edge side by side"
          width={1200}
          height={800}
          loading="lazy"
          className="w-full rounded-card bg-sand"
        />
      </div>
    </section>
  );
}
