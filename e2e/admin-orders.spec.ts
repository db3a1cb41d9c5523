import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, signedUp } from "./support/shopper.ts";

// The dashboard's Orders: the owner finds an order, ships it with tracking, refunds half of another;
// the customer sees both on their order pages and gets an e-mail for each.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("admin-orders");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
const customerEmail = `cam-${stamp}@example.com`;

let owner: Page;
let customer: Page;
let shipped = "";
let refunded = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(170_000);
  await shop.start();
  owner = await signedUp(browser, shop.base, ownerEmail, "Olive Owner");
  customer = await signedUp(browser, shop.base, customerEmail, "Cam Customer");
  // With the shop running: the command goes through it (decision 018).
  expect((await shop.admin("users", "promote", ownerEmail)).stdout).toContain(`${ownerEmail} is now admin`);
  shipped = await boughtOnSandbox(customer, shop.base, [{ productId: 1 }], "new");
  refunded = await boughtOnSandbox(customer, shop.base, [{ productId: 3 }], "saved");
});

test.afterAll(async () => {
  await owner?.context().close();
  await customer?.context().close();
  await shop.stop();
});

test("the owner finds an order by its number and ships it with tracking, with the keyboard", async () => {
  await owner.goto(`${shop.base}/admin/orders`);
  await expect(owner.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await owner.getByRole("searchbox", { name: "Search" }).fill(shipped.toLowerCase());
  await owner.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(owner.getByText("1 order matches.")).toBeVisible();
  await owner.getByRole("link", { name: shipped }).click();
  await expect(owner.getByRole("heading", { level: 1, name: `Order ${shipped}` })).toBeVisible();

  await owner.getByLabel("Carrier").selectOption("UPS");
  await owner.getByLabel("Tracking code").fill("1Z999AA10123456784");
  await owner.getByLabel("Tracking code").press("Enter");
  await expect(owner.getByRole("link", { name: "1Z999AA10123456784" })).toBeVisible();
  await expect(owner.getByText(`Marked shipped (was processing), UPS 1Z999AA10123456784`)).toBeVisible();
  await expect(owner.getByText(ownerEmail).first()).toBeVisible();

  await customer.goto(`${shop.base}/account/orders/${shipped}`);
  const timeline = customer.getByRole("list", { name: "Order timeline" });
  await expect(timeline.getByText("Shipped with UPS")).toBeVisible();
  await expect(timeline.getByText("1Z999AA10123456784")).toBeVisible();
  await customer.goto(`${shop.base}/dev/outbox`);
  await expect(
    customer.getByRole("listitem").filter({ hasText: `Your MANA order ${shipped} has shipped` }),
  ).toHaveCount(1);
});

test("the owner refunds half of another order; the customer sees the refund and is e-mailed", async () => {
  await owner.goto(`${shop.base}/admin/orders/${refunded}`);
  const refundButton = owner.getByRole("button", { name: "Refund…" });
  await refundButton.click();
  const dialog = owner.getByRole("dialog", { name: `Refund order ${refunded}` });
  const total = await dialog.getByLabel("Amount (USD)").inputValue();
  const half = (Math.floor(Math.round(Number(total) * 100) / 2) / 100).toFixed(2);
  await dialog.getByLabel("Amount (USD)").fill("99999");
  await dialog.getByLabel("Reason").fill("One jar arrived broken");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText(`At most $${total} can be refunded.`);
  await dialog.getByLabel("Amount (USD)").fill(half);
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(refundButton).toBeFocused();
  await expect(owner.getByText(`−$${half}`)).toBeVisible();
  // In the order's refunds (with who asked) and in its audit log.
  await expect(owner.getByText(`One jar arrived broken (${ownerEmail})`)).toBeVisible();
  await expect(owner.getByText(`Refund of $${half} asked: “One jar arrived broken”`)).toBeVisible();

  await customer.goto(`${shop.base}/account/orders/${refunded}`);
  await expect(customer.getByRole("list", { name: "Order timeline" }).getByText(`$${half}`)).toBeVisible();
  await customer.goto(`${shop.base}/dev/outbox`);
  await expect(
    customer.getByRole("listitem").filter({ hasText: `We refunded $${half} on your MANA order ${refunded}` }),
  ).toHaveCount(1);
});

test("the Orders pages are axe clean at 1280 and 390 px in both themes, nothing wider than the screen", async () => {
  await checkLooks(owner, shop.base, [
    ["admin-orders-list", "/admin/orders"],
    ["admin-orders-detail", `/admin/orders/${refunded}`],
  ]);
  // The packing slip: printed, only the slip shows.
  await owner.emulateMedia({ media: "print" });
  await owner.goto(`${shop.base}/admin/orders/${refunded}`);
  await expect(owner.getByText("MANA · Packing slip")).toBeVisible();
  await expect(owner.getByRole("heading", { level: 1 })).toBeHidden();
  await owner.screenshot({ path: test.info().outputPath("admin-orders-packing-slip.png"), fullPage: true });
  await owner.emulateMedia({ media: "screen" });
});
