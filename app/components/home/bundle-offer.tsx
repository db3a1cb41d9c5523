import { useState } from "react";
import { useNavigate } from "react-router";
import { useAddToCart } from "../../hooks/use-cart.ts";
import { Button } from "../ui/button.tsx";

/** The stack that the home bundle button adds: its lines carry this id so the $100 price holds. */
export const COMPLETE_BUNDLE_ID = "complete-mana-system";
const BUNDLE_PRODUCT_IDS = [1, 2, 3, 4];

/** Bundle offer: 130 separately, 100 per month together; lands on /checkout after 500 ms. */
export function BundleOffer() {
  const add = useAddToCart({ silent: true });
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function addBundle() {
    setBusy(true);
    try {
      await add.mutateAsync(
        BUNDLE_PRODUCT_IDS.map((productId) => ({
          productId,
          quantity: 1,
          isSubscription: false,
          bundleId: COMPLETE_BUNDLE_ID,
        })),
      );
      await new Promise((r) => setTimeout(r, 500));
      navigate("/checkout");
    } catch {
      // The add mutation already showed the error toast.
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="bundle-title" className="container-shop py-16">
      <div className="grid items-center gap-10 overflow-hidden rounded-card bg-forest p-8 text-cream shadow-card md:grid-cols-2 md:p-12">
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
            <span className="rounded-full bg-gold-bright px-3 py-1 text-sm font-semibold text-ink">
              Save $30
            </span>
          </p>
          <p className="mt-1 text-sm text-cream/80">$3.33 per day for the complete system</p>
          <Button
            variant="inverse"
            size="lg"
            className="mt-8"
            onClick={addBundle}
            pending={busy}
            pendingText="Adding the bundle…"
          >
            Get the Complete System
          </Button>
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
