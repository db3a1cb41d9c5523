import { useState } from "react";
import { useNavigate } from "react-router";
import { dailyPriceCents } from "../../../core/pricing.ts";
import { useAddToCart } from "../../hooks/use-cart.ts";
import { useT } from "../../i18n/i18n.tsx";
import { useLocalePath } from "../../i18n/link.tsx";
import { rich } from "../../i18n/rich.tsx";
import { stackFigures, usePrices } from "../../lib/currency.ts";
import { LowestPriceNote, VatIncluded } from "../shop/market-notes.tsx";
import { Button } from "../ui/button.tsx";

/** The stack that the home bundle button adds: its lines carry this id so the $100 price holds. */
export const COMPLETE_BUNDLE_ID = "complete-mana-system";
const BUNDLE_PRODUCT_IDS = [1, 2, 3, 4];
/** The Complete MANA System's subscription discount, as the catalogue (content/stacks.json) sets it; its
 * prices are the shopper's price list's (decision 051), and the server prices the cart from the catalogue. */
const SUBSCRIPTION_DISCOUNT = 20;

/**
 * Bundle offer: 130 separately, 100 per month together, or subscribed at the bundle price less its
 * subscription discount; either lands on /checkout after 500 ms.
 */
export function BundleOffer() {
  const add = useAddToCart({ silent: true });
  const navigate = useNavigate();
  const t = useT();
  const localePath = useLocalePath();
  const [busy, setBusy] = useState<"once" | "subscribe" | null>(null);
  // The stack's price, its products' own prices and the saving in the shopper's currency.
  const prices = usePrices();
  const figures = stackFigures(
    { id: -1, productIds: BUNDLE_PRODUCT_IDS, subscriptionDiscount: SUBSCRIPTION_DISCOUNT },
    { ...prices, stack: () => prices.stack(COMPLETE_BUNDLE_ID) },
  );
  /** "CA$135" rather than "CA$135.00": the banner's whole amounts drop their cents. */
  const { whole } = prices;

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
      navigate(localePath("/checkout"));
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
            {t("home.bundle.eyebrow")}
          </p>
          <h2 id="bundle-title" className="mt-3 text-3xl text-cream">
            {t("home.bundle.title")}
          </h2>
          <p className="mt-4 text-cream/90">{t("home.bundle.text")}</p>
          {figures ? (
            <>
              <p className="mt-6 flex flex-wrap items-baseline gap-3">
                <span className="font-display text-4xl text-cream">{whole(figures.bundleCents)}</span>
                <span className="text-cream/90">{t("home.bundle.perMonth")}</span>
                <s className="text-cream/80">{whole(figures.individualCents)}</s>
                {/* Ink that stays dark in both themes: the gold does not change with the theme. */}
                <span className="rounded-full bg-gold-bright px-3 py-1 text-sm font-semibold whitespace-nowrap text-[#1b1f1c]">
                  {t("home.bundle.save", { amount: whole(figures.savingsCents) })}
                </span>
              </p>
              <p className="mt-1 text-sm text-cream/80">
                {t("home.bundle.perDay", { price: prices.format(dailyPriceCents(figures.bundleCents)) })}
              </p>
              <VatIncluded className="text-cream/90" />
              <LowestPriceNote
                item={`stack:${prices.stackId(COMPLETE_BUNDLE_ID) ?? 0}`}
                className="mt-1 text-cream/90"
              />
              {/* Two ways to buy: a button and its price side by side on a wide screen, stacked on a phone. */}
              <div className="mt-8 grid items-center gap-x-5 gap-y-2 sm:grid-cols-[auto_1fr] sm:gap-y-5">
                <Button
                  variant="inverse"
                  size="lg"
                  fullWidth
                  onClick={() => void addBundle("once")}
                  pending={busy === "once"}
                  pendingText={t("home.bundle.adding")}
                >
                  {t("home.bundle.buyOnce")}
                </Button>
                <p className="text-sm text-cream/90 max-sm:mb-3">
                  {rich(t, "home.bundle.oncePrice", {
                    price: (
                      <strong className="font-display text-xl font-normal text-cream">
                        {whole(figures.bundleCents)}
                      </strong>
                    ),
                  })}
                </p>
                <Button
                  variant="ghost-inverse"
                  size="lg"
                  fullWidth
                  className="border-2 border-cream"
                  aria-describedby="bundle-subscribe-price"
                  onClick={() => void addBundle("subscribe")}
                  pending={busy === "subscribe"}
                  pendingText={t("home.bundle.adding")}
                >
                  {t("home.bundle.subscribe", { discount: SUBSCRIPTION_DISCOUNT })}
                </Button>
                <p id="bundle-subscribe-price" className="text-sm text-cream/90">
                  <strong className="font-display text-xl font-normal text-cream">
                    {t("home.bundle.subscribePrice", { price: whole(figures.subscriptionCents) })}
                  </strong>
                  <span className="block">{t("home.bundle.subscribeTerms")}</span>
                </p>
              </div>
            </>
          ) : (
            <p className="mt-6 font-semibold text-cream">
              {t("shop.price.unavailable", { currency: prices.sign })}
            </p>
          )}
        </div>
        <img
          src="/images/bundle.svg"
          alt={t("home.bundle.imageAlt")}
          width={1200}
          height={800}
          loading="lazy"
          className="w-full rounded-card bg-sand"
        />
      </div>
    </section>
  );
}
