import { lazy, Suspense, useEffect, useState } from "react";
import { useToasts } from "../../hooks/use-toast.ts";

const Toaster = lazy(() => import("./toaster.tsx").then((m) => ({ default: m.Toaster })));

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
