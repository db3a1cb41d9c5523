import { expect, type Page, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { orders, orderTaxLines, subscriptions } from "../server/db/schema.ts";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, signedUp } from "./support/shopper.ts";

// An order in Canadian dollars shows every amount as CA$ (docs/decisions/051-markets-and-currencies.md):
// the customer's order page and list, the invoice, the owner's order page and its refund form. The order is
// bought in US dollars and its stored currency set to "cad" while the shop is stopped, as an owner on the
// embedded database would run a command, standing for an order the checkout placed in Canadian dollars.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("orders-currency");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
let owner: Page;
let customer: Page;
let orderNumber = "";

/** No amount on the page without its currency's sign: every "$" before a digit is a "CA$". */
async function expectOnlyCad(page: Page) {
  const text = ((await page.getByRole("main").textContent()) ?? "").replaceAll("\u00a0", " ");
  expect(text).toMatch(/CA\$\d/);
  expect(text.match(/(?<!CA)\$\d/g)).toBeNull();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(170_000);
  await shop.start();
  owner = await signedUp(browser, shop.base, ownerEmail, "Olive Owner");
  customer = await signedUp(browser, shop.base, `cora-${stamp}@example.com`, "Cora Canada");
  orderNumber = await boughtOnSandbox(
    customer,
    shop.base,
    [{ productId: 1 }, { productId: 2, isSubscription: true }],
    "new",
  );
  await shop.stop();
  const database = await openDatabase({ dataDir: shop.dataDir });
  try {
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
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

test("the customer's order page, order list and invoice write every amount as CA$", async () => {
  await customer.goto(`${shop.base}/account/orders/${orderNumber}`);
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(customer.getByTestId("payment-status")).toContainText("CA$");
  await expect(customer.getByRole("main")).toContainText("CA$30.00 each");
  await expectOnlyCad(customer);

  await customer.goto(`${shop.base}/orders`);
  await expect(customer.getByRole("heading", { level: 2, name: new RegExp(orderNumber) })).toBeVisible();
  await expectOnlyCad(customer);

  await customer.goto(`${shop.base}/orders/${orderNumber}/invoice`);
  await expect(customer.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
  await expect(customer.getByRole("row", { name: "Total CA$69.95", exact: true })).toBeVisible();
  await expect(customer.getByText("All amounts in CAD.")).toBeVisible();
  await expectOnlyCad(customer);

  // The subscription it started: its price in the currency it renews in.
  await customer.goto(`${shop.base}/account/subscriptions`);
  await expect(customer.getByText(/CA\$34\.00/).first()).toBeVisible();
});

test("the owner's order page and refund form are in the order's currency", async () => {
  await owner.goto(`${shop.base}/admin/orders/${orderNumber}`);
  await expect(owner.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(owner.getByText("CA$30.00 each")).toBeVisible();
  await owner.getByRole("button", { name: "Refund…" }).click();
  const dialog = owner.getByRole("dialog", { name: `Refund order ${orderNumber}` });
  await expect(dialog.getByLabel("Amount (CAD)")).toBeVisible();
  await expect(dialog).toContainText(/At most CA\$\d+\.\d\d can be refunded/);
  await owner.keyboard.press("Escape");

  await owner.goto(`${shop.base}/admin/orders`);
  const row = owner.getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toContainText("CA$");
});

test("the order page and the invoice look right at 1280 and 390 px, light and dark", async () => {
  await checkLooks(customer, shop.base, [
    ["order", `/account/orders/${orderNumber}`],
    ["invoice", `/orders/${orderNumber}/invoice`],
  ]);
});
