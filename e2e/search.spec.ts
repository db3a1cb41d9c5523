import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

/** Ctrl+K from wherever the focus is, then 'ashw' typed into the box. */
async function openBoxAndType(page: Page, text: string) {
  await page.keyboard.press("Control+k");
  const box = page.getByRole("combobox", { name: "Search products, articles and stories" });
  await expect(box).toBeFocused();
  await page.keyboard.type(text);
  await expect(box).toHaveAttribute("aria-expanded", "true");
  return box;
}

test.describe("site search", () => {
  test("a shopper finds Ashwagandha and a story from the header with the keyboard alone", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    // The box's code is not part of the home page: it loads on first use (the currency selects are
    // comboboxes of their own).
    await expect(page.getByRole("combobox", { name: "Search products, articles and stories" })).toHaveCount(
      0,
    );

    const box = await openBoxAndType(page, "ashw");
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    const products = listbox.getByRole("group", { name: "Products" });
    const stories = listbox.getByRole("group", { name: "Stories" });
    await expect(products.getByRole("option", { name: /Ashwagandha/ })).toBeVisible();
    await expect(stories.getByRole("option").first()).toBeVisible();
    await expect(listbox.getByRole("group", { name: "Articles" }).getByRole("option").first()).toBeVisible();
    await expect(products.locator("mark").first()).toHaveText(/^ashw$/i);
    await expect(page.getByRole("status").filter({ hasText: /\d+ results? for ashw/ })).toHaveCount(1);

    // The first option is the product: the arrow makes it active, Enter opens it.
    await page.keyboard.press("ArrowDown");
    const first = products.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/products\/ashwagandha$/);
    await expect(page.getByRole("heading", { level: 1, name: /Ashwagandha/ })).toBeVisible();

    // Again, down to the first story.
    await openBoxAndType(page, "ashw");
    const storyOption = stories.getByRole("option").first();
    await expect(storyOption).toBeVisible();
    const storyTitle = (await storyOption.locator("span span").first().textContent()) ?? "";
    const options = listbox.getByRole("option");
    const storyAt = await options.evaluateAll(
      (els, id) => els.findIndex((el) => el.id === id),
      await storyOption.getAttribute("id"),
    );
    for (let i = 0; i <= storyAt; i++) await page.keyboard.press("ArrowDown");
    await expect(storyOption).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/story\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(storyTitle.trim());
  });

  test("Escape closes the box and gives the focus back; Enter with no choice opens every result", async ({
    page,
  }) => {
    await page.goto("/knowledge");
    await hydrated(page);
    const launcher = page.getByRole("link", { name: "Search", exact: true });
    await launcher.focus();
    await page.keyboard.press("Enter");
    const box = page.getByRole("combobox", { name: "Search products, articles and stories" });
    await expect(box).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(box).toHaveCount(0);
    await expect(launcher).toBeFocused();

    await openBoxAndType(page, "ginseng");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=ginseng$/);
    await expect(page.getByRole("heading", { level: 1, name: "Results for “ginseng”" })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the header's Search link and the results page's GET form work, with empty and too-short states", async ({
      page,
    }) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.getByText("Search our products, articles and bedtime stories.")).toBeVisible();
      // A one-letter query (the field's minlength stops it in the browser) gets the server's hint.
      await page.goto("/search?q=a");
      await expect(page.getByText("Type at least 2 characters to search.")).toBeVisible();

      await page.getByRole("searchbox", { name: "Search products, articles and stories" }).fill("ashw");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/\/search\?q=ashw$/);
      const products = page.getByRole("region", { name: /Products/ });
      await expect(products.getByRole("link", { name: /Ashwagandha/ })).toBeVisible();
      await expect(
        page
          .getByRole("region", { name: /Stories/ })
          .getByRole("link")
          .first(),
      ).toBeVisible();
      await expect(products.locator("mark").first()).toHaveText(/^ashw$/i);

      // A typo finds the product and marks the word it was taken for.
      await page.goto("/search?q=ashwaganda");
      await expect(products.locator("mark").first()).toHaveText(/^ashwagandha$/i);

      await page.goto("/search?q=zzqxv");
      await expect(page.getByText("No results for “zzqxv”.", { exact: false })).toBeVisible();
    });
  });

  test("the open box and the results page look right at 1280 and 390 px in both themes", async ({
    page,
    baseURL,
  }) => {
    await checkLooks(
      page,
      baseURL as string,
      [
        ["search-box", "/"],
        ["search-page", "/search?q=ashw"],
      ],
      async (p, name) => {
        if (name !== "search-box") return;
        await hydrated(p);
        await openBoxAndType(p, "ashw");
        await expect(p.getByRole("group", { name: "Stories" }).getByRole("option").first()).toBeVisible();
        // The first option active, so the screenshots show how an active option looks.
        await p.keyboard.press("ArrowDown");
        await expect(p.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
      },
    );
  });
});
