import { expect, type Page, test } from "@playwright/test";
import { axeReduced, setTheme } from "./support/looks.ts";

const STORY = "/story/the-root-that-looked-like-a-person";
const TITLE = "The Root That Looked Like a Person";

const nameBox = (page: Page) => page.getByRole("textbox", { name: "What's your child's name or nickname?" });

test.describe("story reader", () => {
  test("reads a story with a name through every chapter to 'The End', and keeps the name", async ({
    page,
  }) => {
    await page.goto(STORY);
    await expect(nameBox(page)).toBeFocused();
    await nameBox(page).fill("  Mia  ");
    await nameBox(page).press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${TITLE} for Mia`);
    await expect(page.getByText("Ancient Wisdom")).toBeVisible();
    await expect(page.getByText("5-10 years")).toBeVisible();
    await expect(page.getByRole("button", { name: "Previous Chapter" })).toBeDisabled();

    const progress = page.getByText(/^Chapter \d+ of \d+: /);
    const total = Number((await progress.textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(3);
    await expect(page.getByText("Min-jun was just as curious as Mia.")).toBeVisible();
    for (let i = 2; i <= total; i++) {
      await page.getByRole("button", { name: "Next Chapter" }).click();
      await expect(progress).toContainText(`Chapter ${i} of ${total}`);
      await expect(
        page.getByRole("button", { name: `Chapter ${i - 1}: `, exact: false }),
      ).toHaveAccessibleName(/\(read\)$/);
    }
    await expect(page.getByRole("button", { name: "The End" })).toBeVisible();
    await expect(page.getByRole("button", { name: "The End" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Next Chapter" })).toHaveCount(0);

    await page.getByRole("button", { name: "Chapter 1:", exact: false }).click();
    await expect(progress).toContainText(`Chapter 1 of ${total}`);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${TITLE} for Mia`);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("button", { name: "Change Name" }).click();
    await expect(nameBox(page)).toHaveValue("Mia");
    await nameBox(page).fill("Leo");
    await page.getByRole("button", { name: "Personalize Story" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${TITLE} for Leo`);
  });

  test("accepts only a non-empty name; skipping reads without one", async ({ page }) => {
    await page.goto(STORY);
    await nameBox(page).fill("   ");
    await page.getByRole("button", { name: "Personalize Story" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.getByRole("button", { name: "Skip for now" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    await expect(page.getByRole("button", { name: "Change Name" })).toHaveCount(0);
  });

  test("info boxes open on focus and hover, and close with Escape and on leaving", async ({ page }) => {
    await page.goto("/story/the-plant-that-smelled-like-a-horse");
    await page.getByRole("button", { name: "Skip for now" }).click();
    const trigger = page.getByRole("button", { name: /more about Teacher Atreya/ }).first();
    await trigger.focus();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("ah-TRAY-yah").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.hover();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.mouse.move(0, 0);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("a hovered info box stays open when clicked, closes on a second click, on Escape and on Tab away", async ({
    page,
  }) => {
    await page.goto("/story/the-plant-that-smelled-like-a-horse");
    await page.getByRole("button", { name: "Skip for now" }).click();
    const trigger = page.getByRole("button", { name: /more about Bharadwaja/ }).first();
    await trigger.hover();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.mouse.move(0, 0);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    // Opened by hover while focus is elsewhere: Escape still closes it.
    await page.locator("body").focus();
    await trigger.hover();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await page.mouse.move(0, 0);

    // Keyboard: Tab opens, Escape closes and keeps focus, Enter opens and keeps it, Enter again closes.
    await page.locator("#chapter-title").focus();
    await page.keyboard.press("Tab");
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  for (const width of [1280, 390]) {
    test(`an open info box is drawn above the text after it and inside the screen at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(STORY);
      await page.getByRole("button", { name: "Skip for now" }).click();
      await page.getByRole("button", { name: "Next Chapter" }).click();
      await expect(page.getByText(/^Chapter 2 of/)).toBeVisible();
      // Let the glide to the new chapter's heading end before placing the page.
      await page.waitForFunction(
        () =>
          new Promise((done) => {
            const y = window.scrollY;
            setTimeout(() => done(window.scrollY === y), 300);
          }),
      );
      const trigger = page.getByRole("button", { name: /more about The Patient Person Root/ });
      await trigger.evaluate((el) => el.scrollIntoView({ block: "start", behavior: "instant" }));
      await trigger.focus();
      await expect(trigger).toHaveAttribute("aria-expanded", "true");
      const panel = page.locator(`[id="${await trigger.getAttribute("aria-controls")}"]`);
      await expect(panel).toBeVisible();
      // Wait for the blocks' fade-in to finish before reading what is on top.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === "finished"));
      const box = await panel.boundingBox();
      if (!box) throw new Error("the panel has no box");
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Every 40 px down the part of the panel that is on screen (a long panel runs below a phone's screen).
      const points: { x: number; y: number }[] = [];
      for (let y = box.y + 8; y < Math.min(box.y + box.height, 844) - 8; y += 40) {
        points.push({ x: box.x + box.width / 2, y });
      }
      expect(points.length).toBeGreaterThan(5);
      for (const point of points) {
        const onTop = await panel.evaluate(
          (el, { x, y }) => el.contains(document.elementFromPoint(x, y)),
          point,
        );
        expect(onTop, `the panel is on top at (${point.x}, ${point.y})`).toBe(true);
      }
    });
  }

  test("a story opened from the hub starts at the top, the name dialog over its header", async ({ page }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/knowledge");
      const link = page.getByRole("link", { name: TITLE });
      await link.evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(900);
      await link.click();
      await expect(page).toHaveURL(STORY);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(nameBox(page)).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // The page header (hidden from the accessibility tree while the dialog is open) is on screen.
      await expect(page.locator("h1")).toBeInViewport();
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.getByRole("button", { name: "Skip for now" }).click();
    }
  });

  test("an article that is not a story redirects to its article page", async ({ page }) => {
    await page.goto("/story/ashwagandha-stress-research");
    await expect(page).toHaveURL("/knowledge/ashwagandha-stress-research");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ashwagandha and Stress");
  });

  test("a missing story says 'Story Not Found'", async ({ page }) => {
    const res = await page.goto("/story/no-such-story");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Story Not Found" })).toBeVisible();
    await expect(
      page.getByText("The story you're looking for doesn't exist or has been moved."),
    ).toBeVisible();
  });

  test("a story slug under /knowledge shows the reader with the next story", async ({ page }) => {
    await page.goto("/knowledge/the-plant-that-smelled-like-a-horse");
    await page.getByRole("button", { name: "Skip for now" }).click();
    await expect(page.getByText(/^Chapter 1 of \d+: /)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "More stories" }).getByRole("link")).toHaveCount(1);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`axe finds no violations on a story (${theme} theme)`, async ({ page }) => {
      await setTheme(page, theme);
      await page.goto(STORY);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await page.getByRole("button", { name: "Skip for now" }).click();
      await expect(page.getByText(/^Chapter 1 of/)).toBeVisible();
      const results = await axeReduced(page);
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
        [],
      );
    });
  }
});
