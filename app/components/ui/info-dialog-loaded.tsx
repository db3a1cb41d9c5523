import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./alert-dialog.tsx";
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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      {/* A popup with only a title has no description to point at. */}
      <AlertDialogContent {...(children ? {} : { "aria-describedby": undefined })}>
        <AlertDialogTitle className="font-display text-xl text-forest">{title}</AlertDialogTitle>
        {children ? (
          <AlertDialogDescription asChild>
            <div className="mt-2 text-ink">{children}</div>
          </AlertDialogDescription>
        ) : null}
        <div className="mt-6 flex justify-end">
          <AlertDialogAction asChild>
            <Button size="md-wide">OK</Button>
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
