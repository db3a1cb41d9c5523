import { useSyncExternalStore } from "react";

// One toast at a time, removed 1,000,000 ms after it is dismissed.
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}
export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const l of listeners) l();
}

export function dismiss(id: string) {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (!removeTimers.has(id)) {
    removeTimers.set(
      id,
      setTimeout(() => {
        removeTimers.delete(id);
        emit(toasts.filter((t) => t.id !== id));
      }, TOAST_REMOVE_DELAY),
    );
  }
}

/** Shows a toast; the newest replaces the one on screen. Safe to call outside React. */
export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const empty: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => empty,
  );
}

// Where toasts show while the cart drawer is open: a place inside it, above its total, so they cover none
// of its controls and stay inside the modal drawer (reachable by keyboard, not hidden from screen readers).
let slot: HTMLElement | null = null;
const slotListeners = new Set<() => void>();

/** A callback ref for the drawer's toast place; null (on unmount) puts toasts back at the screen's edge. */
export function setToastSlot(el: HTMLElement | null) {
  if (slot === el) return;
  slot = el;
  for (const l of slotListeners) l();
}

const subscribeSlot = (l: () => void) => {
  slotListeners.add(l);
  return () => slotListeners.delete(l);
};

export function useToastSlot(): HTMLElement | null {
  return useSyncExternalStore(
    subscribeSlot,
    () => slot,
    () => null,
  );
}
