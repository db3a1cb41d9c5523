import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { consoleProblems } from "./support/console.ts";
import { axe, setTheme } from "./support/looks.ts";

/**
 * Every public page of the shop in Spanish and in French (docs/decisions/049-languages.md): it answers 200
 * with its language on `<html lang>`, none of the shop's English messages is left in what a shopper reads,
 * and axe finds nothing at 1280 px in the light theme and at 390 px in the dark one.
 */
const PAGES = [
  "",
  "/knowledge",
  "/knowledge/magnesium-and-sleep-evidence",
  "/story/king-sejong-and-the-gift-of-letters",
  "/stacks",
  "/stacks/sleep-and-unwind",
  "/quiz",
  "/products/ashwagandha",
  "/search?q=magnesium",
  "/auth",
  "/auth/forgot",
  "/auth/reset",
  "/auth/verify",
  "/newsletter/unsubscribe",
  "/newsletter/confirm",
  "/orders",
  "/wishlist",
  "/preferences",
  "/terms",
  "/privacy",
  "/shipping-returns",
  "/accessibility",
  "/contact",
  "/report-a-reaction",
  "/reviews/policy",
  "/checkout",
  "/gift-cards",
  "/gift-cards/balance",
  "/success",
] as const;

const MESSAGES = new URL("../app/i18n/messages/", import.meta.url).pathname;

function catalogue(locale: string): Record<string, string> {
  const folder = join(MESSAGES, locale);
  return Object.assign(
    {},
    ...readdirSync(folder)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(join(folder, f), "utf8"))),
  );
}

/**
 * The English messages a translated page must not show: whole sentences or phrases (three words or more,
 * no values to fill in) that the language words differently.
 */
function englishLeftovers(locale: string): string[] {
  const en = catalogue("en");
  const other = catalogue(locale);
  return Object.entries(en)
    .filter(([key, text]) => !/[{<]/.test(text) && text.split(/\s+/).length >= 3 && other[key] !== text)
    .map(([, text]) => text);
}

/** What a reader sees of a page's HTML: its text, without scripts, styles and tags. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

for (const locale of ["es", "fr"] as const) {
  test(`every public page in ${locale} is in ${locale} from the first byte`, async ({ request }) => {
    const leftovers = englishLeftovers(locale);
    expect(leftovers.length).toBeGreaterThan(200);
    const found: string[] = [];
    for (const path of PAGES) {
      const res = await request.get(`/${locale}${path}`);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<html lang="${locale}"`);
      const text = visibleText(html);
      for (const english of leftovers) if (text.includes(english)) found.push(`${path}: ${english}`);
    }
    expect(found).toEqual([]);
  });

  test(`every public page in ${locale} passes axe in both themes`, async ({ page, baseURL }) => {
    // Two loads and two axe runs for each of the pages: far longer than a usual journey.
    test.setTimeout(300_000);
    const problems = consoleProblems(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const [theme, width] of [
      ["light", 1280],
      ["dark", 390],
    ] as const) {
      await setTheme(page, theme, baseURL);
      await page.setViewportSize({ width, height: 900 });
      for (const path of PAGES) {
        const res = await page.goto(`/${locale}${path}`);
        expect(res?.status(), path).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        // A story first asks for the child's name (e2e/languages-knowledge.spec.ts reads that dialog): not now.
        if (path.startsWith("/story/")) {
          await expect(page.getByRole("dialog")).toBeVisible();
          await page.keyboard.press("Escape");
          await expect(page.getByRole("dialog")).toBeHidden();
        }
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          width,
        );
        const results = await axe(page).analyze();
        expect(
          results.violations.map(
            (v) => `${path} ${theme} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`,
          ),
        ).toEqual([]);
      }
    }
    expect(problems).toEqual([]);
  });
}
