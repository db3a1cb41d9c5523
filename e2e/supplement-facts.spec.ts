import { expect, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";

// A product page carries its label: the Supplement Facts panel read as a table, directions and warnings,
// questions that open from the keyboard, and structured data that names the product as a supplement.

test("the Supplement Facts panel is a table with its headers", async ({ page }) => {
  await page.goto("/products/total-restore");
  const table = page.getByRole("table", { name: /Supplement Facts/ });
  await expect(table).toBeVisible();
  await expect(table).toContainText("Serving Size 4 capsules");
  await expect(table).toContainText("Servings Per Container 30");
  await expect(table.getByRole("columnheader", { name: "Amount Per Serving" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "% Daily Value" })).toBeVisible();

  const magnesium = table.getByRole("row", { name: /Magnesium \(as magnesium glycinate\)/ });
  await expect(magnesium.getByRole("rowheader")).toHaveText("Magnesium (as magnesium glycinate)");
  await expect(magnesium.getByRole("cell").nth(0)).toHaveText("200 mg");
  await expect(magnesium.getByRole("cell").nth(1)).toHaveText("48%");

  // No Daily Value for L-theanine: a dagger, read out in words, and the footnote below.
  const theanine = table.getByRole("row", { name: /L-theanine/ });
  await expect(theanine.getByRole("cell").nth(1)).toHaveText(/Daily Value not established/);
  await expect(table).toContainText("† Daily Value not established.");

  await expect(page.getByText(/^Other ingredients:/)).toBeVisible();
  await expect(page.locator("p").filter({ hasText: /^Allergens:/ })).toContainText("Contains no milk");
  await expect(page.getByRole("heading", { name: "Suggested use" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Storage" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Warnings" })).toBeVisible();
});

test("the product's questions open and close from the keyboard", async ({ page }) => {
  await page.goto("/products/ashwagandha");
  await expect(page.getByRole("heading", { name: "Questions about Ashwagandha" })).toBeVisible();
  const question = page.getByText("Is it made from the root or the leaf?");
  const answer = page.getByText(/The root only, as in Ayurvedic tradition/);
  await expect(answer).toBeHidden();

  await question.focus();
  await expect(question).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(answer).toBeVisible();
  await page.keyboard.press("Space");
  await expect(answer).toBeHidden();
  await expect(page.getByText(/These statements have not been evaluated/).last()).toBeVisible();
});

test("the product's JSON-LD names it as a Product and a dietary supplement", async ({ request }) => {
  const html = await (await request.get("/products/korean-ginseng")).text();
  const match = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s);
  const ld = JSON.parse(match?.[1] ?? "{}");
  expect(ld["@type"]).toBe("Product");
  expect(ld.additionalType).toBe("https://schema.org/DietarySupplement");
  expect(ld.name).toBe("Korean Ginseng");
  expect(ld.offers.priceCurrency).toBe("USD");
  expect(ld.additionalProperty).toContainEqual({
    "@type": "PropertyValue",
    name: "Serving size",
    value: "2 mL (2 full droppers)",
  });
});

test("a product page with its label reads well in both themes at 1280 and 390 px", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await checkLooks(page, baseURL as string, [["product-label", "/products/verdant-edge"]], async (p) => {
    const header = p.getByRole("columnheader", { name: "Amount Per Serving" });
    await header.scrollIntoViewIfNeeded();
    // One line, not broken across two at phone width.
    const box = await header.boundingBox();
    const lineHeight = await header.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(box?.height ?? 0).toBeLessThan(lineHeight * 1.9);
  });
});
