import { describe, expect, it } from "vitest";
import { formatDate } from "../../core/format-date.ts";

describe("formatDate", () => {
  it("writes a date in each language as the platform does, in UTC, formatter after formatter", () => {
    const options = { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" } as const;
    for (const _ of [1, 2]) {
      expect(formatDate("2026-03-04T23:30:00Z")).toBe("March 4, 2026");
      expect(formatDate("2026-03-04T23:30:00Z", "en")).toBe("March 4, 2026");
      expect(formatDate(new Date("2026-03-04T00:10:00Z"), "fr")).toBe("4 mars 2026");
      expect(formatDate("2026-03-04", "es")).toBe(new Date("2026-03-04").toLocaleDateString("es", options));
    }
  });

  it("leaves nothing for no date, and what it was given for one it cannot read", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined, "fr")).toBe("");
    expect(formatDate("not a date")).toBe("not a date");
  });
});
