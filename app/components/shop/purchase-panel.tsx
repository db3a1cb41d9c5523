import { useId, useState } from "react";
import { lineTotalCents, subscriptionDiscountPercent } from "../../../core/pricing.ts";
import { useAddToCart } from "../../hooks/use-cart.ts";
import { useT } from "../../i18n/i18n.tsx";
import { usePrices } from "../../lib/currency.ts";
import { Button } from "../ui/button.tsx";
import { NotifyMe } from "./notify-me.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";

interface Props {
  product: {
    id: number;
    name: string;
    priceCents: number;
    subscriptionDiscount: number | null;
    inStock: boolean;
  };
}

/** One-time or subscribe (15% off unless the product sets its own), quantity, Add to cart; or out of stock. */
export function PurchasePanel({ product }: Props) {
  const prices = usePrices();
  // The price in the shopper's currency (decision 051): a product not sold in it has no button.
  const priceCents = prices.product(product.id);
  if (priceCents === null) return <NotSoldHere />;
  if (!product.inStock) return <OutOfStock product={product} />;
  return <InStockPanel product={{ ...product, priceCents }} />;
}

/** A product without a price in the shopper's currency: said in words, with no button. */
function NotSoldHere() {
  const t = useT();
  const prices = usePrices();
  return (
    <div className="rounded-card border-2 border-sand-deep bg-sand p-5">
      <p className="font-display text-2xl">{t("shop.price.unavailable", { currency: prices.sign })}</p>
    </div>
  );
}

/** Nothing to add: said in words, with no button that could only fail; Notify Me in its place. */
function OutOfStock({ product }: Props) {
  const t = useT();
  return (
    <div className="grid gap-4 rounded-card border-2 border-sand-deep bg-sand p-5">
      <div role="status">
        <p className="font-display text-2xl">{t("shop.outOfStock")}</p>
        <p className="mt-1 text-muted">{t("shop.outOfStockText")}</p>
      </div>
      <NotifyMe productId={product.id} name={product.name} />
    </div>
  );
}

function InStockPanel({ product }: Props) {
  const [mode, setMode] = useState<"once" | "subscribe">("once");
  const [quantity, setQuantity] = useState(1);
  const add = useAddToCart();
  const t = useT();
  const name = useId();
  const { format: formatMoney } = usePrices();
  const discount = subscriptionDiscountPercent(product.subscriptionDiscount);
  const isSubscription = mode === "subscribe";
  const total = lineTotalCents(product.priceCents, quantity, isSubscription ? discount : 0);
  const option = "flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 bg-white px-4 py-3";
  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">{t("shop.purchase.option")}</legend>
        <label className={`${option} ${!isSubscription ? "border-forest" : "border-sand-deep"}`}>
          <input
            type="radio"
            name={name}
            checked={!isSubscription}
            onChange={() => setMode("once")}
            className="size-5 accent-forest"
          />
          <span className="flex-1">{t("shop.purchase.once")}</span>
          <span className="font-semibold tabular-nums">{formatMoney(product.priceCents)}</span>
        </label>
        <label className={`${option} ${isSubscription ? "border-forest" : "border-sand-deep"}`}>
          <input
            type="radio"
            name={name}
            checked={isSubscription}
            onChange={() => setMode("subscribe")}
            className="size-5 accent-forest"
          />
          <span className="flex-1">
            {t("shop.purchase.subscribe", { discount })}
            <span className="block text-sm text-muted">{t("shop.purchase.subscribeTerms")}</span>
          </span>
          <span className="font-semibold tabular-nums">
            {formatMoney(lineTotalCents(product.priceCents, 1, discount))}
          </span>
        </label>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <QuantityStepper
          value={quantity}
          label={product.name}
          onDecrease={() => setQuantity((q) => Math.max(1, q - 1))}
          onIncrease={() => setQuantity((q) => Math.min(99, q + 1))}
        />
        <Button
          size="lg"
          className="flex-1"
          pending={add.isPending}
          pendingText={t("shop.card.adding")}
          onClick={() => add.mutate({ productId: product.id, quantity, isSubscription })}
        >
          {t("shop.purchase.add", { total: formatMoney(total) })}
        </Button>
      </div>
    </div>
  );
}
