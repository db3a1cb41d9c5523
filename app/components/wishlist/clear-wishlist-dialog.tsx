import { useRef, useState } from "react";
import { useT } from "../../i18n/i18n.tsx";
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
  const t = useT();
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
          {t("wishlist.clear.button")}
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
        <AlertDialogTitle>{t("wishlist.clear.title")}</AlertDialogTitle>
        <AlertDialogDescription className="mt-3 text-muted">
          {t("wishlist.clear.text", { count })}
        </AlertDialogDescription>
        <DialogButtons>
          <AlertDialogCancel asChild>
            <Button variant="outline" size="md-wide">
              {t("wishlist.clear.keep")}
            </Button>
          </AlertDialogCancel>
          <Button variant="destructive" size="md-wide" className="border border-danger" onClick={clear}>
            {t("wishlist.clear.button")}
          </Button>
        </DialogButtons>
      </AlertDialogContent>
    </AlertDialog>
  );
}
