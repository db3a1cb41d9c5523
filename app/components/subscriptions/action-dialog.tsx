import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { returnFocusTo } from "../../lib/return-focus.ts";
import { Button } from "../ui/button.tsx";

/**
 * The modal every subscription action is confirmed in. Closing (Escape, the overlay, Keep) gives focus
 * back to the button that opened it, or to `fallback` when that button is gone (Pause becomes Resume).
 * The content mounts on each opening, so a form starts from the subscription as it is now.
 */
export function ActionDialog({
  open,
  onClose,
  opener,
  fallback,
  children,
}: {
  open: boolean;
  onClose: () => void;
  opener: () => HTMLElement | null;
  fallback: () => HTMLElement | null;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/50 motion-safe:animate-fade-in" />
        <Dialog.Content
          onCloseAutoFocus={returnFocusTo(opener, fallback)}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[min(34rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-cream p-5 shadow-card sm:p-6"
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The body of an action's dialog: title, what will happen, the choices (children), the server's refusal
 * if any, then Keep (first in the reading order, the safe choice) and the confirming button.
 */
export function ActionForm({
  title,
  description,
  children,
  error,
  confirmLabel,
  pendingText,
  pending,
  keepLabel = "Keep as it is",
  destructive = false,
  onConfirm,
}: {
  title: string;
  description: ReactNode;
  children?: ReactNode;
  error: string | null;
  confirmLabel: string;
  pendingText: string;
  pending: boolean;
  keepLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) onConfirm();
      }}
    >
      <Dialog.Title className="text-2xl">{title}</Dialog.Title>
      <Dialog.Description asChild>
        <div className="mt-2 grid gap-2 text-sm text-muted">{description}</div>
      </Dialog.Description>
      {children ? <div className="mt-5 grid gap-4">{children}</div> : null}
      {error ? (
        <p role="alert" className="mt-4 rounded-xl border border-danger p-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="outline" size="md-wide">
            {keepLabel}
          </Button>
        </Dialog.Close>
        <Button
          type="submit"
          size="md-wide"
          variant={destructive ? "destructive" : "primary"}
          className={destructive ? "border border-danger" : undefined}
          pending={pending}
          pendingText={pendingText}
        >
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
