/**
 * CSV for the dashboard's downloads (RFC 4180: comma-separated, CRLF line ends, a field with a comma, quote
 * or line break in double quotes, a quote doubled). A cell a spreadsheet would read as a formula (one that
 * starts with =, +, -, @, or a tab or carriage return before one) gets a leading apostrophe, so a name a
 * customer typed, such as `=HYPERLINK(...)`, is shown as text and never run when the owner opens the file.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as it goes in the file: neutralised, then quoted when it must be. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  // Numbers are the shop's own (counts, amounts): a negative one stays a number.
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header row, then one row per record, each line ended with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** The response headers of a CSV download named `name` (no cache: the file holds customers' data). */
export function csvHeaders(name: string): Record<string, string> {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}"`,
    "Cache-Control": "no-store",
  };
}
