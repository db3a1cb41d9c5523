import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";

// The owner's amounts per currency for gift cards and fixed-amount codes (docs/decisions/051-markets-and-
// currencies.md): a shopper browsing in Canadian dollars is offered CA$25, CA$50 and CA$100 and buys one in
// CA$; the owner sets a code's amount in euros on the codes list.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("currency-amounts");
const ownerEmail = `owner-${Date.now()}@example.com`;
let owner: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  owner = await shop.startWithOwner(browser, ownerEmail);
});

test.afterAll(async () => {
  await owner?.context().close();
  await shop.stop();
});

test("in Canadian dollars the gift cards are CA$25, CA$50 and CA$100, and one of one's own is CA$10 to CA$500", async ({
  browser,
}) => {
  const page = await (await browser.newContext({ reducedMotion: "reduce" })).newPage();
  await page.context().addCookies([{ name: "mana_currency", value: "CAD", url: shop.base }]);
  await page.goto(`${shop.base}/gift-cards`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const amounts = page.getByRole("group", { name: "Amount" });
  for (const shown of ["CA$25", "CA$50", "CA$100"])
    await expect(amounts.getByText(shown, { exact: true })).toBeVisible();
  await page.getByText("Other amount").click();
  await page.getByLabel("Amount in CAD").fill("5");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Enter an amount from CA$10.00 to CA$500.00")).toBeVisible();
  await amounts.getByText("CA$50", { exact: true }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Your MANA Cart" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId("cart-gift-card")).toContainText("CA$50.00");
  await page.context().close();
});

test("the owner gives SAVE5 another amount in euros on the codes list; it is kept and shown", async () => {
  await owner.goto(`${shop.base}/admin/codes`);
  await expect(owner.locator("html")).toHaveAttribute("data-hydrated", "true");
  const card = owner.getByRole("article", { name: "SAVE5", exact: true });
  const details = card.getByText(/^In other currencies:/);
  await expect(details).toContainText("CAD: CA$7.00 off, from CA$70.00");
  await details.click();
  await card.getByLabel("Amount off (EUR)").fill("6");
  await card.getByLabel("Minimum order (EUR)").fill("abc");
  await card.getByRole("button", { name: "Save amounts for SAVE5" }).click();
  await expect(card.getByText("Enter the minimum order in EUR as a number")).toBeVisible();
  await card.getByLabel("Minimum order (EUR)").fill("60");
  await card.getByRole("button", { name: "Save amounts for SAVE5" }).click();
  await expect(owner.getByText("SAVE5's amounts are saved", { exact: true })).toBeVisible();
  await owner.reload();
  await expect(card.getByText(/^In other currencies:/)).toContainText("EUR: €6.00 off, from €60.00");
});

test("the codes list, the new-code form with its amounts per currency and the price lists with the gift cards are axe clean at 1280 and 390 px in both themes", async () => {
  await checkLooks(
    owner,
    shop.base,
    [
      ["admin-codes", "/admin/codes"],
      ["admin-codes-new", "/admin/codes/new"],
      ["admin-prices", "/admin/prices"],
    ],
    async (page, name) => {
      if (name === "admin-codes-new") {
        await page.getByText("Amount off", { exact: true }).click();
        await expect(page.getByLabel("Amount off (GBP)")).toBeVisible();
      }
      if (name === "admin-prices")
        await expect(page.getByRole("heading", { level: 2, name: "Gift cards" })).toBeVisible();
    },
  );
});
