import X from "lucide-react/icons/x";
import { Toast } from "radix-ui";
import { createPortal } from "react-dom";
import { dismiss, useToastSlot, useToasts } from "../../hooks/use-toast.ts";

/**
 * Radix Toast with the shop's settings: 5,000 ms, swipe right past 50 px, F8 focuses the viewport.
 * Toasts sit where they cover no lasting control: at the bottom of a phone's screen, centred, and on wider
 * screens at the right just under the sticky header (clear of its cart button, and away from a product
 * page's Add to cart at the foot of the screen). While the cart drawer is open they show inside it, above
 * its total.
 */
export function Toaster() {
  const items = useToasts();
  const slot = useToastSlot();
  const viewport = slot ? (
    <Toast.Viewport className="m-0 flex list-none flex-col gap-2 px-6 pb-4 outline-none empty:hidden" />
  ) : (
    <Toast.Viewport className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] m-0 mx-auto flex w-full max-w-sm list-none flex-col gap-2 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] outline-none sm:top-16 sm:bottom-auto sm:left-auto sm:mx-0 sm:pb-4" />
  );
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {items.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={`group pointer-events-auto relative flex w-full items-start gap-3 rounded-card border p-4 pr-10 shadow-card data-[state=open]:animate-fade-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full ${
            t.variant === "destructive"
              ? "border-danger bg-danger text-white"
              : "border-sand-deep bg-white text-ink"
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="font-semibold">{t.title}</Toast.Title>
            {t.description ? (
              <Toast.Description className="text-sm">{t.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      {slot ? createPortal(viewport, slot) : viewport}
    </Toast.Provider>
  );
}
