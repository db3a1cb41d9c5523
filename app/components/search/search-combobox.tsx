import Search from "lucide-react/icons/search";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import {
  type ArticleHit,
  markedWords,
  type ProductHit,
  RESULT_GROUPS,
  resultCount,
  SITE_SEARCH_MAX_LENGTH,
  SITE_SEARCH_MIN_LENGTH,
  type SiteSearchResults,
} from "../../../core/contracts/search.ts";
import { type Translator, useLocale, useT } from "../../i18n/i18n.tsx";
import { useLocalePath } from "../../i18n/link.tsx";
import { ArticleHitLines, groupLabels, ProductHitLines } from "./search-hit.tsx";
import { searchableQuery, useSearchSuggestions } from "./search-results-data.ts";

/** One choice in the list: a result, or the link to every result. */
interface Choice {
  key: string;
  url: string;
  group: (typeof RESULT_GROUPS)[number]["key"] | "all";
  hit?: ProductHit | ArticleHit;
}

export const seeAllUrl = (q: string) => `/search?q=${encodeURIComponent(q)}`;

function choicesOf(results: SiteSearchResults | undefined, q: string | null): Choice[] {
  if (!results || !q) return [];
  const choices: Choice[] = [];
  for (const { key } of RESULT_GROUPS)
    for (const hit of results[key]) choices.push({ key: `${key}-${hit.id}`, url: hit.url, group: key, hit });
  choices.push({ key: "all", url: seeAllUrl(q), group: "all" });
  return choices;
}

function announcement(
  t: Translator["t"],
  loading: boolean,
  q: string | null,
  results: SiteSearchResults | undefined,
): string {
  if (!q) return "";
  if (loading || !results) return t("search.announce.searching");
  const count = resultCount(results);
  if (count === 0) return t("search.announce.none", { q });
  return t("search.announce.some", { count, q });
}

/**
 * The search combobox (WAI-ARIA combobox with a grouped listbox): the input keeps the focus, the arrows
 * move the active option (aria-activedescendant), Enter opens it (or every result when none is active).
 * Escape belongs to the dialog around it, which closes and gives the focus back.
 */
export function SearchCombobox({ onNavigate }: { onNavigate: () => void }) {
  const id = useId();
  const t = useT();
  const localePath = useLocalePath();
  const locale = useLocale();
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const [active, setActive] = useState(-1);

  // A short pause while typing, so every keystroke does not become a request.
  useEffect(() => {
    const next = searchableQuery(value);
    const timer = setTimeout(() => setSent(next), next === null ? 0 : 120);
    return () => clearTimeout(timer);
  }, [value]);

  const { data } = useSearchSuggestions(sent, locale);
  // While the next answer loads, the previous one stays (marked with its own query).
  const results = sent ? data : undefined;
  const shownQ = results?.q ?? "";
  const marks = results ? markedWords(results) : "";
  const choices = choicesOf(results, results?.q ?? null);
  const expanded = choices.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;
  const listboxId = `${id}-listbox`;

  // A new answer starts with no option active.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the answer changes.
  useEffect(() => setActive(-1), [results]);

  const open = (url: string) => {
    onNavigate();
    navigate(localePath(url));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!expanded) return;
      e.preventDefault();
      const last = choices.length - 1;
      if (e.key === "ArrowDown") setActive((i) => (i >= last ? 0 : i + 1));
      else setActive((i) => (i <= 0 ? last : i - 1));
      return;
    }
    if (e.key === "Enter") {
      e.preventDefault();
      const choice = choices[active];
      if (choice) open(choice.url);
      else {
        const q = searchableQuery(value);
        if (q) open(seeAllUrl(q));
      }
    }
  };

  let index = -1;
  const option = (choice: Choice, content: ReactNode) => {
    index += 1;
    const i = index;
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys (aria-activedescendant).
      <div
        key={choice.key}
        id={optionId(i)}
        role="option"
        aria-selected={active === i}
        tabIndex={-1}
        onMouseDown={(e) => e.preventDefault()}
        onMouseMove={() => setActive(i)}
        onClick={() => open(choice.url)}
        className={`flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ${
          active === i ? "bg-sand outline-2 outline-forest" : ""
        }`}
      >
        {content}
      </div>
    );
  };

  return (
    <div className="flex min-h-0 flex-col">
      <div className="relative border-b border-sand-deep p-3">
        <label htmlFor={`${id}-input`} className="sr-only">
          {t("search.label")}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-7 size-5 -translate-y-1/2 text-muted"
          aria-hidden
        />
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={active >= 0 && active < choices.length ? optionId(active) : undefined}
          aria-describedby={`${id}-hint`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          spellCheck={false}
          maxLength={SITE_SEARCH_MAX_LENGTH}
          className="h-12 w-full rounded-full border border-sand-deep bg-white pr-4 pl-12 text-base text-ink placeholder:text-muted"
        />
        <p id={`${id}-hint`} className="sr-only">
          {t("search.hint", { min: SITE_SEARCH_MIN_LENGTH })}
        </p>
      </div>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement(t, results?.q !== sent, sent, results)}
      </div>
      <div
        id={listboxId}
        role="listbox"
        aria-label={t("search.suggestions")}
        hidden={!expanded}
        className="min-h-0 flex-1 overflow-y-auto p-3"
      >
        {results
          ? RESULT_GROUPS.map(({ key }) => {
              const hits = results[key];
              if (hits.length === 0) return null;
              const labelId = `${id}-${key}-label`;
              return (
                // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not a fieldset.
                <div key={key} role="group" aria-labelledby={labelId} className="mb-3">
                  <div
                    id={labelId}
                    role="presentation"
                    className="px-3 pb-1 text-xs font-semibold tracking-widest text-muted uppercase"
                  >
                    {t(groupLabels[key])}
                  </div>
                  {hits.map((hit) => {
                    const choice = choices.find((c) => c.key === `${key}-${hit.id}`) as Choice;
                    return option(
                      choice,
                      "name" in hit ? (
                        <ProductHitLines hit={hit} marks={marks} compact />
                      ) : (
                        <ArticleHitLines hit={hit} marks={marks} story={key === "stories"} compact />
                      ),
                    );
                  })}
                </div>
              );
            })
          : null}
        {results && resultCount(results) === 0 ? (
          <p className="px-3 py-2 text-muted">{t("search.none", { q: shownQ })}</p>
        ) : null}
        {choices.length > 0
          ? option(
              choices[choices.length - 1] as Choice,
              <span className="font-semibold text-forest underline underline-offset-4">
                {t("search.seeAll", { q: shownQ })}
              </span>,
            )
          : null}
      </div>
    </div>
  );
}
