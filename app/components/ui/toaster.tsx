import X from "lucide-react/icons/x";
import { Toast } from "radix-ui";
import { dismiss, useToasts } from "../../hooks/use-toast.ts";

/** Radix Toast with the shop's settings: 5,000 ms, swipe right past 50 px, F8 focuses the viewport. */
export function Toaster() {
  const items = useToasts();
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
      <Toast.Viewport className="fixed top-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0" />
    </Toast.Provider>
  );
}
