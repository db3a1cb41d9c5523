/**
 * CSV for the dashboard's downloads (RFC 4180: comma-separated, CRLF line ends, a quote doubled). Every text
 * cell is in double quotes, so a spreadsheet that splits on semicolons, tabs or pipes still reads it as one
 * cell. A formula start (=, +, -, @, tab, carriage return) at the beginning of a cell, or right after a
 * separator a spreadsheet may split on (, ; | tab, line break), gets an apostrophe before it (the practice
 * OWASP gives against CSV injection): a name a customer typed, such as `=HYPERLINK(...)` or
 * `Sam;=cmd|...`, is shown as text and never run when the owner opens the file.
 */
export type CsvCell = string | number | null | undefined;

// Zero-width: a tab both ends one formula start and may begin the next ("\t=1" gets two apostrophes).
const FORMULA_STARTS = /(?<=^|[,;|\t\r\n])(?=[=+\-@\t\r])/g;

/** One cell as it goes in the file: a number as it is, text neutralised and quoted. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  // Numbers are the shop's own (counts, amounts): a negative one stays a number.
  if (typeof value === "number") return String(value);
  const text = value.replace(FORMULA_STARTS, "'");
  return `"${text.replaceAll('"', '""')}"`;
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
