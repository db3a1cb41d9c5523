import type { ProductLabel } from "../../core/contracts/product-label.ts";
import type { ProductReviewsResponse } from "../../core/contracts/reviews.ts";
import { type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import type { Currency } from "../../core/markets.ts";
import { formatCents } from "../../core/money.ts";
import { formatAverage } from "../../core/rating.ts";

/** What the product page knows of a product that its structured data describes. */
export interface JsonLdProduct {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: string;
  imageUrl: string;
  inStock: boolean;
}

export interface ProductJsonLdInput {
  product: JsonLdProduct;
  origin: string;
  label: ProductLabel | null;
  /** The page's language: its words are the loader's, its address this language's (English when absent). */
  locale?: Locale;
  /** The label's property names in the page's language (English when absent). */
  words?: { servingSize: string; servingsPerContainer: string };
  /** The published reviews the page shows, and the summary of all of them. */
  reviews?: ProductReviewsResponse;
  /**
   * The price the page shows, in the shopper's currency (decision 051); null cents when the product is not
   * sold in it (no offer). Without it, the product's own US dollar price.
   */
  offer?: { currency: Currency; cents: number | null };
}

/**
 * The product page's JSON-LD: one schema.org Product node (Google's product rich result), marked as a
 * DietarySupplement through `additionalType` rather than a second `@type` (decision 023). Everything the
 * page says about the product in structured form is added here, in one place.
 */
export function productJsonLd({
  product: p,
  origin,
  label,
  locale = "en",
  words = { servingSize: "Serving size", servingsPerContainer: "Servings per container" },
  reviews,
  offer,
}: ProductJsonLdInput): Record<string, unknown> {
  const price = offer === undefined ? p.price : offer.cents === null ? null : formatCents(offer.cents);
  const url = `${origin}${pathInLocale(`/products/${p.slug}`, locale)}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    additionalType: "https://schema.org/DietarySupplement",
    name: p.name,
    description: p.description,
    image: `${origin}${p.imageUrl}`,
    url,
    sku: `MANA-${p.id}`,
    brand: { "@type": "Brand", name: "MANA" },
    ...(label ? supplementProperties(label, words) : {}),
    ...(price === null
      ? {}
      : {
          offers: {
            "@type": "Offer",
            price,
            priceCurrency: offer?.currency ?? "USD",
            availability: p.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            url,
          },
        }),
    ...(reviews ? reviewsJsonLd(reviews) : {}),
  };
}

/** The label's facts as PropertyValue pairs, which Product accepts and a DietarySupplement reader understands. */
function supplementProperties(label: ProductLabel, words: NonNullable<ProductJsonLdInput["words"]>) {
  const active = label.ingredients.filter((i) => !i.sub);
  return {
    additionalProperty: [
      { "@type": "PropertyValue", name: words.servingSize, value: label.servingSize },
      { "@type": "PropertyValue", name: words.servingsPerContainer, value: label.servingsPerContainer },
      ...active.map((i) => ({ "@type": "PropertyValue", name: i.name, value: i.amount })),
    ],
  };
}

/**
 * The product's published reviews for search engines: the rating over all of them and the reviews on the
 * page shown. Nothing when there are none: no rating is ever made up.
 */
function reviewsJsonLd({ summary, reviews }: ProductReviewsResponse) {
  if (summary.average === null || summary.count === 0) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: formatAverage(summary.average),
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.authorName },
      datePublished: r.createdAt.slice(0, 10),
      name: r.title,
      reviewBody: r.body,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
