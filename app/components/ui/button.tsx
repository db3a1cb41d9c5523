// The Slot alone, by its own path: the `radix-ui` barrel would pull every Radix primitive into the shell
// chunk that every page loads (the Button is in the header).
import * as Slot from "radix-ui/slot";
import type { ComponentProps } from "react";

/**
 * The shop's one button look. Focus rings come from the global :focus-visible outline (app.css), so no
 * variant may remove the outline. A disabled button is dimmed and refuses the pointer. A pending one (its
 * action is running) ignores clicks and keeps the focus, dimmed less and with a busy cursor, marked aria-busy
 * and aria-disabled, and shows a spinner beside its text. The spinner is drawn in CSS, in the text's colour: an icon module here would
 * ship with every page that has a button, drawn or not.
 *
 * className may add what the variant and size leave open (margin, width, position, a ghost's text colour),
 * never a second utility for a property they set: which of two wins depends on the stylesheet's order,
 * not the class list's.
 */
// The transition leaves out outline-color: the keyboard's focus ring appears at once, never faded in from
// the text colour (a half-drawn ring is below 3:1 on the dark theme's surfaces).
const BASE =
  "items-center justify-center gap-2 rounded-full font-semibold transition-[color,background-color,border-color,box-shadow,opacity,translate,scale]";

const VARIANTS = {
  /** The page's main action: forest fill, cream text. */
  primary: "bg-forest text-cream hover:bg-forest-deep",
  /** The action beside a primary one: forest border that fills on hover. */
  secondary: "border border-forest text-forest hover:bg-forest hover:text-cream",
  /** A light action (cancel, row actions, sign-in providers): faint border, sand on hover. */
  outline: "border border-forest/30 text-forest hover:bg-sand",
  /** The hero's second call to action: a heavier border on the sand background. */
  "outline-strong": "border-2 border-forest text-forest hover:bg-cream",
  /** On a forest background (header, bundle banner): cream fill, forest text. */
  inverse: "bg-cream text-forest hover:bg-sand",
  /** The subscribe offer: gold border that fills on hover. */
  accent: "border border-gold text-gold hover:bg-gold hover:text-white",
  /** No border or fill until hovered; the text colour comes from the surroundings or className. */
  ghost: "hover:bg-sand",
  /** A ghost button on a forest background (the header and its menu). */
  "ghost-inverse": "text-cream hover:bg-white/10",
  /** Removes or empties something. */
  destructive: "text-danger hover:bg-sand",
} as const;

/** Every size keeps the 44 px touch target; "-wide" adds a step of horizontal padding. */
const SIZES = {
  /** Small text: row actions, secondary form actions, the header's Get Started. */
  sm: "min-h-11 px-4 text-sm",
  "sm-wide": "min-h-11 px-5 text-sm",
  md: "min-h-11 px-5",
  "md-wide": "min-h-11 px-6",
  /** Calls to action and form submits: taller. */
  lg: "min-h-12 px-6",
  /** A round icon-only button (give it an aria-label). */
  icon: "size-11",
} as const;

type ButtonVariant = keyof typeof VARIANTS;
type ButtonSize = keyof typeof SIZES;

function buttonClasses(
  variant: ButtonVariant,
  size: ButtonSize,
  fullWidth: boolean,
  pending: boolean,
  className: string | undefined,
): string {
  return [
    fullWidth ? "flex w-full" : "inline-flex",
    BASE,
    pending ? "cursor-wait opacity-80" : "disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A block-level button as wide as its container (flex, not inline-flex: it does not sit in a line). */
  fullWidth?: boolean;
  /** Styles the single child element (a <Link>, a Radix trigger's target) instead of rendering a <button>. */
  asChild?: boolean;
  /** An action is running: clicks ignored (focus kept), aria-busy, a spinner, and pendingText (if given) instead of the text. */
  pending?: boolean;
  pendingText?: string;
}

export function Button({
  variant = "primary",
  size = "md",
  fullWidth = false,
  asChild = false,
  pending = false,
  pendingText,
  className,
  type = "button",
  disabled,
  children,
  ...props
}: ButtonProps) {
  const classes = buttonClasses(variant, size, fullWidth, pending, className);
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  // A pending button stays focusable (aria-disabled, not disabled): a disabled button drops the keyboard's
  // focus to the page, so after "Add to Cart" the shopper would have to find their place again.
  const { onClick } = props;
  return (
    <button
      type={type}
      disabled={disabled}
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      className={classes}
      {...props}
      onClick={(e) => {
        if (pending) e.preventDefault();
        else onClick?.(e);
      }}
    >
      {pending ? (
        <>
          <span
            aria-hidden
            className="size-4 animate-spin rounded-full border-2 border-current/40 border-t-current"
          />
          {pendingText === undefined ? children : <span>{pendingText}</span>}
        </>
      ) : (
        children
      )}
    </button>
  );
}
