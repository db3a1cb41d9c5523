import Check from "lucide-react/icons/check";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import ShieldCheck from "lucide-react/icons/shield-check";
import Truck from "lucide-react/icons/truck";
import { isRouteErrorResponse } from "react-router";
import { localeOfPath, pathInLocale } from "../../core/i18n/locales.ts";
import { dailyPriceCents } from "../../core/pricing.ts";
import { FdaDisclaimer } from "../components/layout/fda-disclaimer.tsx";
import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { ProductReviews } from "../components/reviews/product-reviews.tsx";
import {
  FoodSupplementKind,
  FoodSupplementNotice,
  LowestPriceNote,
  VatIncluded,
} from "../components/shop/market-notes.tsx";
import { ProductLabelSection } from "../components/shop/product-label-section.tsx";
import { Prop65Notice } from "../components/shop/prop65-warning.tsx";
import { PurchasePanel } from "../components/shop/purchase-panel.tsx";
import { RelatedContent } from "../components/shop/related-content.tsx";
import { WishlistHeart } from "../components/shop/wishlist-heart.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { pricesOf, type ShopPrices, usePrices } from "../lib/currency.ts";
import { productJsonLd } from "../lib/product-json-ld.ts";
import type { Route } from "./+types/product";

export { loader } from "./product.server.ts";

/** The 404's title in the page's language, which the loader throws with it (see product.server.ts). */
function notFoundTitle(error: unknown): string {
  return isRouteErrorResponse(error) && typeof error.data?.title === "string"
    ? error.data.title
    : "Product not found";
}

// The fixed words come from the loader in the page's language: a meta function has no translator.
export const meta: Route.MetaFunction = ({ loaderData: d, location, error, matches }) => {
  if (!d) return [{ title: `${notFoundTitle(error)} | MANA` }, { name: "robots", content: "noindex" }];
  const { product: p, origin } = d;
  // The page's own language's address: each language is its own page for search engines (decision 049).
  const url = `${origin}${pathInLocale(`/products/${p.slug}`, localeOfPath(location.pathname))}`;
  const image = `${origin}${p.imageUrl}`;
  const imageAlt = d.meta.imageAlt;
  const description = `${p.name} (${p.packageSize}): ${p.tagline}. ${p.description}`.slice(0, 300);
  // The offer in the shopper's currency, as the page shows it (the root loader's price list, decision 051).
  const shop = (matches.find((m) => m?.id === "root")?.loaderData as { prices?: ShopPrices } | undefined)
    ?.prices;
  const prices = shop ? pricesOf(shop) : null;
  const jsonLd = productJsonLd({
    ...d,
    offer: prices ? { currency: prices.currency, cents: prices.product(p.id) } : undefined,
  });
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
  { Icon: ShieldCheck, text: "shop.promise.guarantee" },
  { Icon: Truck, text: "shop.promise.freeShipping" },
  { Icon: RotateCcw, text: "shop.promise.ships" },
];

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product: p, label, reviews } = loaderData;
  const t = useT();
  const prices = usePrices();
  const priceCents = prices.product(p.id);
  return (
    <>
      <section className="container-shop grid gap-10 py-12 md:grid-cols-2">
        {/* The heart sits on the picture's corner, as on the product cards: beside a long name it would
            push the page wider than a phone. */}
        <div className="relative rounded-card bg-sand p-6 md:self-start">
          <WishlistHeart
            item={{ productId: p.id }}
            name={p.name}
            className="absolute top-8 right-8 bg-white/80"
          />
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
          <nav aria-label={t("shop.breadcrumb")} className="text-sm text-muted">
            <Link to="/" className="hover:underline">
              {t("shop.home")}
            </Link>{" "}
            / <span aria-current="page">{p.name}</span>
          </nav>
          <div>
            <FoodSupplementKind />
            <h1 className="text-4xl">{p.name}</h1>
            <p className="mt-2 text-lg text-muted">{p.tagline}</p>
          </div>
          {priceCents === null ? null : (
            <div>
              <span className="font-display text-3xl text-gold">{prices.format(priceCents)}</span>
              <span className="text-muted"> {t("shop.perMonth")}</span> <VatIncluded />
              <span className="block text-sm text-muted">
                {t("shop.perDay", {
                  price: prices.format(dailyPriceCents(priceCents)),
                  size: p.packageSize,
                })}
              </span>
              {/* The subscription's saving is announced beside this price: in pounds and euros, the lowest
                  price of the last 30 days goes with it. */}
              <LowestPriceNote item={`product:${p.id}`} className="mt-1 text-muted" />
            </div>
          )}
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
          {/* California's warning on the product page, before the product can be bought (27 CCR §25602(b)). */}
          {label?.prop65 ? <Prop65Notice warning={label.prop65} /> : null}
          {label ? <FoodSupplementNotice dailyDose={label.servingSize} /> : null}
          <PurchasePanel product={p} />
          <ul className="grid gap-2 rounded-card bg-sand p-4 text-sm">
            {promises.map(({ Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon className="size-5 text-forest" aria-hidden />
                {t(text, { amount: prices.whole(prices.freeShippingOverCents) })}
              </li>
            ))}
          </ul>
          <FdaDisclaimer />
        </div>
      </section>
      {label ? <ProductLabelSection productName={p.name} productSlug={p.slug} label={label} /> : null}
      <ProductReviews productId={p.id} reviews={reviews} />
      <RelatedContent productId={p.id} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <RouteErrorPage
      error={error}
      notFound={{ title: t("shop.notFound.title"), text: t("shop.notFound.text") }}
      to="/"
      linkLabel={t("shop.notFound.back")}
    />
  );
}
