import Check from "lucide-react/icons/check";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import ShieldCheck from "lucide-react/icons/shield-check";
import Truck from "lucide-react/icons/truck";
import { Link } from "react-router";
import { formatAverage, type ProductReviewsResponse } from "../../core/contracts/reviews.ts";
import { formatMoney } from "../../core/money.ts";
import { dailyPriceCents } from "../../core/pricing.ts";
import { FdaDisclaimer } from "../components/layout/fda-disclaimer.tsx";
import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { ProductReviews } from "../components/reviews/product-reviews.tsx";
import { PurchasePanel } from "../components/shop/purchase-panel.tsx";
import { RelatedContent } from "../components/shop/related-content.tsx";
import type { Route } from "./+types/product";

export { loader } from "./product.server.ts";

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

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [{ title: "Product not found | MANA" }, { name: "robots", content: "noindex" }];
  const { product: p, origin, reviews } = d;
  const url = `${origin}/products/${p.slug}`;
  const image = `${origin}${p.imageUrl}`;
  const imageAlt = `${p.name}, ${p.packageSize}: the product's package`;
  const description = `${p.name} (${p.packageSize}): ${p.tagline}. ${p.description}`.slice(0, 300);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    description: p.description,
    image,
    sku: `MANA-${p.id}`,
    brand: { "@type": "Brand", name: "MANA" },
    offers: {
      "@type": "Offer",
      price: p.price,
      priceCurrency: "USD",
      availability: p.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url,
    },
    ...reviewsJsonLd(reviews),
  };
  return [
    { title: `${p.name} | MANA` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: `${p.name} | MANA` },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: `${p.name} | MANA` },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { "script:ld+json": jsonLd },
  ];
};

const promises = [
  { Icon: ShieldCheck, text: "60-day money-back guarantee" },
  { Icon: Truck, text: "Free shipping on orders over $75" },
  { Icon: RotateCcw, text: "Ships in 2-3 business days" },
];

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product: p, reviews, viewer } = loaderData;
  return (
    <>
      <section className="container-shop grid gap-10 py-12 md:grid-cols-2">
        <div className="rounded-card bg-sand p-6 md:self-start">
          <img
            src={p.imageUrl}
            alt={`${p.name}, ${p.packageSize}`}
            width={800}
            height={800}
            fetchPriority="high"
            className="aspect-square w-full object-contain"
          />
        </div>
        <div className="flex flex-col gap-5">
          <nav aria-label="Breadcrumb" className="text-sm text-muted">
            <Link to="/" className="hover:underline">
              Home
            </Link>{" "}
            / <span aria-current="page">{p.name}</span>
          </nav>
          <div>
            <h1 className="text-4xl">{p.name}</h1>
            <p className="mt-2 text-lg text-muted">{p.tagline}</p>
          </div>
          <p>
            <span className="font-display text-3xl text-gold">{formatMoney(p.priceCents)}</span>
            <span className="text-muted"> per 30-day month</span>
            <span className="block text-sm text-muted">
              {formatMoney(dailyPriceCents(p.priceCents))} per day · {p.packageSize}
            </span>
          </p>
          <p>{p.description}</p>
          <ul className="grid gap-2">
            {p.benefits.map((b) => (
              <li key={b} className="flex gap-2">
                <Check className="mt-1 size-4 shrink-0 text-verdant" aria-hidden />
                <span>
                  {b}
                  <span aria-hidden>*</span>
                </span>
              </li>
            ))}
          </ul>
          <PurchasePanel product={p} />
          <ul className="grid gap-2 rounded-card bg-sand p-4 text-sm">
            {promises.map(({ Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon className="size-5 text-forest" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
          <FdaDisclaimer />
        </div>
      </section>
      <ProductReviews productId={p.id} reviews={reviews} viewer={viewer} />
      <RelatedContent productId={p.id} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorPage
      error={error}
      notFound={{ title: "Product not found", text: "We couldn't find that product." }}
      to="/"
      linkLabel="Back to home"
    />
  );
}
