import { CsvError, parse } from "csv-parse/sync";
import { CARRIER_NAMES, findCarrier } from "../../core/carriers.ts";
import {
  SHIP_CSV_HEADER,
  SHIP_CSV_MAX_BYTES,
  SHIP_CSV_MAX_ROWS,
  type ShipCsvProblem,
  shipBody,
  TRACKING_CODE_MAX,
} from "../../core/contracts/admin-orders.ts";

/** One row of a shipping file, as it will ship: the order's number in capitals, the carrier's own name. */
export interface ShippingRow {
  row: number;
  orderNumber: string;
  carrier: string;
  trackingCode: string;
}

const COLUMNS = SHIP_CSV_HEADER.split(",");
const ORDER_NUMBER_MAX = 40;

/** What csv-parse refuses, said for the person who saved the file. */
function unreadable(err: CsvError): string {
  if (err.code === "CSV_QUOTE_NOT_CLOSED") return 'a quoted value is never closed (a " is missing)';
  if (err.code === "CSV_INVALID_CLOSING_QUOTE")
    return 'a value has text after its closing quote (write a " inside quotes as "")';
  return err.message;
}

/**
 * Reads a shipping file (decision 020) without touching the database: the header (order_number, carrier,
 * tracking, in any case and order; a byte-order mark is ignored), then one order per row. Each row is checked
 * as the single ship action checks it (a carrier the shop knows, a tracking code of 1 to 100 characters) and
 * an order may appear once. Empty lines are skipped. Answers the rows to ship and every problem found.
 */
export function readShippingCsv(text: string): { rows: ShippingRow[]; problems: ShipCsvProblem[] } {
  const whole = (message: string) => ({ rows: [], problems: [{ row: null, orderNumber: null, message }] });
  if (Buffer.byteLength(text, "utf8") > SHIP_CSV_MAX_BYTES)
    return whole(`The file is larger than ${SHIP_CSV_MAX_BYTES / 1024} KB: split it into smaller files.`);
  // PostgreSQL text cannot hold U+0000, and no CSV file has one: this is some other kind of file.
  if (text.includes("\u0000")) return whole("This is not a CSV file (it holds binary data).");

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: ",",
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as typeof records; // csv-parse's types do not follow `info: true`
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const line = typeof err.lines === "number" ? err.lines : null;
    return {
      rows: [],
      problems: [{ row: line, orderNumber: null, message: `Not valid CSV: ${unreadable(err)}.` }],
    };
  }

  const [header, ...data] = records;
  if (!header) return whole(`The file is empty: its first row must be the header ${SHIP_CSV_HEADER}.`);
  const names = header.record.map((name) => name.trim().toLowerCase());
  const at = COLUMNS.map((column) => names.indexOf(column));
  if (names.length !== COLUMNS.length || at.some((i) => i < 0)) {
    const found = header.record.join(",").slice(0, 80);
    return {
      rows: [],
      problems: [
        {
          row: header.info.lines,
          orderNumber: null,
          message: `The first row must be the header ${SHIP_CSV_HEADER} (any case); it is "${found}".`,
        },
      ],
    };
  }
  if (data.length === 0) return whole("The file has a header but no orders under it.");
  if (data.length > SHIP_CSV_MAX_ROWS)
    return whole(
      `The file has ${data.length} orders; at most ${SHIP_CSV_MAX_ROWS} ship at a time: split it.`,
    );

  const rows: ShippingRow[] = [];
  const problems: ShipCsvProblem[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { record, info } of data) {
    const [number = "", carrierName = "", tracking = ""] = at.map((i) => (record[i] ?? "").trim());
    const orderNumber = number.toUpperCase();
    const wrong: string[] = [];
    if (record.length !== COLUMNS.length)
      wrong.push(`it has ${record.length} values; each row has 3: order number, carrier, tracking code`);
    else {
      if (!orderNumber) wrong.push("the order number is missing");
      else if (orderNumber.length > ORDER_NUMBER_MAX) wrong.push("this is not an order number");
      const carrier = findCarrier(carrierName);
      if (!carrier)
        wrong.push(
          `${carrierName ? `"${carrierName}" is not a carrier the shop knows` : "the carrier is missing"}: use one of ${CARRIER_NAMES.join(", ")}`,
        );
      if (!shipBody.shape.trackingCode.safeParse(tracking).success)
        wrong.push(
          tracking
            ? `the tracking code is longer than ${TRACKING_CODE_MAX} characters`
            : "the tracking code is missing",
        );
      const earlier = orderNumber ? firstRowOf.get(orderNumber) : undefined;
      if (earlier !== undefined) wrong.push(`the order is already on row ${earlier}: an order ships once`);
      else if (orderNumber) firstRowOf.set(orderNumber, info.lines);
      if (carrier && wrong.length === 0)
        rows.push({ row: info.lines, orderNumber, carrier: carrier.name, trackingCode: tracking });
    }
    if (wrong.length) {
      const shown =
        orderNumber.length > ORDER_NUMBER_MAX ? `${orderNumber.slice(0, ORDER_NUMBER_MAX)}…` : orderNumber;
      problems.push({
        row: info.lines,
        orderNumber: shown || null,
        message: `${capital(wrong.join("; "))}.`,
      });
    }
  }
  return { rows, problems };
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
