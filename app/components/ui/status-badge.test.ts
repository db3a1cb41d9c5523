import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type BadgeTone, statusTone } from "./status-badge.tsx";

describe("statusTone", () => {
  it.each([
    ["delivered", "green"],
    ["active", "green"],
    ["processing", "blue"],
    ["shipped", "blue"],
    ["pending", "yellow"],
    ["paused", "yellow"],
    ["cancelled", "red"],
    ["past_due", "red"],
    ["refunded", "grey"],
  ])("shows %s in %s", (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

// WCAG 2 relative luminance and contrast ratio of two #rrggbb colours.
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function token(css: string, name: string): string {
  const value = css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, "i"))?.[1];
  if (!value) throw new Error(`--color-${name} is not set`);
  return value;
}

const tones: BadgeTone[] = ["green", "blue", "yellow", "red", "grey"];

describe.each([
  ["light", "app/app.css"],
  ["dark", "app/dark-theme.css"],
])("badge text in the %s theme", (_theme, file) => {
  const css = readFileSync(file, "utf8");
  it.each(tones)("%s meets WCAG AA (4.5:1) on its fill", (tone) => {
    const ratio = contrast(token(css, `status-${tone}-ink`), token(css, `status-${tone}`));
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});
