/**
 * Focus for dialogs and sheets opened without a Radix Trigger (the cart drawer, the story's name prompt):
 * Radix returns focus only to its own Trigger, so these remember the control that opened them and give
 * focus back to it when they close.
 */

/** The focused control, to give focus back to later; null when nothing in particular has focus. */
export function focusedControl(): HTMLElement | null {
  if (typeof document === "undefined") return null;
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

/**
 * A Radix `onCloseAutoFocus` handler: focus goes back to `opener` when it is still on the page, else to
 * `fallback()` (the opener may have been a toast that is gone by now).
 */
export function returnFocusTo(opener: () => HTMLElement | null, fallback?: () => HTMLElement | null) {
  return (event: Event) => {
    event.preventDefault();
    const first = opener();
    const target = first?.isConnected ? first : (fallback?.() ?? null);
    target?.focus();
  };
}
