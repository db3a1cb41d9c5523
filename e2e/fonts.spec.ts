import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";

// The web fonts (decision 037): a product page fetches at most 60 kB of them, and the pages draw only
// characters the subset files hold, in weights they hold. app/fonts/subset.json is written by
// scripts/subset-fonts.mjs beside the files.

type Subset = {
  families: Record<string, { fontWeight: string; files: { file: string; characters: string }[] }>;
  notInFonts: string;
};
const subset: Subset = JSON.parse(readFileSync(new URL("../app/fonts/subset.json", import.meta.url), "utf8"));

const FONT_BUDGET_BYTES = 60_000;

/** The font responses of one page load, as they came over the wire (headers and body). */
async function fontBytes(page: Page, path: string) {
  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "font") return;
    sizes.push(
      request
        .sizes()
        .then((s) => ({ url: request.url(), bytes: s.responseHeadersSize + s.responseBodySize })),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState("networkidle");
  return Promise.all(sizes);
}

test("a product page fetches at most 60 kB of web fonts", async ({ page }) => {
  const fonts = await fontBytes(page, "/products/ashwagandha");
  // Both families are drawn on the page, so the check counts real font responses.
  expect(fonts.some((f) => f.url.includes("/inter-"))).toBe(true);
  expect(fonts.some((f) => f.url.includes("/fraunces-"))).toBe(true);
  const total = fonts.reduce((sum, f) => sum + f.bytes, 0);
  expect(total, JSON.stringify(fonts)).toBeLessThanOrEqual(FONT_BUDGET_BYTES);
});

const pages = [
  "/",
  "/products/ashwagandha",
  "/knowledge/ashwagandha-stress-research",
  "/knowledge/the-plant-that-smelled-like-a-horse",
];

for (const path of pages) {
  test(`${path} draws only characters and weights the font subsets hold`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("load");
    // Every text node of the page, with the font family (first name) and weight its element asks for.
    const runs = await page.evaluate(() => {
      const out: { family: string; weight: number; text: string }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || element.closest("script, style, noscript, template")) continue;
        const text = node.textContent ?? "";
        if (!text.trim()) continue;
        const style = getComputedStyle(element);
        const family = (style.fontFamily.split(",")[0] ?? "").trim().replace(/^["']|["']$/g, "");
        out.push({ family, weight: Number(style.fontWeight), text });
      }
      return out;
    });
    expect(runs.length).toBeGreaterThan(20);

    const families: Record<string, string> = { "Inter Variable": "inter", "Fraunces Variable": "fraunces" };
    const problems = new Set<string>();
    for (const run of runs) {
      const name = families[run.family];
      if (!name) continue;
      const family = subset.families[name];
      if (!family) throw new Error(`no subset for ${name}`);
      const held = new Set([...family.files.flatMap((f) => [...f.characters])]);
      for (const ch of run.text) {
        if (/\s/.test(ch) || held.has(ch) || subset.notInFonts.includes(ch)) continue;
        problems.add(
          `${name} lacks ${JSON.stringify(ch)} (U+${ch.codePointAt(0)?.toString(16)}) in "${run.text.trim()}"`,
        );
      }
      const [lightest, heaviest] = family.fontWeight.split(" ").map(Number);
      if (run.weight < (lightest ?? 0) || run.weight > (heaviest ?? 0))
        problems.add(
          `${name} asked for weight ${run.weight} (holds ${family.fontWeight}) in "${run.text.trim()}"`,
        );
    }
    expect([...problems]).toEqual([]);
  });
}
