import { ShoppingBag } from "lucide-react";

/** Header cart button with the item-count badge. */
export function CartButton({ count = 0, onOpen }: { count?: number; onOpen?: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-cream hover:bg-white/10"
      aria-label={`Open cart, ${count} ${count === 1 ? "item" : "items"}`}
    >
      <ShoppingBag className="size-6" aria-hidden />
      {count > 0 ? (
        <span className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-gold-bright px-1 text-xs font-bold text-ink">
          {count}
        </span>
      ) : null}
    </button>
  );
}
