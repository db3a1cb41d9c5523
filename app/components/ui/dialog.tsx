import X from "lucide-react/icons/x";
import { Dialog as Primitive } from "radix-ui";
import type { ComponentProps } from "react";
import { Button } from "./button.tsx";
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
 * The shop's modal dialog (Radix Dialog in the one look): every feature dialog, drawer and sheet is built
 * from these parts. Radix gives the focus trap, Escape, the dialog role and its name (DialogTitle) and
 * description (DialogDescription). A dialog opened without DialogTrigger gives focus back itself: pass
 * `onCloseAutoFocus={returnFocusTo(opener)}` (lib/return-focus.ts).
 */
export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;

/** Where the dialog sits: a card in the middle, a sheet from the right edge, or a panel from the top. */
const PLACEMENTS = {
  centre: CENTRED,
  right: "fixed inset-y-0 right-0 z-50 flex flex-col shadow-xl data-[state=open]:animate-slide-in-right",
  top: "fixed inset-x-0 top-0 z-50 mx-auto flex max-h-[85vh] w-full flex-col overflow-hidden bg-cream shadow-xl sm:top-[8vh] sm:rounded-2xl",
} as const;

type ContentProps = ComponentProps<typeof Primitive.Content> & {
  placement?: keyof typeof PLACEMENTS;
  /** A centred dialog's width. */
  width?: DialogWidth;
  /** A centred dialog's padding. */
  padding?: DialogPadding;
};

/**
 * The overlay and the dialog itself, in a portal. className adds what the placement leaves open (a sheet's
 * width and colours, a layout), never a second utility for a property the placement sets.
 */
export function DialogContent({
  placement = "centre",
  width = "sm",
  padding = "normal",
  className,
  children,
  ...props
}: ContentProps) {
  const look =
    placement === "centre" ? `${CENTRED} ${WIDTHS[width]} ${PADDINGS[padding]}` : PLACEMENTS[placement];
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
export function DialogTitle({ className = TITLE, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={props.asChild ? undefined : className} {...props} />;
}

/** What the dialog is for, read after its name. className replaces the default look. */
export function DialogDescription({
  className = DESCRIPTION,
  ...props
}: ComponentProps<typeof Primitive.Description>) {
  // With asChild the child brings its own classes.
  return <Primitive.Description className={props.asChild ? undefined : className} {...props} />;
}

/** The round X in a dialog's corner; its label names what it closes ("Close cart"). */
export function DialogCloseButton({
  label = "Close",
  variant = "ghost",
  className,
  iconClassName = "size-5",
}: {
  label?: string;
  variant?: "ghost" | "ghost-inverse";
  className?: string;
  iconClassName?: string;
}) {
  return (
    <Primitive.Close asChild>
      <Button variant={variant} size="icon" className={className} aria-label={label}>
        <X className={iconClassName} aria-hidden />
      </Button>
    </Primitive.Close>
  );
}
