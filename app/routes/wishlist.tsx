import Heart from "lucide-react/icons/heart";
import { useRef, useState } from "react";
import { keyOf, sameKey, type WishlistEntry } from "../../core/contracts/wishlist.ts";
import { Button } from "../components/ui/button.tsx";
import { ClearWishlistDialog } from "../components/wishlist/clear-wishlist-dialog.tsx";
import { WishlistItemCard } from "../components/wishlist/wishlist-item-card.tsx";
import { type CartLineInput, useAddToCart } from "../hooks/use-cart.ts";
import { toast } from "../hooks/use-toast.ts";
import { useWishlist } from "../hooks/use-wishlist.ts";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { rich } from "../i18n/rich.tsx";
import type { Route } from "./+types/wishlist";

export { headers, loader } from "./wishlist.server.ts";

// The title comes from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "robots", content: "noindex" },
];

/** What Add to Cart puts in the cart: a product once; a stack's products once each, under its slug. */
const linesOf = (entry: WishlistEntry): CartLineInput[] =>
  entry.kind === "stack"
    ? entry.productIds.map((productId) => ({
        productId,
        quantity: 1,
        isSubscription: false,
        bundleId: entry.slug,
      }))
    : entry.productIds.map((productId) => ({ productId, quantity: 1, isSubscription: false }));

function GuestNote() {
  const t = useT();
  return (
    <p className="mt-6 rounded-card border border-sand-deep bg-sand p-4 text-sm">
      {rich(t, "wishlist.guest", {
        signIn: (
          <Link to="/auth" className="font-semibold text-forest underline underline-offset-2">
            {t("wishlist.guest.signIn")}
          </Link>
        ),
      })}
    </p>
  );
}

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData;
  const t = useT();
  const wishlist = useWishlist();
  const add = useAddToCart();
  const [adding, setAdding] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const items = wishlist.keys.flatMap((k) => entries.filter((e) => sameKey(k, keyOf(e))).slice(0, 1));
  const available = items.filter((i) => i.inStock);
  const productName = (id: number) =>
    entries.find((e) => e.productId === id)?.name ?? t("wishlist.thisProduct");
  const idOf = (e: WishlistEntry) => `${e.kind}-${e.productId ?? e.stackId}`;

  function addToCart(lines: CartLineInput[], id: string) {
    setAdding(id);
    add.mutate(lines, { onSettled: () => setAdding(null) });
  }

  async function remove(entry: WishlistEntry) {
    if (await wishlist.remove(keyOf(entry)))
      toast({ title: t("wishlist.toast.removed"), description: entry.name });
  }

  async function clear() {
    if (await wishlist.clear()) toast({ title: t("wishlist.toast.cleared") });
  }

  return (
    <section className="container-shop py-10 sm:py-14" aria-busy={!wishlist.ready}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-3xl sm:text-4xl">
            {t("wishlist.heading")}
          </h1>
          {wishlist.ready && items.length ? (
            <p className="mt-2 text-muted">
              {t("wishlist.available", { available: available.length, count: items.length })}
            </p>
          ) : null}
        </div>
        {wishlist.ready && items.length ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm-wide"
              disabled={available.length === 0}
              pending={adding === "all"}
              pendingText={t("wishlist.adding")}
              onClick={() => addToCart(available.flatMap(linesOf), "all")}
            >
              {t("wishlist.addAll")}
            </Button>
            <ClearWishlistDialog count={items.length} onClear={clear} afterClear={() => heading.current} />
          </div>
        ) : null}
      </div>
      {wishlist.ready && !wishlist.signedIn ? <GuestNote /> : null}
      {!wishlist.ready ? (
        <p className="mt-8 text-muted" role="status">
          {t("wishlist.loading")}
        </p>
      ) : items.length === 0 ? (
        <div className="mt-8 rounded-card bg-white p-10 text-center shadow-card">
          <Heart className="mx-auto size-10 text-gold" aria-hidden />
          <p className="mt-3 font-display text-2xl text-forest">{t("wishlist.empty.title")}</p>
          <p className="mt-2 text-muted">{t("wishlist.empty.text")}</p>
          <Button asChild size="sm-wide" className="mt-4">
            <Link to="/products">{t("wishlist.empty.cta")}</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((entry) => (
            <WishlistItemCard
              key={idOf(entry)}
              entry={entry}
              productName={productName}
              onRemove={() => remove(entry)}
              onAdd={() => addToCart(linesOf(entry), idOf(entry))}
              adding={adding === idOf(entry)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
