import { useState } from "react";
import type { AddressView } from "../../../core/contracts/addresses.ts";
import { toast } from "../../hooks/use-toast.ts";
import { apiErrorOf, serverMessage } from "../../lib/api.ts";
import { returnFocusTo } from "../../lib/return-focus.ts";
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
import { useDeleteAddress } from "./address-data.ts";

/**
 * The confirmation step before an address is deleted: the address is shown again, Cancel (the first focus)
 * keeps it. Orders already placed keep their own copy of the address, so it says so. After a delete the
 * Delete button that opened this is gone, so focus goes to `fallback`.
 */
export function DeleteAddressDialog({
  address,
  onClose,
  userId,
  opener,
  fallback,
}: {
  address: AddressView | null;
  onClose: () => void;
  userId: string;
  opener: () => HTMLElement | null;
  fallback: () => HTMLElement | null;
}) {
  const remove = useDeleteAddress(userId);
  const [error, setError] = useState<string | null>(null);
  // The address stays on screen while the dialog closes.
  const [shown, setShown] = useState<AddressView | null>(address);
  if (address && address !== shown) setShown(address);

  function confirm() {
    if (!address || remove.isPending) return;
    setError(null);
    remove.mutate(address.id, {
      onSuccess: () => {
        toast({ title: "Address deleted", description: `${address.fullName}, ${address.line1}` });
        onClose();
      },
      onError: (err) => {
        const failure = apiErrorOf(err);
        // Already gone (deleted in another tab): the list is read again, nothing is left to confirm.
        if (failure?.status === 404) {
          toast({ title: "Address deleted" });
          onClose();
          return;
        }
        setError(serverMessage(err, "We couldn't delete the address. Check your connection and try again."));
      },
    });
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
        <AlertDialogTitle>Delete this address?</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="mt-3 grid gap-3">
            {shown ? (
              <div className="rounded-xl bg-white p-4">
                <AddressLines address={shown} />
              </div>
            ) : null}
            <p className="text-sm text-muted">
              Orders you already placed keep the address they were sent to.
            </p>
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
              Keep address
            </Button>
          </AlertDialogCancel>
          <Button
            variant="destructive"
            size="md-wide"
            className="border border-danger"
            pending={remove.isPending}
            pendingText="Deleting..."
            onClick={confirm}
          >
            Delete address
          </Button>
        </DialogButtons>
      </AlertDialogContent>
    </AlertDialog>
  );
}
