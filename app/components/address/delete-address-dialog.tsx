import { AlertDialog } from "radix-ui";
import { useState } from "react";
import type { AddressView } from "../../../core/contracts/addresses.ts";
import { toast } from "../../hooks/use-toast.ts";
import { readApiError } from "../../lib/api.ts";
import { returnFocusTo } from "../../lib/return-focus.ts";
import { Button } from "../ui/button.tsx";
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
        const failure = readApiError(err);
        // Already gone (deleted in another tab): the list is read again, nothing is left to confirm.
        if (failure?.status === 404) {
          toast({ title: "Address deleted" });
          onClose();
          return;
        }
        setError(failure?.message ?? "We couldn't delete the address. Check your connection and try again.");
      },
    });
  }

  return (
    <AlertDialog.Root
      open={address !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-scrim/50 motion-safe:animate-fade-in" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocusTo(opener, fallback)}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[min(28rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-cream p-6 shadow-card"
        >
          <AlertDialog.Title className="text-2xl">Delete this address?</AlertDialog.Title>
          <AlertDialog.Description asChild>
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
          </AlertDialog.Description>
          {error ? (
            <p role="alert" className="mt-4 rounded-xl border border-danger p-3 text-sm text-danger">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" size="md-wide">
                Keep address
              </Button>
            </AlertDialog.Cancel>
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
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
