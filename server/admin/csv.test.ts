import { describe, expect, it } from "vitest";
import { csvCell, csvHeaders, toCsv } from "./csv.ts";

describe("the dashboard's CSV", () => {
  it("quotes every text cell, doubling its quotes", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell("")).toBe('""');
    expect(csvCell("Shopper, Sam")).toBe('"Shopper, Sam"');
    expect(csvCell('Sam "the" Shopper')).toBe('"Sam ""the"" Shopper"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("puts an apostrophe before a cell a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1 555")).toBe(`"'+1 555"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\r=1")).toBe(`"'\r'=1"`);
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell("2026-11-01T10:00:00.000Z")).toBe('"2026-11-01T10:00:00.000Z"');
  });

  it("neutralises a formula that starts after a separator a spreadsheet may split the cell on", () => {
    expect(csvCell("Mallory;=cmd|' /C calc'!A0")).toBe(`"Mallory;'=cmd|' /C calc'!A0"`);
    expect(csvCell("Sam,+1 555")).toBe(`"Sam,'+1 555"`);
    expect(csvCell("Sam\t@SUM(A1)")).toBe(`"Sam\t'@SUM(A1)"`);
    expect(csvCell("Sam\n-2+3")).toBe(`"Sam\n'-2+3"`);
    expect(csvCell("Sam|=1")).toBe(`"Sam|'=1"`);
    expect(csvCell("\t=1")).toBe(`"'\t'=1"`);
    expect(csvCell("Sam; =1")).toBe('"Sam; =1"');
  });

  it("leaves the shop's own numbers as numbers, negative ones too", () => {
    expect(csvCell(1250)).toBe("1250");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(12.5)).toBe("12.5");
  });

  it("writes a header and rows with CRLF line ends", () => {
    expect(
      toCsv(
        ["email", "orders"],
        [
          ["a@example.com", 2],
          ["b@example.com", 0],
        ],
      ),
    ).toBe('"email","orders"\r\n"a@example.com",2\r\n"b@example.com",0\r\n');
  });

  it("downloads as an attachment that is not cached", () => {
    expect(csvHeaders("customers.csv")).toMatchObject({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="customers.csv"',
      "Cache-Control": "no-store",
    });
  });
});
