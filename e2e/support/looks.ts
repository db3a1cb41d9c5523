import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

export const THEMES = ["light", "dark"] as const;
export const WIDTHS = [1280, 390] as const;

/**
 * Every page in `paths` at 1280 and 390 px in the light and the dark theme: it answers 200, nothing is wider
 * than the screen, axe finds nothing, and a full-page screenshot `<name>-<width>-<theme>.png` is kept with the
 * test's output. `check` adds a page's own assertions before axe runs. Motion is reduced so that axe never
 * reads a colour halfway through a transition.
 */
export async function checkLooks(
  page: Page,
  base: string,
  paths: readonly (readonly [name: string, path: string])[],
  check?: (page: Page, name: string) => Promise<void>,
): Promise<void> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of THEMES) {
    await page.addInitScript((t) => {
      localStorage.setItem("mana.preferences", JSON.stringify({ display: { theme: t } }));
    }, theme);
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
        const results = await new AxeBuilder({ page }).analyze();
        expect(
          results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
        ).toEqual([]);
        await page.screenshot({
          path: test.info().outputPath(`${name}-${width}-${theme}.png`),
          fullPage: true,
        });
      }
    }
  }
}
