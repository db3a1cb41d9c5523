import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";

/** The Radix part of InfoDialog (info-dialog.tsx), loaded when a trigger is first used. */
export function InfoDialogLoaded({
  trigger,
  title,
  children,
  open,
  onOpenChange,
}: {
  trigger: ReactNode;
  title: string;
  children?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-scrim/50" />
        {/* A popup with only a title has no description to point at. */}
        <AlertDialog.Content
          {...(children ? {} : { "aria-describedby": undefined })}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-card bg-cream p-6 shadow-card data-[state=open]:animate-fade-in"
        >
          <AlertDialog.Title className="font-display text-xl text-forest">{title}</AlertDialog.Title>
          {children ? (
            <AlertDialog.Description asChild>
              <div className="mt-2 text-ink">{children}</div>
            </AlertDialog.Description>
          ) : null}
          <div className="mt-6 flex justify-end">
            <AlertDialog.Action asChild>
              <Button size="md-wide">OK</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
