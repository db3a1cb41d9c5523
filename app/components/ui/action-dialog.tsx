import type { ReactNode } from "react";
import { returnFocusTo } from "../../lib/return-focus.ts";
import { Button } from "./button.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "./dialog.tsx";
import { DialogButtons } from "./dialog-buttons.tsx";

/**
 * The modal an action on a record (a subscription, an order) is confirmed in. Closing (Escape, the overlay, Keep) gives focus
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
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent width="lg" onCloseAutoFocus={returnFocusTo(opener, fallback)}>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The body of an action's dialog: title, what will happen, the choices (children), the server's refusal
 * if any, then Keep (first in the reading order, the safe choice) and the confirming button. `onConfirm`
 * gets the form, whose named fields a fetcher can post to the page's action as they are.
 */
export function ActionForm({
  title,
  description,
  hidden,
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
  /** Hidden fields the post needs (which form it is). */
  hidden?: ReactNode;
  children?: ReactNode;
  error: string | null;
  confirmLabel: string;
  pendingText: string;
  pending: boolean;
  keepLabel?: string;
  destructive?: boolean;
  onConfirm: (form: HTMLFormElement) => void;
}) {
  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) onConfirm(event.currentTarget);
      }}
    >
      {hidden}
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription asChild>
        <div className="mt-2 grid gap-2 text-sm text-muted">{description}</div>
      </DialogDescription>
      {children ? <div className="mt-5 grid gap-4">{children}</div> : null}
      {error ? (
        <p role="alert" className="mt-4 rounded-xl border border-danger p-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <DialogButtons>
        <DialogClose asChild>
          <Button variant="outline" size="md-wide">
            {keepLabel}
          </Button>
        </DialogClose>
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
      </DialogButtons>
    </form>
  );
}
