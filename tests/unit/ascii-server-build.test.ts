import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { asciiOnly } from "../../scripts/vite-ascii-server.ts";

/** Runs a script's last expression; its value is read back as JSON so the two runs compare by value. */
const resultOf = (code: string) => JSON.parse(JSON.stringify(runInNewContext(code))) as unknown;

describe("the server build written in ASCII (scripts/vite-ascii-server.ts)", () => {
  const script = `
    // A comment with ’quotes’ — and 📖
    const café = "l’été — 3 € → 📖";
    const words = \`\${café} “en” bref…\`;
    const sign = /[’“”]/g;
    const emoji = /^[📖✦]$/u;
    ({
      café,
      words,
      quotes: words.replace(sign, "'"),
      book: emoji.test("📖"),
      star: emoji.test("✦"),
      half: emoji.test("\\uD83D"),
      length: café.length,
      points: [...café].length,
    });
  `;

  it("escapes every character outside ASCII", () => {
    const escaped = asciiOnly(script);
    expect(/[\u0080-\uffff]/.test(escaped)).toBe(false);
    expect(escaped).toContain("\\u2019");
    expect(escaped).toContain("\\ud83d\\udcd6");
  });

  it("leaves what the script does unchanged: strings, templates, regular expressions, names", () => {
    const before = resultOf(script);
    expect(before).toMatchObject({ book: true, star: true, half: false, café: "l’été — 3 € → 📖" });
    expect(resultOf(asciiOnly(script))).toEqual(before);
  });

  it("leaves ASCII code as it is", () => {
    const code = 'export const a = "plain";\n';
    expect(asciiOnly(code)).toBe(code);
  });
});
