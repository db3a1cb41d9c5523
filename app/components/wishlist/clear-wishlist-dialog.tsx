import { useRef, useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../ui/alert-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { DialogButtons } from "../ui/dialog-buttons.tsx";

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
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm-wide">
          Clear Wishlist
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!cleared.current) return;
          cleared.current = false;
          event.preventDefault();
          afterClear()?.focus();
        }}
      >
        <AlertDialogTitle>Clear your wishlist?</AlertDialogTitle>
        <AlertDialogDescription className="mt-3 text-muted">
          {count === 1 ? "The 1 saved item is" : `All ${count} saved items are`} removed. Your cart stays as
          it is.
        </AlertDialogDescription>
        <DialogButtons>
          <AlertDialogCancel asChild>
            <Button variant="outline" size="md-wide">
              Keep wishlist
            </Button>
          </AlertDialogCancel>
          <Button variant="destructive" size="md-wide" className="border border-danger" onClick={clear}>
            Clear Wishlist
          </Button>
        </DialogButtons>
      </AlertDialogContent>
    </AlertDialog>
  );
}
