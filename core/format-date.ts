/** One formatter per language, built on first use: building one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A date as the shop shows it: "March 4, 2026", or in the page's language ("4 mars 2026", decision 049)
 * (UTC, so the server and the browser agree).
 */
export function formatDate(value: string | Date | undefined | null, locale = "en-US"): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const tag = locale === "en" ? "en-US" : locale;
  let formatter = formatters.get(tag);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    formatters.set(tag, formatter);
  }
  return formatter.format(d);
}
