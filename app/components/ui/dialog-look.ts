/**
 * The shop's one dialog look, shared by Dialog (dialog.tsx) and AlertDialog (alert-dialog.tsx): a dimmed
 * page behind, a cream card in the middle that scrolls when the screen is short. Class strings are whole
 * literals so Tailwind finds them.
 */
export const OVERLAY = "fixed inset-0 z-50 bg-scrim/50 data-[state=open]:animate-fade-in";

export const CENTRED =
  "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-cream shadow-card";

/** Widths of a centred dialog; each leaves 0.75 rem of page on either side of a phone screen. */
export const WIDTHS = {
  /** A confirmation or a notice. */
  sm: "w-[min(28rem,calc(100vw-1.5rem))]",
  /** A single question (the story's name prompt). */
  md: "w-[min(30rem,calc(100vw-1.5rem))]",
  /** An action with choices. */
  lg: "w-[min(34rem,calc(100vw-1.5rem))]",
  /** A form of several fields (an address). */
  xl: "w-[min(36rem,calc(100vw-1.5rem))]",
} as const;

export const PADDINGS = {
  normal: "p-5 sm:p-6",
  /** A short dialog with a picture at the top. */
  roomy: "p-8",
} as const;

export type DialogWidth = keyof typeof WIDTHS;
export type DialogPadding = keyof typeof PADDINGS;

export const TITLE = "text-2xl";
export const DESCRIPTION = "mt-2 text-sm text-muted";
