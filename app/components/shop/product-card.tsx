import Check from "lucide-react/icons/check";
import { dailyPriceCents } from "../../../core/pricing.ts";
import { type CardRating, formatAverage } from "../../../core/rating.ts";
import { useAddToCart } from "../../hooks/use-cart.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { usePrices } from "../../lib/currency.ts";
import { Stars } from "../reviews/stars.tsx";
import { Button } from "../ui/button.tsx";
import { VatIncluded } from "./market-notes.tsx";
import { WishlistHeart } from "./wishlist-heart.tsx";

export interface ProductSummary {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  price: string;
  benefits: string[];
  imageUrl: string;
  packageSize: string;
  accent: string;
  inStock: boolean;
  /** Published reviews' average and count; null (no line shown) without any. */
  rating?: CardRating | null;
}

/**
 * A product in the home grid: image, name, three benefits, monthly and daily price, add to cart. The card
 * fills its grid cell and keeps the price and button at its foot, so the buttons of a row line up.
 */
export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  const add = useAddToCart();
  const t = useT();
  // The price in the shopper's currency (decision 051); none when the product is not sold in it.
  const prices = usePrices();
  const cents = prices.product(product.id);
  // Both of the button's names formatted while rendering: the page carries them from its first byte.
  const addLabel = {
    idle: t("shop.card.addLabel", { name: product.name }),
    pending: t("shop.card.addingLabel", { name: product.name }),
  };
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card">
      <Link to={`/products/${product.slug}`} className="block bg-sand" tabIndex={-1} aria-hidden>
        <img
          src={product.imageUrl}
          alt=""
          width={400}
          height={400}
          loading={priority ? "eager" : "lazy"}
          className="aspect-square w-full object-contain p-4"
        />
      </Link>
      {/* Over the image's corner, after it in the reading order: the card's name comes first. */}
      <WishlistHeart
        item={{ productId: product.id }}
        name={product.name}
        className="absolute top-2 right-2 bg-white/80"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h3 className="text-xl">
            <Link to={`/products/${product.slug}`} className="hover:underline">
              {product.name}
            </Link>
          </h3>
          <p className="text-sm text-muted">
            {product.tagline} · {product.packageSize}
          </p>
          {product.rating ? <CardRatingLine rating={product.rating} /> : null}
        </div>
        <ul className="grid gap-1.5 text-sm">
          {product.benefits.slice(0, 3).map((b) => (
            <li key={b} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0" style={{ color: product.accent }} aria-hidden />
              <span>
                {b}
                <span aria-hidden>*</span>
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-auto grid gap-3 pt-2">
          {/* The daily price wraps as one phrase, never "day" alone. */}
          {cents === null ? null : (
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span>
                <span className="text-xl font-semibold text-gold">{prices.format(cents)}</span>
                <span className="text-sm text-muted">{t("shop.card.perMonth")}</span>
              </span>
              <VatIncluded />
              <span className="text-sm whitespace-nowrap text-muted">
                {t("shop.card.perDay", { price: prices.format(dailyPriceCents(cents)) })}
              </span>
            </p>
          )}
          {cents === null ? (
            <p className="flex min-h-11 items-center justify-center rounded-full border-2 border-sand-deep text-center text-sm font-semibold text-muted">
              {t("shop.price.unavailable", { currency: prices.sign })}
            </p>
          ) : product.inStock ? (
            <Button
              size="sm"
              fullWidth
              onClick={() => add.mutate({ productId: product.id, isSubscription: false })}
              pending={add.isPending}
              pendingText={t("shop.card.adding")}
              // The accessible name starts with the visible text (WCAG 2.5.3), then names the product.
              aria-label={add.isPending ? addLabel.pending : addLabel.idle}
            >
              {t("shop.card.add")}
            </Button>
          ) : (
            // In place of the button, at its height, so the row's cards still line up.
            <p className="flex min-h-11 items-center justify-center rounded-full border-2 border-sand-deep text-sm font-semibold text-muted">
              {t("shop.outOfStock")}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}

/** The card's stars, average and count of reviews, in the page's language. */
function CardRatingLine({ rating }: { rating: CardRating }) {
  const t = useT();
  const average = formatAverage(rating.average, useLocale());
  return (
    <p className="mt-1 flex items-center gap-2 text-sm">
      <Stars rating={rating.average} label={t("shop.card.rated", { average })} />
      <span>
        {average} <span className="text-muted">{t("shop.card.reviewCount", { count: rating.count })}</span>
      </span>
    </p>
  );
}
