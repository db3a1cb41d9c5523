import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useCartDrawer } from "../../hooks/use-cart-drawer.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { useT } from "../../i18n/i18n.tsx";

// Offline (decision 054) the drawer's code may not load (a page opened before the network went): the cart
// then says it is offline in a toast instead of the failed import breaking the page. The story page loads
// the drawer's code ahead, so there the drawer itself opens and says so.
const CartDrawer = lazy(() =>
  import("./cart-drawer.tsx").then(
    (m) => ({ default: m.CartDrawer }),
    () => ({ default: DrawerUnloaded }),
  ),
);

function DrawerUnloaded(): ReactNode {
  const { open, setOpen } = useCartDrawer();
  const t = useT();
  useEffect(() => {
    if (!open) return;
    toast({ title: t("cart.offline"), variant: "destructive" });
    setOpen(false);
  }, [open, setOpen, t]);
  return null;
}

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
