import { type RefObject, useEffect, useRef } from "react";

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

/**
 * When `key` changes (the buttons a record allows were read again) and the focus was on a control that is
 * now gone, the first button in `container` takes it. A dialog may close before the new buttons are on the
 * page (the router renders fresh data in a transition), so its own focus return can land on a button that
 * is removed a moment later; this catches that.
 */
export function useRefocusWhenGone(container: RefObject<HTMLElement | null>, key: string) {
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    container.current?.querySelector<HTMLElement>("button, a[href]")?.focus();
  }, [container, key]);
}
