import { AlertDialog as Primitive } from "radix-ui";
import type { ComponentProps } from "react";
import {
  CENTRED,
  DESCRIPTION,
  type DialogPadding,
  type DialogWidth,
  OVERLAY,
  PADDINGS,
  TITLE,
  WIDTHS,
} from "./dialog-look.ts";

/**
 * The shop's confirmation dialog (Radix AlertDialog in the look of dialog.tsx): the alertdialog role, no
 * closing by a click outside, and the focus starts on Cancel, the safe choice. Its buttons sit in
 * DialogButtons (dialog-buttons.tsx), as in every dialog.
 */
export const AlertDialog = Primitive.Root;
export const AlertDialogTrigger = Primitive.Trigger;
export const AlertDialogCancel = Primitive.Cancel;
export const AlertDialogAction = Primitive.Action;

/** The overlay and the centred dialog, in a portal. className adds a layout, never a second width or padding. */
export function AlertDialogContent({
  width = "sm",
  padding = "normal",
  className,
  children,
  ...props
}: ComponentProps<typeof Primitive.Content> & { width?: DialogWidth; padding?: DialogPadding }) {
  const look = `${CENTRED} ${WIDTHS[width]} ${PADDINGS[padding]}`;
  return (
    <Primitive.Portal>
      <Primitive.Overlay className={OVERLAY} />
      <Primitive.Content className={className ? `${look} ${className}` : look} {...props}>
        {children}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

/** The dialog's name. className replaces the default size; with asChild the child brings its own. */
export function AlertDialogTitle({ className = TITLE, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={props.asChild ? undefined : className} {...props} />;
}

/** What confirming will do. className replaces the default look; with asChild the child brings its own. */
export function AlertDialogDescription({
  className = DESCRIPTION,
  ...props
}: ComponentProps<typeof Primitive.Description>) {
  return <Primitive.Description className={props.asChild ? undefined : className} {...props} />;
}
