import Search from "lucide-react/icons/search";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useT } from "../../i18n/i18n.tsx";
import { useLocalePath } from "../../i18n/link.tsx";
import { focusedControl } from "../../lib/return-focus.ts";

const loadDialog = () => import("./search-dialog.tsx");
const SearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SearchDialog })));

/**
 * The header's search control. Without JavaScript it is a link to the /search page (a plain GET form);
 * with it, it opens the search box, whose code loads on first hover, focus, click or Ctrl/Cmd+K, never
 * with the page.
 */
export function SearchLauncher() {
  const t = useT();
  const localePath = useLocalePath();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const launcher = useRef<HTMLAnchorElement>(null);

  const show = () => {
    // Ctrl+K again while the box is open keeps the control to go back to.
    if (open) return;
    opener.current = focusedControl() ?? launcher.current;
    setWanted(true);
    setOpen(true);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        show();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <>
      <a
        ref={launcher}
        href={localePath("/search")}
        aria-haspopup="dialog"
        aria-label={t("shell.search")}
        aria-keyshortcuts="Control+K Meta+K"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          show();
        }}
        className="inline-flex size-11 items-center justify-center gap-2 rounded-full text-cream transition-colors hover:bg-white/10 2xl:w-56 2xl:justify-start 2xl:border 2xl:border-cream/40 2xl:px-4"
      >
        <Search className="size-5 shrink-0" aria-hidden />
        <span className="hidden text-sm text-cream/85 2xl:inline">{t("shell.search")}</span>
        <kbd
          aria-hidden
          className="ml-auto hidden rounded border border-cream/40 px-1.5 font-sans text-xs text-cream/85 2xl:inline"
        >
          Ctrl K
        </kbd>
      </a>
      {wanted ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} opener={() => opener.current} />
        </Suspense>
      ) : null}
    </>
  );
}
