import { lazy, Suspense, useEffect, useState } from "react";
import { dismiss, useToasts } from "../../hooks/use-toast.ts";

// Offline (decision 054) the toaster's code may not load: its toasts are then shown plainly rather than
// the failed import breaking the page (an add to the cart that got no answer says so in a toast).
const Toaster = lazy(() =>
  import("./toaster.tsx").then(
    (m) => ({ default: m.Toaster }),
    () => ({ default: PlainToasts }),
  ),
);

/** The open toast as text in a live region, dismissed after 6 s, when the toaster's code could not load. */
function PlainToasts() {
  const items = useToasts();
  useEffect(() => {
    const timers = items.filter((item) => item.open).map((item) => setTimeout(() => dismiss(item.id), 6000));
    return () => timers.forEach(clearTimeout);
  }, [items]);
  const open = items.filter((item) => item.open);
  return (
    <div role="status" className="fixed right-4 bottom-4 z-[100] max-w-sm">
      {open.map((item) => (
        <p key={item.id} className="rounded-card bg-white p-4 text-ink shadow-card">
          <strong className="block">{item.title}</strong>
          {item.description}
        </p>
      ))}
    </div>
  );
}

/**
 * The Radix toaster, loaded with the first toast or the first F8 (then passed on to its viewport, which
 * takes focus as before); once loaded it stays, with its F8 region, for the rest of the visit.
 */
export function LazyToaster() {
  const items = useToasts();
  const [wanted, setWanted] = useState(false);
  const [hotkey, setHotkey] = useState(false);
  if (items.length > 0 && !wanted) setWanted(true);
  useEffect(() => {
    if (wanted) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== "F8") return;
      setHotkey(true);
      setWanted(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      {hotkey ? <ReplayF8 /> : null}
    </Suspense>
  );
}

/** Mounted with the toaster: replays the F8 that loaded it, so the viewport takes focus. */
function ReplayF8() {
  useEffect(() => {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "F8", code: "F8", bubbles: true }));
  }, []);
  return null;
}
