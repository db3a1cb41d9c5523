import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";

// What the UK and the EU require on the page (docs/decisions/051-markets-and-currencies.md): a shopper
// browsing in euros or pounds reads the products called food supplements with their statements, prices
// including VAT, and beside each announced reduction the lowest price of the last 30 days (price_history,
// migration 0021). A shopper browsing in US dollars sees none of it.

const base = () => test.info().project.use.baseURL as string;

async function browseIn(page: Page, currency: string) {
  await page.context().addCookies([{ name: "mana_currency", value: currency, url: base() }]);
}

test("a French shopper in euros: Complément alimentaire, its statements, TVA incluse and the lowest price of 30 days", async ({
  page,
}) => {
  await browseIn(page, "EUR");
  await page.goto("/fr/products/ashwagandha");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const main = page.getByRole("main");
  await expect(main.getByText("Complément alimentaire", { exact: true })).toBeVisible();
  const notice = page.getByRole("region", { name: "Complément alimentaire\u00a0: mode d’emploi" });
  await expect(
    notice.getByText("Dose journalière recommandée\u00a0: 2 mL (2 compte-gouttes pleins)."),
  ).toBeVisible();
  await expect(notice.getByText("Ne pas dépasser la dose journalière recommandée.")).toBeVisible();
  await expect(notice.getByText(/ne doivent pas être utilisés comme substituts/)).toBeVisible();
  await expect(notice.getByText("Tenir hors de portée des jeunes enfants.")).toBeVisible();
  await expect(main.getByText("€29.00", { exact: true }).first()).toBeVisible();
  await expect(main.getByText("TVA incluse").first()).toBeVisible();
  await expect(main.getByTestId("lowest-price")).toHaveText(
    "Prix le plus bas des 30 derniers jours\u00a0: €29.00",
  );
});

test("in pounds, a stack's saving comes with its lowest price of 30 days; in US dollars, none of it", async ({
  page,
}) => {
  await browseIn(page, "GBP");
  await page.goto("/stacks/focus-and-calm");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const price = page.getByRole("complementary");
  await expect(price.getByText(/£42\.00$/).first()).toBeVisible();
  await expect(price.getByTestId("lowest-price")).toHaveText("Lowest price in the last 30 days: £42.00");
  await expect(price.getByText("incl. VAT")).toBeVisible();

  await browseIn(page, "USD");
  await page.goto("/products/ashwagandha");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByText("$30.00", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Food supplement", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("food-supplement-notice")).toHaveCount(0);
  await expect(page.getByTestId("lowest-price")).toHaveCount(0);
  await expect(page.getByText("incl. VAT")).toHaveCount(0);
});

test("the product and stack pages in euros pass axe at 1280 and 390 px in both themes", async ({ page }) => {
  await browseIn(page, "EUR");
  await checkLooks(page, base(), [
    ["product-eur-fr", "/fr/products/total-restore"],
    ["stack-eur", "/stacks/complete-mana-system"],
  ]);
});
