import Search from "lucide-react/icons/search";
import X from "lucide-react/icons/x";
import { useEffect, useId, useRef, useState } from "react";
import { SEARCH_MIN_LENGTH } from "../../../core/search.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Button } from "../ui/button.tsx";

/**
 * The hub's search field. It reports a query only when it is long enough (after a short pause while
 * typing, or at once on Enter); a shorter one reports '' so the page shows the full list again.
 */
export function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const id = useId();
  const t = useT();
  const [value, setValue] = useState(initial);
  const last = useRef(initial);
  const report = (raw: string) => {
    const q = raw.trim().length >= SEARCH_MIN_LENGTH ? raw.trim() : "";
    if (q === last.current) return;
    last.current = q;
    onSearch(q);
  };
  useEffect(() => {
    const timer = setTimeout(() => report(value), 300);
    return () => clearTimeout(timer);
  });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the well-supported landmark.
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        report(value);
      }}
      className="relative w-full max-w-xl"
    >
      <label htmlFor={id} className="sr-only">
        {t("knowledge.search.label")}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted"
        aria-hidden
      />
      <input
        id={id}
        type="search"
        name="q"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t("knowledge.search.placeholder")}
        autoComplete="off"
        maxLength={200}
        className="h-14 w-full rounded-full border border-sand-deep bg-white pr-12 pl-12 text-base text-ink shadow-card placeholder:text-muted/80 [&::-webkit-search-cancel-button]:hidden"
      />
      {/* Enter submits too; the button gives keyboard and assistive-technology users a named control. */}
      <Button
        type="submit"
        className="sr-only top-0 left-0 focus-visible:not-sr-only focus-visible:absolute focus-visible:top-1/2 focus-visible:right-14 focus-visible:left-auto focus-visible:-translate-y-1/2"
      >
        {t("knowledge.search.submit")}
      </Button>
      {value ? (
        <Button
          variant="ghost"
          size="icon"
          onClick={() => {
            setValue("");
            report("");
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 text-muted"
          aria-label={t("knowledge.search.clear")}
        >
          <X className="size-5" aria-hidden />
        </Button>
      ) : null}
    </form>
  );
}
