import { lazy, Suspense, useState } from "react";
import { useCartDrawer } from "../../hooks/use-cart-drawer.tsx";

const CartDrawer = lazy(() => import("./cart-drawer.tsx").then((m) => ({ default: m.CartDrawer })));

/** The cart drawer, loaded the first time it opens (its Radix code stays out of every page's entry). */
export function LazyCartDrawer() {
  const { open } = useCartDrawer();
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
