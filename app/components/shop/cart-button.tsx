import ShoppingBag from "lucide-react/icons/shopping-bag";
import { useGiftCardLines } from "../../hooks/use-balances.ts";
import { useCart } from "../../hooks/use-cart.ts";
import { useCartDrawer } from "../../hooks/use-cart-drawer.tsx";
import { useT } from "../../i18n/i18n.tsx";
import { Button } from "../ui/button.tsx";

/** Header cart button with the item-count badge: the products' quantities and each gift card to buy. */
export function CartButton() {
  const { totals } = useCart();
  const { lines: giftCards } = useGiftCardLines();
  const { setOpen } = useCartDrawer();
  const t = useT();
  const count = totals.itemCount + giftCards.length;
  return (
    <Button
      variant="ghost-inverse"
      size="icon"
      className="relative"
      data-cart-button
      onClick={() => setOpen(true)}
      aria-label={t("cart.button.open", { count })}
    >
      <ShoppingBag className="size-6" aria-hidden />
      {count > 0 ? (
        <span
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-gold-bright px-1 text-xs font-bold text-ink"
        >
          {count}
        </span>
      ) : null}
    </Button>
  );
}
