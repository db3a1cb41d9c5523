import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { usePrices } from "../../lib/currency.ts";

export interface RelatedProduct {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  price: string;
  imageUrl: string;
  packageSize: string;
}

/** A product named by an article; following it records a product_click. */
export function RelatedProductCard({
  product,
  onOpen,
  compact = false,
}: {
  product: RelatedProduct;
  onOpen: (productId: number) => void;
  compact?: boolean;
}) {
  const t = useT();
  // The price in the shopper's currency (decision 051), or that the product is not sold in it.
  const prices = usePrices();
  const cents = prices.product(product.id);
  return (
    <div className="group relative flex items-center gap-4 rounded-card bg-white p-4 shadow-card transition-shadow hover:shadow-lg">
      <img
        src={product.imageUrl}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        className={`${compact ? "size-16" : "size-24"} shrink-0 rounded-xl bg-sand`}
      />
      <div className="min-w-0">
        <p className="font-display text-lg text-forest">
          <Link
            to={`/products/${product.slug}`}
            onClick={() => onOpen(product.id)}
            className="after:absolute after:inset-0 after:content-['']"
          >
            {product.name}
          </Link>
        </p>
        <p className="text-sm text-muted">{product.tagline}</p>
        <p className="mt-1 text-sm font-semibold text-gold">
          {cents === null ? t("shop.price.unavailable", { currency: prices.sign }) : prices.format(cents)}{" "}
          <span className="font-normal text-muted">
            {t("knowledge.product.supply", { size: product.packageSize })}
          </span>
        </p>
      </div>
    </div>
  );
}
