import { Link } from "react-router";
import { Button } from "../ui/button.tsx";

type ListQuery = Record<string, string | number>;

/** Whether a value is the list's default: an empty box, "all" of a filter, page 1. */
const isDefault = (key: string, value: string | number) =>
  value === "" || value === "all" || (key === "page" && String(value) === "1");

/** The URL of a list's page with the same search, defaults left out (`path` alone for page 1 of everything). */
export function listPageHref(path: string, query: ListQuery, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, page })) {
    if (!isDefault(key, value)) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Newer and older pages of a dashboard list, as plain links (they work without JavaScript). */
export function ListPager({
  label,
  path,
  query,
  page,
  pages,
}: {
  /** What the pages are of, for the navigation's name: "Pages of customers". */
  label: string;
  path: string;
  query: ListQuery;
  page: number;
  pages: number;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Button asChild variant="secondary" size="md">
          <Link to={listPageHref(path, query, page - 1)} rel="prev">
            Previous page
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Button asChild variant="secondary" size="md">
          <Link to={listPageHref(path, query, page + 1)} rel="next">
            Next page
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * The line above a list: how many there are, or the empty state, and a way back (to `path`) from a search
 * or a filter, that is any of `query` but the page away from its default.
 */
export function ListSummary({
  total,
  noun,
  empty,
  path,
  query,
}: {
  total: number;
  /** Singular and plural: ["customer", "customers"]. */
  noun: [string, string];
  /** What an empty list means before any search. */
  empty: string;
  path: string;
  query: ListQuery;
}) {
  const filtered = Object.entries(query).some(([key, value]) => key !== "page" && !isDefault(key, value));
  return (
    <p className="mt-6 text-sm text-muted" aria-live="polite">
      {total === 0
        ? filtered
          ? `No ${noun[1]} match this search.`
          : empty
        : `${total} ${total === 1 ? noun[0] : noun[1]}${filtered ? (total === 1 ? " matches" : " match") : ""}.`}
      {filtered ? (
        <>
          {" "}
          <Link to={path} className="font-semibold text-forest underline underline-offset-2">
            Clear the search
          </Link>
        </>
      ) : null}
    </p>
  );
}
