import Heart from "lucide-react/icons/heart";
import { useState } from "react";
import type { WishlistKey } from "../../../core/contracts/wishlist.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useWishlist } from "../../hooks/use-wishlist.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Button } from "../ui/button.tsx";

/**
 * The heart that saves a product or a stack to the visitor's wishlist (on the account when signed in,
 * in this browser otherwise). Pressed while saved; shows the intended state while the change is sent.
 */
export function WishlistHeart({
  item,
  name,
  className,
}: {
  item: WishlistKey;
  name: string;
  className?: string;
}) {
  const wishlist = useWishlist();
  const t = useT();
  const [sending, setSending] = useState<boolean | null>(null);
  const saved = sending ?? wishlist.has(item);
  // Both states' words formatted while rendering, so the page carries them before the whole catalogue arrives.
  const label = {
    save: t("shop.wishlist.saveLabel", { name }),
    remove: t("shop.wishlist.removeLabel", { name }),
  };
  const savedToast = {
    title: t("shop.wishlist.saved"),
    description: wishlist.signedIn ? name : t("shop.wishlist.savedSignIn", { name }),
  };
  const removedToast = { title: t("shop.wishlist.removed"), description: name };

  async function toggle() {
    if (sending !== null) return;
    const next = !saved;
    setSending(next);
    const done = next ? await wishlist.save(item) : await wishlist.remove(item);
    setSending(null);
    if (!done) return;
    toast(next ? savedToast : removedToast);
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={saved}
      aria-label={saved ? label.remove : label.save}
      onClick={toggle}
      className={`text-danger ${className ?? ""}`}
    >
      <Heart className="size-6" fill={saved ? "currentColor" : "none"} aria-hidden />
    </Button>
  );
}
