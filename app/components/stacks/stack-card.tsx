import Award from "lucide-react/icons/award";
import Check from "lucide-react/icons/check";
import ShieldCheck from "lucide-react/icons/shield-check";
import Star from "lucide-react/icons/star";
import TrendingUp from "lucide-react/icons/trending-up";
import Users from "lucide-react/icons/users";
import type { Stack } from "../../../core/contracts/content.ts";
import { dailyPriceCents, stackCustomers, stackRating } from "../../../core/pricing.ts";
import { type CartLineInput, useAddToCart } from "../../hooks/use-cart.ts";
import { type Translator, useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { rich } from "../../i18n/rich.tsx";
import { stackFiguresOf, usePrices } from "../../lib/currency.ts";
import { LowestPriceNote, VatIncluded } from "../shop/market-notes.tsx";
import { WishlistHeart } from "../shop/wishlist-heart.tsx";
import { Button } from "../ui/button.tsx";
import { OutcomeChip } from "./outcome-icon.tsx";

/** A stack is 'Popular' above this popularity score. */
export const POPULAR_ABOVE = 85;

export function StackBadges({ stack }: { stack: Stack }) {
  const t = useT();
  const prices = usePrices();
  // The saving in the shopper's currency (decision 051).
  const p = stackFiguresOf(stack, prices);
  return (
    <div className="flex flex-wrap gap-2">
      <span className="inline-flex items-center gap-1 rounded-full bg-forest px-3 py-1 text-sm font-semibold text-cream">
        <Award className="size-4" aria-hidden />
        {t(stack.expertEndorsed ? "stacks.badge.expert" : "stacks.badge.stack")}
      </span>
      {stack.popularityScore > POPULAR_ABOVE ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-gold px-3 py-1 text-sm font-semibold text-white">
          <TrendingUp className="size-4" aria-hidden /> {t("stacks.badge.popular")}
        </span>
      ) : null}
      {p && p.discountPercent > 0 ? (
        <span className="rounded-full bg-verdant/10 px-3 py-1 text-sm font-semibold text-verdant">
          {t("stacks.badge.save", { percent: p.discountPercent, savings: prices.format(p.savingsCents) })}
        </span>
      ) : null}
    </div>
  );
}

/** The toast after a stack's products are in the cart. */
const describeStack = (t: Translator["t"]) => (lines: CartLineInput[]) =>
  t(lines[0]?.isSubscription ? "stacks.toast.addedSubscription" : "stacks.toast.added", {
    count: lines.length,
  });

export function StackButtons({ stack, showDetails = true }: { stack: Stack; showDetails?: boolean }) {
  const t = useT();
  const add = useAddToCart({ describe: describeStack(t) });
  const prices = usePrices();
  const p = stack.pricingStrategy;
  const figures = stackFiguresOf(stack, prices);
  const priceId = `stack-${stack.slug}-subscription-price`;
  // Every product once, under the stack's slug as `bundleId` so the cart prices the lines at the stack's
  // price (or its subscription discount).
  const addStack = (isSubscription: boolean) =>
    add.mutate(
      stack.productCombination.map((x) => ({
        productId: x.id,
        quantity: 1,
        isSubscription,
        bundleId: stack.slug,
      })),
    );
  // A stack not sold in the shopper's currency (decision 051): said in words, no buttons to add it.
  if (!figures)
    return (
      <div className="flex flex-col gap-3">
        <p className="rounded-xl border-2 border-sand-deep p-3 text-center font-semibold text-muted">
          {t("shop.price.unavailable", { currency: prices.sign })}
        </p>
        {showDetails ? (
          <Button asChild variant="secondary">
            <Link to={`/stacks/${stack.slug}`}>
              {t("stacks.button.details")}
              <span className="sr-only">{t("stacks.button.detailsOf", { name: stack.name })}</span>
            </Link>
          </Button>
        ) : null}
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      <Button size="lg" disabled={add.isPending} onClick={() => addStack(false)}>
        {t("stacks.button.add", { price: prices.format(figures.bundleCents) })}
      </Button>
      <div className={`grid gap-3 ${showDetails ? "sm:grid-cols-2" : ""}`}>
        {showDetails ? (
          <Button asChild variant="secondary">
            <Link to={`/stacks/${stack.slug}`}>
              {t("stacks.button.details")}
              <span className="sr-only">{t("stacks.button.detailsOf", { name: stack.name })}</span>
            </Link>
          </Button>
        ) : null}
        <Button
          variant="accent"
          disabled={add.isPending}
          aria-describedby={priceId}
          onClick={() => addStack(true)}
        >
          {t("stacks.button.subscribe", { percent: p.subscriptionDiscount })}
        </Button>
      </div>
      <p id={priceId} className="text-sm text-muted">
        {rich(
          t,
          "stacks.subscribed",
          {
            price: (
              <span className="font-semibold text-gold">
                {t("stacks.perMonth", { price: prices.format(figures.subscriptionCents) })}
              </span>
            ),
          },
          { percent: p.subscriptionDiscount },
        )}
      </p>
    </div>
  );
}

export function StackFooter({ stack }: { stack: Stack }) {
  const t = useT();
  const locale = useLocale();
  const numbers = new Intl.NumberFormat(locale);
  const rating = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <p className="flex flex-wrap items-center justify-between gap-3 border-t border-sand-deep pt-4 text-sm text-muted">
      <span className="inline-flex items-center gap-1.5">
        <Users className="size-4" aria-hidden />{" "}
        {t("stacks.footer.customers", { count: numbers.format(stackCustomers(stack.popularityScore)) })}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Star className="size-4 fill-gold-bright text-gold-bright" aria-hidden />{" "}
        {rating.format(Number(stackRating(stack.popularityScore)))}
        <span className="sr-only">{t("stacks.footer.outOf")}</span>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <ShieldCheck className="size-4" aria-hidden /> {t("stacks.footer.guarantee")}
      </span>
    </p>
  );
}

export function StackPrice({ stack }: { stack: Stack }) {
  const t = useT();
  const prices = usePrices();
  const p = stackFiguresOf(stack, prices);
  if (!p) return null;
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <s className="text-muted">
        <span className="sr-only">{t("stacks.price.individually")}</span>
        {prices.format(p.individualCents)}
      </s>
      <span className="font-display text-3xl font-semibold text-forest">
        <span className="sr-only">{t("stacks.price.stack")}</span>
        {prices.format(p.bundleCents)}
      </span>
      <VatIncluded />
      <span className="text-sm text-muted">
        {t("stacks.perDay", { price: prices.format(dailyPriceCents(p.bundleCents)) })}
      </span>
      {/* The struck-through price announces a reduction: in pounds and euros, with the lowest price of
          the last 30 days (decision 051). */}
      {p.savingsCents > 0 ? (
        <LowestPriceNote item={`stack:${stack.id}`} className="basis-full text-muted" />
      ) : null}
    </div>
  );
}

/** A stack on the stacks page: badges, outcomes, how it works, its products, price, buttons, customers. */
export function StackCard({ stack }: { stack: Stack }) {
  const t = useT();
  const prices = usePrices();
  return (
    <article className="flex h-full flex-col gap-5 rounded-card bg-white p-6 shadow-card md:p-8">
      <StackBadges stack={stack} />
      <div>
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-2xl">{stack.name}</h3>
          <WishlistHeart item={{ stackId: stack.id }} name={stack.name} className="-mt-2 shrink-0" />
        </div>
        <p className="mt-2 text-muted">{stack.description}</p>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={t("stacks.card.outcomes")}>
        {stack.targetOutcomes.map((o) => (
          <li key={o}>
            <OutcomeChip outcome={o} />
          </li>
        ))}
      </ul>
      <div className="rounded-xl bg-sand p-4">
        <h4 className="text-base">{t("stacks.card.howItWorks")}</h4>
        <p className="mt-1 text-sm leading-relaxed">{stack.synergyExplanation}</p>
      </div>
      <div>
        <h4 className="text-base">{t("stacks.card.includes", { count: stack.productCombination.length })}</h4>
        <ul className="mt-3 flex flex-col gap-3">
          {stack.productCombination.map((p) => (
            <li key={p.id} className="flex items-start justify-between gap-4">
              <span className="flex items-start gap-2">
                <Check className="mt-1 size-4 shrink-0 text-verdant" aria-hidden />
                <span>
                  <span className="block font-semibold text-ink">{p.name}</span>
                  <span className="block text-sm text-muted">{p.tagline}</span>
                </span>
              </span>
              <span className="shrink-0 text-right text-sm">
                <ProductPrice cents={prices.product(p.id)} />
                <span className="block text-muted">{t("stacks.card.supply")}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-auto flex flex-col gap-5">
        <StackPrice stack={stack} />
        <StackButtons stack={stack} />
        <StackFooter stack={stack} />
      </div>
    </article>
  );
}

/** A stack's product's own price in the shopper's currency, or that it is not sold in it. */
function ProductPrice({ cents }: { cents: number | null }) {
  const t = useT();
  const prices = usePrices();
  return (
    <span className="block font-semibold text-ink">
      {cents === null ? t("shop.price.unavailable", { currency: prices.sign }) : prices.format(cents)}
    </span>
  );
}

export function StackCardSkeleton() {
  return (
    <div className="flex h-[36rem] flex-col gap-5 rounded-card bg-white p-8 shadow-card" aria-hidden>
      <div className="h-7 w-40 animate-pulse rounded-full bg-sand motion-reduce:animate-none" />
      <div className="h-8 w-2/3 animate-pulse rounded bg-sand motion-reduce:animate-none" />
      <div className="h-16 animate-pulse rounded bg-sand motion-reduce:animate-none" />
      <div className="h-24 animate-pulse rounded-xl bg-sand motion-reduce:animate-none" />
      <div className="mt-auto h-12 animate-pulse rounded-full bg-sand motion-reduce:animate-none" />
    </div>
  );
}
