import Trash from "lucide-react/icons/trash";
import type { WishlistEntry } from "../../../core/contracts/wishlist.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { stackFigures, usePrices } from "../../lib/currency.ts";
import { NotifyMe } from "../shop/notify-me.tsx";
import { Button } from "../ui/button.tsx";

/**
 * One saved product or stack: remove, picture, name, description, price; Add to Cart while it is in
 * stock, else 'Out of Stock' and Notify Me for each product it waits for.
 */
export function WishlistItemCard({
  entry,
  productName,
  onRemove,
  onAdd,
  adding,
}: {
  entry: WishlistEntry;
  /** A product's name by id, for a stack's sold-out products. */
  productName: (id: number) => string;
  onRemove: () => void;
  onAdd: () => void;
  adding: boolean;
}) {
  const t = useT();
  // A product's price or a stack's stack price in the shopper's currency (decision 051); null when it is
  // not sold in it, with no button to add it.
  const prices = usePrices();
  const priceCents =
    entry.kind === "stack" && entry.stackId !== null
      ? (stackFigures({ id: entry.stackId, productIds: entry.productIds, subscriptionDiscount: 0 }, prices)
          ?.bundleCents ?? null)
      : entry.productId !== null
        ? prices.product(entry.productId)
        : null;
  return (
    <li className="relative flex flex-col rounded-card bg-white p-5 shadow-card">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("wishlist.item.remove", { name: entry.name })}
        onClick={onRemove}
        className="absolute top-3 right-3 text-muted hover:text-danger"
      >
        <Trash className="size-5" aria-hidden />
      </Button>
      <img src={entry.imageUrl} alt="" width={160} height={160} className="mx-auto size-40 object-contain" />
      <h2 className="mt-4 text-xl">
        <Link to={entry.href} className="hover:underline">
          {entry.name}
        </Link>
      </h2>
      <p className="text-sm text-muted">
        {t(entry.kind === "stack" ? "wishlist.item.stack" : "wishlist.item.supplement")}
      </p>
      <p className="mt-1 flex-1 text-sm">{entry.description}</p>
      {priceCents === null ? (
        <p className="mt-3 font-semibold text-muted">
          {t("shop.price.unavailable", { currency: prices.sign })}
        </p>
      ) : (
        <p className="mt-3 font-semibold text-gold">
          {prices.format(priceCents)}
          <span className="text-sm font-normal text-muted">{t("wishlist.item.perMonth")}</span>
        </p>
      )}
      <div className="mt-4 grid gap-3">
        {priceCents === null ? null : entry.inStock ? (
          <Button
            size="sm-wide"
            onClick={onAdd}
            pending={adding}
            pendingText={t("wishlist.adding")}
            aria-label={t(adding ? "wishlist.item.addingLabel" : "wishlist.item.addLabel", {
              name: entry.name,
            })}
          >
            {t("wishlist.item.add")}
          </Button>
        ) : (
          <>
            <p className="text-sm font-semibold text-danger">{t("wishlist.item.outOfStock")}</p>
            {entry.soldOutProductIds.map((id) => (
              <NotifyMe key={id} productId={id} name={productName(id)} />
            ))}
          </>
        )}
      </div>
    </li>
  );
}
