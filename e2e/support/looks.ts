import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

export const THEMES = ["light", "dark"] as const;

/**
 * axe on the page as it stands, building the details of violations only (all the checks assert). Legacy
 * mode runs axe in the page itself: the default mode opens a blank page for every run to merge the frames'
 * results, which only cross-origin frames need (the shop has none), and that took two thirds of a run's ~6 s
 * on two cores (docs/decisions/039-test-run-speed.md). Same-origin frames are still checked.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
}

/** axe on the page with motion reduced first (so fading blocks are measured at full opacity). */
export async function axeReduced(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  return axe(page).analyze();
}

/**
 * The full-page screenshots are for a person to look at: CI, where nobody does, skips them (a second or
 * more each on a long page at 390 px); `E2E_SCREENSHOTS=true` keeps them there too.
 */
const SCREENSHOTS = process.env.CI !== "true" || process.env.E2E_SCREENSHOTS === "true";
export const WIDTHS = [1280, 390] as const;

/**
 * Chooses the theme as the preferences page does: the `mana_theme` cookie, so the server draws every
 * following page in it from the first paint. `base` is the shop's address (the test's own by default).
 */
export async function setTheme(page: Page, theme: "light" | "dark" | "system", base?: string) {
  const url = base ?? (test.info().project.use.baseURL as string);
  await page.context().addCookies([{ name: "mana_theme", value: theme, url }]);
}

/**
 * Every page in `paths` at 1280 and 390 px in the light and the dark theme: it answers 200, nothing is wider
 * than the screen, axe finds nothing, and a full-page screenshot `<name>-<width>-<theme>.png` is kept with the
 * test's output (outside CI). `check` adds a page's own assertions before axe runs. Motion is reduced so that axe never
 * reads a colour halfway through a transition.
 */
export async function checkLooks(
  page: Page,
  base: string,
  paths: readonly (readonly [name: string, path: string])[],
  check?: (page: Page, name: string) => Promise<void>,
): Promise<void> {
  // Four loads, axe runs and full-page screenshots per page: three times the usual time, so that a busy
  // machine does not cut it off.
  test.slow();
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of THEMES) {
    await setTheme(page, theme, base);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of paths) {
        const res = await page.goto(`${base}${path}`);
        expect(res?.status(), path).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await check?.(page, name);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          width,
        );
        // Violations are what is checked: axe skips building the details of every passed check.
        const results = await axe(page).analyze();
        expect(
          results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
        ).toEqual([]);
        if (SCREENSHOTS)
          await page.screenshot({
            path: test.info().outputPath(`${name}-${width}-${theme}.png`),
            fullPage: true,
          });
      }
    }
  }
}
