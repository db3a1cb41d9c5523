import { expect, type Page, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { orders, orderTaxLines, subscriptions } from "../server/db/schema.ts";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, signedUp } from "./support/shopper.ts";

// The owner's overview never adds two currencies together (docs/decisions/051-markets-and-currencies.md):
// a US dollar order and a Canadian one each have their own figure, and the chart shows one currency at a
// time. The second order is bought in US dollars and its stored currency set to "cad" while the shop is
// stopped (as e2e/orders-currency.spec.ts does), standing for an order the checkout placed in Canadian dollars.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("admin-overview-currency");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
let owner: Page;
let customer: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(170_000);
  await shop.start();
  owner = await signedUp(browser, shop.base, ownerEmail, "Olive Owner");
  customer = await signedUp(browser, shop.base, `cora-${stamp}@example.com`, "Cora Canada");
  await boughtOnSandbox(customer, shop.base, [{ productId: 1 }], "new");
  const canadian = await boughtOnSandbox(
    customer,
    shop.base,
    [{ productId: 2, isSubscription: true }],
    "saved",
  );
  await shop.stop();
  const database = await openDatabase({ dataDir: shop.dataDir });
  try {
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, canadian));
    if (!order) throw new Error("the order is missing");
    await database.db.update(orders).set({ currency: "cad" }).where(eq(orders.id, order.id));
    await database.db
      .update(orderTaxLines)
      .set({ currency: "cad" })
      .where(eq(orderTaxLines.orderId, order.id));
    await database.db
      .update(subscriptions)
      .set({ currency: "cad" })
      .where(eq(subscriptions.orderId, order.id));
  } finally {
    await database.close();
  }
  expect((await shop.admin("users", "promote", ownerEmail)).stdout).toContain(`${ownerEmail} is now admin`);
  await shop.start();
});

test.afterAll(async () => {
  await owner?.context().close();
  await customer?.context().close();
  await shop.stop();
});

const SIDE_BY_SIDE = /^\$\d+\.\d\d · CA\$\d+\.\d\d$/;

test("the overview gives US and Canadian dollars each their own figure, and the chart one currency at a time", async () => {
  await owner.goto(`${shop.base}/admin`);
  await expect(owner.locator("html")).toHaveAttribute("data-hydrated", "true");
  const today = owner.getByText("Today", { exact: true }).locator("..");
  await expect(today.getByRole("definition").first()).toHaveText(SIDE_BY_SIDE);
  await expect(today).toContainText("2 paid orders");
  await expect(
    owner
      .getByText("Monthly recurring revenue", { exact: true })
      .locator("..")
      .getByRole("definition")
      .first(),
  ).toHaveText("$0.00 · CA$34.00");

  const choice = owner.getByRole("navigation", { name: "Chart currency" });
  await expect(choice.getByRole("link")).toHaveText(["US dollars (USD)", "Canadian dollars (CAD)"]);
  await expect(choice.getByRole("link", { name: "US dollars (USD)" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(
    owner.getByRole("heading", { level: 2, name: "Revenue in US dollars, last 30 days" }),
  ).toBeVisible();
  await expect(
    owner.getByRole("img", { name: /^Revenue in USD by day from .*: \$\d+\.\d\d in all/ }),
  ).toBeVisible();

  await choice.getByRole("link", { name: "Canadian dollars (CAD)" }).click();
  await expect(owner).toHaveURL(/\/admin\?currency=CAD$/);
  await expect(
    owner.getByRole("heading", { level: 2, name: "Revenue in Canadian dollars, last 30 days" }),
  ).toBeVisible();
  await expect(
    owner.getByRole("img", { name: /^Revenue in CAD by day from .*: CA\$\d+\.\d\d in all/ }),
  ).toBeVisible();
  await owner.getByText("Show the figures").click();
  await expect(owner.getByRole("columnheader", { name: "Revenue (CAD)" })).toBeVisible();
  await expect(
    owner
      .getByRole("table")
      .getByText(/^CA\$\d+\.\d\d$/)
      .first(),
  ).toBeVisible();
  await expect(choice.getByRole("link", { name: "Canadian dollars (CAD)" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("the overview, in either chart currency, is axe clean at 1280 and 390 px in both themes", async () => {
  await checkLooks(
    owner,
    shop.base,
    [
      ["overview-usd", "/admin"],
      ["overview-cad", "/admin?currency=CAD"],
    ],
    async (page) => {
      await expect(page.getByRole("navigation", { name: "Chart currency" })).toBeVisible();
    },
  );
});
