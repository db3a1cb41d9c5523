import { createContext, type ReactNode, useContext, useMemo, useState } from "react";

interface CartDrawerState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

const CartDrawerContext = createContext<CartDrawerState | null>(null);

export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <CartDrawerContext.Provider value={value}>{children}</CartDrawerContext.Provider>;
}

export function useCartDrawer(): CartDrawerState {
  const ctx = useContext(CartDrawerContext);
  if (!ctx) throw new Error("useCartDrawer needs a CartDrawerProvider");
  return ctx;
}
