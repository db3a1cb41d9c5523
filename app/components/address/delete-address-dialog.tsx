import { useState } from "react";
import { useRevalidator } from "react-router";
import type { AddressView } from "../../../core/contracts/addresses.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useT } from "../../i18n/i18n.tsx";
import { returnFocusTo } from "../../lib/return-focus.ts";
import { useAccountAction } from "../account/account-action.ts";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "../ui/alert-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { DialogButtons } from "../ui/dialog-buttons.tsx";
import { AddressLines } from "./address-card.tsx";

/**
 * The confirmation step before an address is deleted: the address is shown again, Cancel (the first focus)
 * keeps it. Orders already placed keep their own copy of the address, so it says so. After a delete the
 * Delete button that opened this is gone, so focus goes to `fallback`.
 */
export function DeleteAddressDialog({
  address,
  onClose,
  opener,
  fallback,
}: {
  address: AddressView | null;
  onClose: () => void;
  opener: () => HTMLElement | null;
  fallback: () => HTMLElement | null;
}) {
  const t = useT();
  const later = useLaterT();
  const [error, setError] = useState<string | null>(null);
  // The address stays on screen while the dialog closes.
  const [shown, setShown] = useState<AddressView | null>(address);
  if (address && address !== shown) setShown(address);
  const remove = useAccountAction((result) => {
    if (result.ok) {
      if (result.intent !== "address-delete" || !shown) return;
      toast({ title: later("address.toast.deleted"), description: `${shown.fullName}, ${shown.line1}` });
      onClose();
      return;
    }
    // Already gone (deleted in another tab): the page was read again, nothing is left to confirm.
    if (result.status === 404) {
      void revalidator.revalidate();
      toast({ title: later("address.toast.deleted") });
      onClose();
      return;
    }
    setError(result.error.message);
  });
  const revalidator = useRevalidator();

  function confirm() {
    if (!address || remove.pending) return;
    setError(null);
    void remove.submit({ intent: "address-delete", id: address.id });
  }

  return (
    <AlertDialog
      open={address !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
    >
      <AlertDialogContent onCloseAutoFocus={returnFocusTo(opener, fallback)}>
        <AlertDialogTitle>{t("address.delete.title")}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="mt-3 grid gap-3">
            {shown ? (
              <div className="rounded-xl bg-white p-4">
                <AddressLines address={shown} />
              </div>
            ) : null}
            <p className="text-sm text-muted">{t("address.delete.ordersKeep")}</p>
          </div>
        </AlertDialogDescription>
        {error ? (
          <p role="alert" className="mt-4 rounded-xl border border-danger p-3 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <DialogButtons>
          <AlertDialogCancel asChild>
            <Button variant="outline" size="md-wide">
              {t("address.delete.keep")}
            </Button>
          </AlertDialogCancel>
          <Button
            variant="destructive"
            size="md-wide"
            className="border border-danger"
            pending={remove.pending}
            pendingText={t("address.delete.deleting")}
            onClick={confirm}
          >
            {t("address.delete.confirm")}
          </Button>
        </DialogButtons>
      </AlertDialogContent>
    </AlertDialog>
  );
}
