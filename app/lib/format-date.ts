// A date as the shop shows it, in the page's language: one function for the pages and the server's e-mails.
export { formatDate } from "../../core/format-date.ts";

/** A moment as the dashboard shows it: "Nov 24, 2026, 1:05 PM UTC" (UTC, so the server and the browser agree). */
export function formatDateTime(value: string | Date | undefined | null): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return `${d.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
}
