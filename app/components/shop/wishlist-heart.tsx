import Heart from "lucide-react/icons/heart";
import { useState } from "react";
import type { WishlistKey } from "../../../core/contracts/wishlist.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useWishlist } from "../../hooks/use-wishlist.ts";
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
  const [sending, setSending] = useState<boolean | null>(null);
  const saved = sending ?? wishlist.has(item);

  async function toggle() {
    if (sending !== null) return;
    const next = !saved;
    setSending(next);
    const done = next ? await wishlist.save(item) : await wishlist.remove(item);
    setSending(null);
    if (!done) return;
    toast(
      next
        ? {
            title: "Saved to wishlist",
            description: wishlist.signedIn ? name : `${name}. Sign in to keep your wishlist on your account.`,
          }
        : { title: "Removed from wishlist", description: name },
    );
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={saved}
      aria-label={saved ? `Remove ${name} from wishlist` : `Save ${name} to wishlist`}
      onClick={toggle}
      className={`text-danger ${className ?? ""}`}
    >
      <Heart className="size-6" fill={saved ? "currentColor" : "none"} aria-hidden />
    </Button>
  );
}
