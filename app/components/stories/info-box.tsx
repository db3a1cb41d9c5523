import Info from "lucide-react/icons/info";
import { type ReactNode, useId, useRef, useState } from "react";

/**
 * A word in the story that explains itself. Opens on hover, click or
 * keyboard focus; closes when the pointer or focus leaves, on a second click, or with Escape.
 */
export function InfoBox({
  label,
  title,
  accent,
  children,
}: {
  label: ReactNode;
  title: string;
  accent?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const pointerDown = useRef(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only mirrors what the button already does by focus and click.
    <span
      ref={wrapper}
      className="relative inline-block"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(e) => {
        pointerDown.current = false;
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerDown={() => {
          pointerDown.current = true;
        }}
        onFocus={() => {
          // A click focuses the button first; let the click decide instead of opening twice.
          if (!pointerDown.current) setOpen(true);
        }}
        onClick={() => {
          pointerDown.current = false;
          setOpen((v) => !v);
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape" && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-current/30 bg-white px-3 py-1 text-sm font-semibold"
        style={accent ? { color: accent } : undefined}
      >
        <Info className="size-4" aria-hidden />
        {label}
        <span className="sr-only">: more about {title}</span>
      </button>
      <span
        id={panelId}
        hidden={!open}
        className="absolute top-full left-0 z-30 mt-2 block w-[min(22rem,80vw)] rounded-card border border-sand-deep bg-white p-5 text-left text-base leading-relaxed text-ink shadow-card"
      >
        {children}
      </span>
    </span>
  );
}

export function InfoRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <span className="mt-2 block first:mt-0">
      <span className="block text-xs font-semibold tracking-widest text-muted uppercase">{term}</span>
      <span className="block">{children}</span>
    </span>
  );
}
