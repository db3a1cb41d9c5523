import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { focusedControl } from "../lib/return-focus.ts";

interface CartDrawerState {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The control that opened the drawer, where focus goes back when it closes. */
  opener: () => HTMLElement | null;
}

const CartDrawerContext = createContext<CartDrawerState | null>(null);

export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpenState] = useState(false);
  const openerRef = useRef<HTMLElement | null>(null);
  const setOpen = useCallback((next: boolean) => {
    if (next) openerRef.current = focusedControl();
    setOpenState(next);
  }, []);
  const value = useMemo(() => ({ open, setOpen, opener: () => openerRef.current }), [open, setOpen]);
  return <CartDrawerContext.Provider value={value}>{children}</CartDrawerContext.Provider>;
}

export function useCartDrawer(): CartDrawerState {
  const ctx = useContext(CartDrawerContext);
  if (!ctx) throw new Error("useCartDrawer needs a CartDrawerProvider");
  return ctx;
}
