/**
 * A date as the shop shows it: "March 4, 2026", or in the page's language ("4 mars 2026", decision 049)
 * (UTC, so the server and the browser agree).
 */
export function formatDate(value: string | Date | undefined | null, locale = "en-US"): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return d.toLocaleDateString(locale === "en" ? "en-US" : locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
