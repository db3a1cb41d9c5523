import { type Browser, expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";

// The dashboard's price lists and markets (decision 051): the owner sets a Canadian price and a shopper
// browsing in Canadian dollars sees it on the next page.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("admin-prices");
const ownerEmail = `owner-${Date.now()}@example.com`;
let owner: Page;

/** A visitor whose pages are priced in `currency` (the mana_currency cookie the switchers write). */
async function browsingIn(browser: Browser, currency: "CAD" | "EUR"): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: "mana_currency", value: currency, url: shop.base }]);
  return context.newPage();
}

/** An item's group of price fields on /admin/prices. */
const item = (page: Page, name: string) =>
  page.getByRole("form", { name: "Prices in each currency" }).getByRole("group", { name, exact: true });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  owner = await shop.startWithOwner(browser, ownerEmail);
});

test.afterAll(async () => {
  await owner?.context().close();
  await shop.stop();
});

test("a Canadian price set on the Prices page shows on the product page within a second", async ({
  browser,
}) => {
  const visitor = await browsingIn(browser, "CAD");
  // The page read (and cached) before the change: the change must reach it too.
  await visitor.goto(`${shop.base}/products/korean-ginseng`);
  await expect(visitor.getByText("CA$40.00").first()).toBeVisible();

  await owner.goto(`${shop.base}/admin/prices`);
  const ginseng = item(owner, "Korean Ginseng");
  await expect(ginseng.getByText("$30.00")).toBeVisible();
  await expect(ginseng.getByText("Set on the Products page.")).toBeVisible();
  await ginseng.getByLabel("CAD").fill("42.50");
  await owner.getByRole("button", { name: "Save prices" }).click();
  await expect(owner.getByText("The shop uses the new prices now.", { exact: true })).toBeVisible();

  // The first page read after the save has it: no waiting for a cache to expire.
  await visitor.goto(`${shop.base}/products/korean-ginseng`);
  await expect(visitor.getByText("CA$42.50").first()).toBeVisible({ timeout: 1000 });
  // US dollar visitors keep the product's own price.
  const dollars = await (await browser.newContext()).newPage();
  await dollars.goto(`${shop.base}/products/korean-ginseng`);
  await expect(dollars.getByText("$30.00").first()).toBeVisible();
  await expect(dollars.getByText("CA$42.50")).toHaveCount(0);
  await dollars.context().close();

  // The change is on the page's trail, and in the field after a reload.
  await owner.reload();
  await expect(item(owner, "Korean Ginseng").getByLabel("CAD")).toHaveValue("42.50");
  await owner.getByText(/^Latest changes/).click();
  await expect(owner.getByText("Korean Ginseng: CAD CA$40.00 → CA$42.50")).toBeVisible();
  await visitor.context().close();
});

test("a euro price set on the product's editor shows in euros, and on its trail", async ({ browser }) => {
  await owner.goto(`${shop.base}/admin/products`);
  const form = owner.getByRole("form", { name: "Edit Ashwagandha" });
  await expect(form.getByLabel("Price (EUR)")).toHaveValue("29.00");
  await form.getByLabel("Price (EUR)").fill("31");
  await form.getByRole("button", { name: "Save Ashwagandha" }).click();
  await expect(owner.getByText("Ashwagandha is updated in the shop.", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Price (EUR)")).toHaveValue("31.00");
  const card = owner.getByRole("region", { name: "Ashwagandha" });
  await card.getByText(/^Changes/).click();
  await expect(card.getByText("Price (EUR) €29.00 → €31.00")).toBeVisible();

  const visitor = await browsingIn(browser, "EUR");
  await visitor.goto(`${shop.base}/products/ashwagandha`);
  await expect(visitor.getByText("€31.00").first()).toBeVisible();
  await visitor.context().close();
});

test("a wrong price is refused beside its field, with the focus on it, and nothing is saved", async () => {
  await owner.goto(`${shop.base}/admin/prices`);
  const stack = item(owner, "Focus & Calm Stack");
  // Korean Ginseng (now CA$42.50) and Ashwagandha (CA$40.00): the stack at most CA$82.49.
  await expect(stack.getByText("In Canadian dollars, at most CA$82.49.")).toBeVisible();
  await stack.getByLabel("CAD").fill("82.50");
  await item(owner, "Flat shipping rate").getByLabel("GBP").fill("4.95");
  await owner.getByRole("button", { name: "Save prices" }).click();
  await expect(
    stack.getByText(
      "Focus & Calm Stack's price in CAD (CA$82.50) must be below the sum of its products' prices in CAD (CA$82.50).",
    ),
  ).toBeVisible();
  await expect(stack.getByLabel("CAD")).toBeFocused();
  await expect(stack.getByLabel("CAD")).toHaveAttribute("aria-invalid", "true");

  await item(owner, "Korean Ginseng").getByLabel("EUR").fill("twenty");
  await owner.getByRole("button", { name: "Save prices" }).click();
  await expect(
    owner.getByText(
      "Korean Ginseng in EUR: Enter the price as a number with up to two decimals, such as 40.00.",
    ),
  ).toBeVisible();
  await expect(item(owner, "Korean Ginseng").getByLabel("EUR")).toBeFocused();
  await owner.reload();
  await expect(item(owner, "Focus & Calm Stack").getByLabel("CAD")).toHaveValue("69.00");
});

test("the owner turns the United Kingdom off: the checkout's countries drop it at once", async ({
  browser,
}) => {
  await owner.goto(`${shop.base}/admin/markets`);
  await expect(owner.getByText(/^Your markets decide it, from the moment you save/)).toBeVisible();
  await expect(owner.getByText(/^Shoppers who browse in its currency still see the shop/)).toBeVisible();
  const markets = owner.getByRole("group", { name: "Your markets" });
  await expect(markets.getByRole("checkbox")).toHaveCount(4);
  await markets.getByRole("checkbox", { name: /United Kingdom/ }).uncheck();
  await owner.getByRole("checkbox", { name: "Austria" }).check();
  await owner.getByRole("button", { name: "Save markets" }).click();
  await expect(owner.getByText("Markets saved", { exact: true })).toBeVisible();
  await owner.reload();
  await expect(markets.getByRole("checkbox", { name: /United Kingdom/ })).not.toBeChecked();
  await expect(owner.getByRole("checkbox", { name: "Austria" })).toBeChecked();
  await expect(owner.getByText(/^Your markets decide it/)).not.toContainText("United Kingdom");
  await expect(owner.getByText(/^Your markets decide it/)).toContainText("Austria");

  // A shopper's checkout offers the markets' countries now: Austria, and no United Kingdom.
  const shopper = await (await browser.newContext()).newPage();
  const added = await shopper.request.post(`${shop.base}/api/cart`, {
    data: { productId: 1, quantity: 1, isSubscription: false },
  });
  expect(added.status()).toBe(201);
  await shopper.goto(`${shop.base}/checkout`);
  const countries = shopper.getByLabel("Country").locator("option");
  await expect(countries.filter({ hasText: "Austria" })).toHaveCount(1);
  await expect(countries.filter({ hasText: "United Kingdom" })).toHaveCount(0);
  await shopper.context().close();

  // Every market off is refused, with the reason.
  for (const box of await markets.getByRole("checkbox").all()) await box.uncheck();
  await owner.getByRole("button", { name: "Save markets" }).click();
  await expect(owner.getByText("Enable at least one market: the shop must sell somewhere.")).toBeVisible();
});

test("the Prices and Markets pages are axe clean at 1280 and 390 px in both themes", async () => {
  await checkLooks(owner, shop.base, [
    ["admin-prices", "/admin/prices"],
    ["admin-markets", "/admin/markets"],
  ]);
});
