import { AlertDialog } from "radix-ui";
import { useRef, useState } from "react";
import { Button } from "../ui/button.tsx";

/**
 * Clear Wishlist asks first: Keep (the first focus) changes nothing and focus goes back to the button.
 * Once cleared, the button is gone with the list, so focus goes to `afterClear` (the page's heading).
 */
export function ClearWishlistDialog({
  count,
  onClear,
  afterClear,
}: {
  count: number;
  onClear: () => void;
  afterClear: () => HTMLElement | null;
}) {
  const [open, setOpen] = useState(false);
  const cleared = useRef(false);

  function clear() {
    cleared.current = true;
    setOpen(false);
    onClear();
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" size="sm-wide">
          Clear Wishlist
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-scrim/50 motion-safe:animate-fade-in" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            if (!cleared.current) return;
            cleared.current = false;
            event.preventDefault();
            afterClear()?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[min(28rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-cream p-6 shadow-card"
        >
          <AlertDialog.Title className="text-2xl">Clear your wishlist?</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-muted">
            {count === 1 ? "The 1 saved item is" : `All ${count} saved items are`} removed. Your cart stays as
            it is.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" size="md-wide">
                Keep wishlist
              </Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" size="md-wide" className="border border-danger" onClick={clear}>
              Clear Wishlist
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
