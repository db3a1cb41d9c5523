import { expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";

// The dashboard's Products page: the owner changes stock and prices, and the shop follows at once.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("admin-products");
const ownerEmail = `owner-${Date.now()}@example.com`;

/** The product's edit form on /admin/products. */
const editForm = (page: Page, name: string) => page.getByRole("form", { name: `Edit ${name}` });

async function save(page: Page, name: string, fields: Record<string, string>) {
  await page.goto(`${shop.base}/admin/products`);
  const form = editForm(page, name);
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value);
  await form.getByRole("button", { name: `Save ${name}` }).click();
  await expect(page.getByText(`${name} is updated in the shop.`, { exact: true })).toBeVisible();
}

let owner: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  owner = await shop.startWithOwner(browser, ownerEmail);
});

test.afterAll(async () => {
  await owner?.context().close();
  await shop.stop();
});

test("stock set to 0: the product page and its card say Out of stock and adding is refused", async ({
  page,
}) => {
  // An anonymous visitor's cached page first: the change must reach it too.
  await page.goto(`${shop.base}/products/verdant-edge`);
  await expect(page.getByRole("button", { name: /^Add to cart/ })).toBeVisible();

  await save(owner, "Verdant Edge", { "Stock on hand": "0" });
  const row = owner.getByRole("row", { name: /Verdant Edge/ });
  await expect(row.getByText("Out of stock")).toBeVisible();
  await owner.getByText("Changes (1)").first().click();
  await expect(owner.getByText("Stock on hand 100 → 0")).toBeVisible();

  await page.goto(`${shop.base}/products/verdant-edge`);
  await expect(page.getByRole("status").getByText("Out of stock")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Add to cart/ })).toHaveCount(0);
  await page.goto(`${shop.base}/`);
  const card = page.getByRole("article").filter({ hasText: "Verdant Edge" });
  await expect(card.getByText("Out of stock")).toBeVisible();
  await expect(card.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
  const refused = await page.request.post(`${shop.base}/api/cart`, {
    data: { productId: 4, quantity: 1, isSubscription: false },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe("Sorry, Verdant Edge is out of stock.");
});

test("a new price shows on the product page, in the cart and at checkout", async ({ page }) => {
  await page.goto(`${shop.base}/products/ashwagandha`);
  await expect(page.getByText("$30.00").first()).toBeVisible();
  await save(owner, "Ashwagandha", { "Price (USD)": "33.50" });

  await page.goto(`${shop.base}/products/ashwagandha`);
  await expect(page.getByText("$33.50").first()).toBeVisible();
  await page.getByRole("button", { name: "Add to cart · $33.50" }).click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();
  const cart = await (await page.request.get(`${shop.base}/api/cart`)).json();
  expect(cart.map((l: { product: { price: string } }) => l.product.price)).toEqual(["33.50"]);

  await page.goto(`${shop.base}/checkout`);
  await expect(page.getByText("$33.50").first()).toBeVisible();
  await fillAddress(page);
  await page.getByLabel("Email").fill("buyer@example.com");
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  // Below the free-shipping threshold: $33.50 and $5.95 shipping.
  await expect(page.getByRole("button", { name: /^Pay \$39\.45/ })).toBeVisible();
});

test("a bad value is refused beside its field, with the focus on it", async () => {
  await owner.goto(`${shop.base}/admin/products`);
  const form = editForm(owner, "Korean Ginseng");
  await form.getByLabel("Stock on hand").fill("-1");
  await form.getByLabel("Price (USD)").fill("thirty");
  await form.getByRole("button", { name: "Save Korean Ginseng" }).click();
  await expect(form.getByText("Enter the price in dollars and cents, such as 30.00.")).toBeVisible();
  await expect(form.getByText("The stock on hand is a whole number, 0 or more.")).toBeVisible();
  await expect(form.getByLabel("Price (USD)")).toBeFocused();
  await expect(form.getByLabel("Price (USD)")).toHaveAttribute("aria-invalid", "true");
});

test("the Products page is axe clean at 1280 and 390 px in both themes, nothing wider than the screen", async () => {
  await checkLooks(owner, shop.base, [["admin-products", "/admin/products"]], async (page) => {
    // Verdant Edge's trail open (its stock change above), for the screenshot and for axe.
    await page.getByText("Changes (1)").last().click();
  });
});
