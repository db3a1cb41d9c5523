import Gift from "lucide-react/icons/gift";
import Trash from "lucide-react/icons/trash";
import type { GiftCardLineView } from "../../../core/contracts/balances.ts";
import { useClearGiftCardLines, useGiftCardLines, useRemoveGiftCardLine } from "../../hooks/use-balances.ts";
import {
  type CartItem,
  useCart,
  useClearCart,
  useRemoveCartItem,
  useUpdateCartItem,
} from "../../hooks/use-cart.ts";
import { codeOffer, useCartCode } from "../../hooks/use-cart-code.ts";
import { useCartDrawer } from "../../hooks/use-cart-drawer.tsx";
import { isNetworkFailure, useOnline } from "../../hooks/use-online.ts";
import { setToastSlot } from "../../hooks/use-toast.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { usePrices } from "../../lib/currency.ts";
import { returnFocusTo } from "../../lib/return-focus.ts";
import { giftCardFor } from "../checkout/order-summary.tsx";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../ui/dialog.tsx";
import { DiscountCodeField } from "./discount-code-field.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";

function CartLine({
  item,
  lineCents,
  discountPercent,
}: {
  item: CartItem;
  /** Null when the line's product is not sold in the shopper's currency. */
  lineCents: number | null;
  discountPercent: number;
}) {
  const update = useUpdateCartItem();
  const prices = usePrices();
  const remove = useRemoveCartItem();
  const t = useT();
  const busy = update.isPending || remove.isPending;
  // Quantity decreased below 1 removes the line.
  const change = (quantity: number) =>
    quantity < 1 ? remove.mutate(item.id) : update.mutate({ id: item.id, quantity });
  return (
    <li className="flex gap-4 py-4" aria-busy={busy}>
      <img
        src={item.product.imageUrl}
        alt=""
        width={72}
        height={72}
        className="size-18 shrink-0 rounded-xl bg-sand object-contain"
      />
      <div className="flex flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <div>
            <p className="font-semibold text-ink">{item.product.name}</p>
            <p className="text-sm text-muted">
              {item.isSubscription
                ? t("cart.line.subscription", { percent: discountPercent })
                : t("cart.line.oneTime")}
              {item.bundle ? ` · ${item.bundle.name}` : ""}
            </p>
          </div>
          {lineCents === null ? (
            <p className="text-sm font-semibold text-muted">
              {t("shop.price.unavailable", { currency: prices.sign })}
            </p>
          ) : (
            <p className="font-semibold text-gold tabular-nums">{prices.format(lineCents)}</p>
          )}
        </div>
        <div className="flex items-center justify-between">
          <QuantityStepper
            value={item.quantity}
            label={item.product.name}
            disabled={busy}
            onDecrease={() => change(item.quantity - 1)}
            onIncrease={() => change(item.quantity + 1)}
          />
          <Button
            variant="destructive"
            size="icon"
            onClick={() => remove.mutate(item.id)}
            disabled={busy}
            aria-label={t("cart.line.remove", { name: item.product.name })}
          >
            <Trash className="size-5" aria-hidden />
          </Button>
        </div>
      </div>
    </li>
  );
}

/** A gift card to buy (decision 047): its amount, for whom and when it is sent, and a remove button. */
function GiftCardLine({ line }: { line: GiftCardLineView }) {
  const remove = useRemoveGiftCardLine();
  const t = useT();
  const locale = useLocale();
  const { format: formatMoney } = usePrices();
  return (
    <li className="flex gap-4 py-4" aria-busy={remove.isPending} data-testid="cart-gift-card">
      <span className="flex size-18 shrink-0 items-center justify-center rounded-xl bg-sand text-gold">
        <Gift aria-hidden className="size-8" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold text-ink">{t("cart.giftCard.title")}</p>
            <p className="text-sm break-words text-muted">
              {giftCardFor(t, locale, {
                recipient: line.recipientName || line.recipientEmail,
                deliverOn: line.deliverOn,
              })}
            </p>
          </div>
          <p className="font-semibold text-gold tabular-nums">{formatMoney(line.amountCents)}</p>
        </div>
        <div className="flex justify-end">
          <Button
            variant="destructive"
            size="icon"
            onClick={() => remove.mutate(line.id)}
            disabled={remove.isPending}
            aria-label={t("cart.giftCard.remove", { amount: formatMoney(line.amountCents) })}
          >
            <Trash className="size-5" aria-hidden />
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * The cart drawer: lines, gift cards to buy, bundle savings, discount code, total, checkout. Opening it
 * refreshes the cart.
 */
export function CartDrawer() {
  const { open, setOpen, opener } = useCartDrawer();
  const { items, totals, isLoading, refetch, prices, error } = useCart();
  const code = useCartCode();
  const gifts = useGiftCardLines(open);
  const clear = useClearCart();
  const clearGifts = useClearGiftCardLines();
  const t = useT();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      void refetch();
      void code.refetch();
    }
  };
  // A cart of gift cards only is not empty: it goes to checkout like any other. A gift card is bought in
  // the order's currency (its amount is what the order charges for it, decision 051): shown and summed in
  // the cart's.
  const giftCents = gifts.lines.reduce((sum, l) => sum + l.amountCents, 0);
  const format = prices.format;
  const empty = items.length === 0 && gifts.lines.length === 0;
  // Offline (decision 054), the drawer says so rather than show a cart and prices it cannot check.
  const online = useOnline();
  const offline = !online || (error != null && isNetworkFailure(error));
  const loading = !offline && (isLoading || (gifts.isLoading && items.length === 0));
  // The code's own line once it gives something: its amount, or free shipping.
  const applied = code.code && !code.refusal ? code.code : null;
  const byId = new Map(totals.lines.map((l) => [l.id, l]));
  const continueShopping = (
    <DialogClose asChild>
      <Button variant="secondary">{t("cart.continueShopping")}</Button>
    </DialogClose>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        placement="right"
        className="w-full max-w-md bg-cream"
        onCloseAutoFocus={returnFocusTo(opener, () =>
          document.querySelector<HTMLElement>("[data-cart-button]"),
        )}
      >
        <div className="flex items-center justify-between border-b border-sand-deep px-6 py-4">
          <DialogTitle>{t("cart.title")}</DialogTitle>
          <DialogCloseButton label={t("cart.close")} iconClassName="size-6" />
        </div>
        <DialogDescription className="sr-only">{t("cart.description")}</DialogDescription>
        {offline ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-6 px-6 text-center">
            <p role="status" className="font-display text-xl text-forest" data-testid="cart-offline">
              {t("cart.offline")}
            </p>
            {continueShopping}
          </div>
        ) : loading ? (
          <p className="flex-1 px-6 py-10 text-muted">{t("cart.loading")}</p>
        ) : empty ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-6 px-6 text-center">
            <p className="font-display text-xl text-forest">{t("cart.empty")}</p>
            {continueShopping}
          </div>
        ) : (
          <ul className="flex-1 divide-y divide-sand-deep overflow-y-auto px-6">
            {items.map((item) => (
              <CartLine
                key={item.id}
                item={item}
                lineCents={byId.get(item.id)?.lineCents ?? null}
                discountPercent={byId.get(item.id)?.discountPercent ?? 0}
              />
            ))}
            {gifts.lines.map((line) => (
              <GiftCardLine key={line.id} line={line} />
            ))}
          </ul>
        )}
        {/* Toasts show here while the drawer is open: the list above gives up the room, the total stays put. */}
        <div ref={setToastSlot} />
        {!offline && !loading && !empty ? (
          <div className="space-y-3 border-t border-sand-deep px-6 py-5">
            <DiscountCodeField />
            {totals.bundleSavings.map((s) => (
              <p key={s.bundleId} className="flex justify-between text-verdant">
                <span>{t("cart.bundleSavings", { name: s.name, sets: s.sets })}</span>
                <span className="tabular-nums">−{format(s.savingsCents)}</span>
              </p>
            ))}
            {applied ? (
              <p className="flex justify-between text-verdant" data-testid="cart-code-line">
                <span>{t("cart.codeLine", { code: applied.code })}</span>
                <span className="tabular-nums">
                  {applied.kind === "free_shipping" ? codeOffer(t, applied) : `−${format(totals.codeCents)}`}
                </span>
              </p>
            ) : null}
            <p className="flex justify-between text-lg font-semibold">
              <span>{t("cart.total")}</span>
              <span className="tabular-nums" data-testid="cart-total">
                {format(totals.subtotalCents - totals.discountCents - totals.codeCents + giftCents)}
              </span>
            </p>
            <p className="text-sm text-muted">
              {t("cart.freeShipping", { amount: prices.whole(prices.freeShippingOverCents) })}{" "}
              {t("cart.taxAtCheckout")}
            </p>
            <Button asChild size="lg" fullWidth>
              <Link to="/checkout" onClick={() => setOpen(false)}>
                {t("cart.checkout")}
              </Link>
            </Button>
            <div className="flex items-center justify-between gap-2">
              {continueShopping}
              <Button
                variant="destructive"
                size="sm"
                onClick={() => {
                  // The gift cards to buy go too: the cart is empty after it.
                  if (items.length > 0) clear.mutate();
                  if (gifts.lines.length > 0) clearGifts.mutate(gifts.lines.map((l) => l.id));
                }}
                disabled={clear.isPending || clearGifts.isPending}
              >
                {t("cart.clear")}
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
