import type { ReactNode } from "react";

/** A list table's cell padding: tight at phone width, roomier from sm up. */
export const listCell = "px-2 py-3 sm:px-4";

/** The link a row opens its item with (a 24 px target at least). */
export const listLink = "inline-flex min-h-6 font-semibold text-forest underline underline-offset-2";

/**
 * A dashboard list's table on its card: a caption for screen readers, a header row of `columns` (each with
 * the classes that size, align or hide it; its cells repeat them) and the rows. Fixed layout by default, so
 * the first column's width share holds at phone width. `framed={false}` leaves out the card, for a table
 * inside a card of its own.
 */
export function ListTable({
  caption,
  columns,
  layout = "table-fixed",
  framed = true,
  children,
}: {
  caption: string;
  columns: { label: string; className?: string }[];
  /** The table's layout classes, where it should size its columns by their content. */
  layout?: string;
  framed?: boolean;
  children: ReactNode;
}) {
  const table = (
    <table className={`w-full text-left text-sm ${layout}${framed ? "" : " mt-3"}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-sand-deep">
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={`${listCell} font-semibold ${c.className ?? ""}`}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-sand-deep">{children}</tbody>
    </table>
  );
  return framed ? <div className="mt-3 rounded-card bg-white shadow-card">{table}</div> : table;
}
