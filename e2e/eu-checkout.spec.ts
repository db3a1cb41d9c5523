import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { payWithTestCard, signedUp } from "./support/shopper.ts";

// A French shopper in euros pays to Paris (docs/decisions/050-taxes.md, 051-markets-and-currencies.md):
// prices include France's VAT on food supplements (content/tax-rates.json: 5.5%), so nothing is added at
// checkout; the order, its page and its invoice show the VAT the total contains. Ashwagandha is €29.00
// and shipping €5.95 in the euro list (content/price-lists.json): €34.95, of which VAT 5.5% is
// €34.95 − €34.95 / 1.055 = €1.82.
test.describe.configure({ timeout: 180_000 });

const base = () => test.info().project.use.baseURL as string;

async function frenchInEuros(page: Page) {
  await page.context().addCookies([{ name: "mana_currency", value: "EUR", url: base() }]);
}

test("a French shopper in euros sees TVA incluse, pays €34.95 to Paris, and the invoice shows the VAT it contains", async ({
  browser,
}) => {
  const email = `e2e.paris.${Date.now()}@example.com`;
  const page = await signedUp(browser, base(), email, "Camille Paris");
  await frenchInEuros(page);

  await page.goto("/fr/products/ashwagandha");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const main = page.getByRole("main");
  await expect(main.getByText("Complément alimentaire", { exact: true })).toBeVisible();
  await expect(main.getByText("TVA incluse").first()).toBeVisible();
  const added = page.waitForResponse((r) => r.url().endsWith("/api/cart") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Ajouter au panier · €29.00" }).click();
  expect((await added).status()).toBe(201);

  await page.goto("/fr/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Pays").selectOption("FR");
  await page.getByLabel("Nom complet").fill("Camille Paris");
  await page.getByLabel("Adresse", { exact: true }).fill("10 rue de Rivoli");
  await page.getByLabel("Ville").fill("Paris");
  await page.getByLabel("Code postal").fill("75004");

  // The VAT is in the prices: a line that says so, and a total of the goods and the shipping alone.
  const summary = page.getByRole("region", { name: "Récapitulatif de la commande" });
  await expect(summary.getByTestId("summary-tax-line")).toHaveText(/^TVA 5,5\s% incluse€1\.82$/);
  await expect(summary.getByText("€34.95", { exact: true })).toBeVisible();
  await expect(page.getByTestId("checkout-currency-notice")).toHaveCount(0);
  await page.getByRole("button", { name: "Continuer vers le paiement sécurisé" }).click();
  await expect(page.getByRole("button", { name: "Pay €34.95" })).toBeVisible();
  await payWithTestCard(page, "Camille Paris");

  const orders = await (await page.request.get("/api/orders")).json();
  expect(orders[0]).toMatchObject({ currency: "EUR", totalAmount: "34.95", status: "processing" });
  const number = orders[0].orderNumber as string;

  // The order's page in French: the total, and the VAT it contains.
  await page.goto(`/fr/account/orders/${number}`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByText(/^TVA 5,5\s% incluse$/).first()).toBeVisible();
  await expect(page.getByText("€34.95", { exact: true }).first()).toBeVisible();

  // The invoice: the seller's EU VAT registration, the buyer in Paris, the VAT included as its own row.
  expect((await page.goto(`/fr/orders/${number}/invoice`))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Facture" })).toBeVisible();
  const seller = page.locator("address").first();
  await expect(seller).toContainText(
    "Numéro de TVA UE (guichet unique à l’importation)\u00a0: IM DEMO 000 0000",
  );
  const buyer = page.locator("address").nth(1);
  await expect(buyer).toContainText("10 rue de Rivoli");
  await expect(buyer).toContainText("75004 Paris");
  await expect(buyer).toContainText("France");
  const vat = page.getByTestId("invoice-tax-line");
  await expect(vat).toHaveCount(1);
  await expect(vat).toHaveText(/^TVA 5,5\s% incluse€1\.82$/);
  await expect(page.getByRole("row", { name: /^Total/ })).toHaveText("Total€34.95");
  // The French invoice and order page in euros at 1280 and 390 px, light and dark: axe, nothing too wide.
  await checkLooks(page, base(), [
    ["eu-invoice", `/fr/orders/${number}/invoice`],
    ["eu-order", `/fr/account/orders/${number}`],
  ]);
  await page.context().close();
});
