import Info from "lucide-react/icons/info";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n/i18n.tsx";

/**
 * A word in the story that explains itself.
 *
 * Opens on hover, keyboard focus or click. A click on an open box keeps it open (so a tap, or a click after
 * hovering, never shuts what it just showed); the next click closes it. It also closes when the pointer
 * leaves it, when focus leaves it, and with Escape, which leaves focus on the button.
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
  const t = useT();
  // "open" by hover or focus; "clicked" once a click has opened it or kept it open.
  const [state, setState] = useState<"closed" | "open" | "clicked">("closed");
  const open = state !== "closed";
  const panelId = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const show = () => setState((s) => (s === "closed" ? "open" : s));
  const close = () => setState("closed");

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setState("closed");
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only mirrors what the button already does by focus and click.
    <span
      ref={wrapper}
      className="relative inline-block"
      onMouseEnter={show}
      onMouseLeave={close}
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onFocus={show}
        onClick={() => setState((s) => (s === "clicked" ? "closed" : "clicked"))}
        className={`${accent ? "accent-text " : ""}inline-flex min-h-11 items-center gap-1.5 rounded-full border border-current/30 bg-white px-3 py-1 text-sm font-semibold`}
        style={accent ? ({ "--accent": accent } as React.CSSProperties) : undefined}
      >
        <Info className="size-4" aria-hidden />
        {label}
        <span className="sr-only">{t("story.info.more", { title })}</span>
      </button>
      {/* The top padding bridges the gap under the button, so the pointer can move into the panel. */}
      <span id={panelId} hidden={!open} className="absolute top-full left-0 z-30 block pt-2">
        <span className="block w-[min(22rem,80vw)] rounded-card border border-sand-deep bg-white p-5 text-left text-base leading-relaxed text-ink shadow-card">
          {children}
        </span>
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
