import { highlightParts } from "../../../core/highlight.ts";

/** Text with the words that match the query marked (<mark>), as the search box and page show results. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
          <mark key={i} className="rounded-sm bg-gold-bright/30 font-semibold text-inherit">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
