import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { OwnShop } from "./support/own-shop.ts";

// The dashboard's Orders: the owner finds an order, ships it with tracking, refunds half of another;
// the customer sees both on their order pages and gets an e-mail for each.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("admin-orders");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
const customerEmail = `cam-${stamp}@example.com`;

async function signedUp(browser: Browser, email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${shop.base}/auth?tab=signup`);
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
  return page;
}

/**
 * The customer buys one product on the sandbox page; answers the order number. The first checkout types
 * the address (and keeps it); later ones ship to the kept address, chosen first.
 */
async function buy(customer: Page, productId: number, address: "new" | "saved"): Promise<string> {
  const added = await customer.request.post(`${shop.base}/api/cart`, {
    data: { productId, quantity: 1, isSubscription: false },
  });
  expect(added.status()).toBe(201);
  await customer.goto(`${shop.base}/checkout`);
  if (address === "new") await fillAddress(customer);
  else await expect(customer.getByRole("radio", { name: /Sam Shopper/ })).toBeChecked();
  await customer.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(customer).toHaveURL(/\/pay\/cs_sandbox_/);
  await customer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await customer.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await customer.getByLabel("CVC").fill("123");
  await customer.getByLabel("Name on card").fill("Cam Customer");
  await customer.getByRole("button", { name: /^Pay / }).click();
  await expect(customer).toHaveURL(/\/success\?session_id=cs_sandbox_/);
  const orders = await (await customer.request.get(`${shop.base}/api/orders`)).json();
  return orders[0].orderNumber as string;
}

let owner: Page;
let customer: Page;
let shipped = "";
let refunded = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(170_000);
  await shop.start();
  owner = await signedUp(browser, ownerEmail, "Olive Owner");
  customer = await signedUp(browser, customerEmail, "Cam Customer");
  // With the shop running: the command goes through it (decision 018).
  expect((await shop.admin("users", "promote", ownerEmail)).stdout).toContain(`${ownerEmail} is now admin`);
  shipped = await buy(customer, 1, "new");
  refunded = await buy(customer, 3, "saved");
});

test.afterAll(async () => {
  await owner?.context().close();
  await customer?.context().close();
  await shop.stop();
});

test("the owner finds an order by its number and ships it with tracking, with the keyboard", async () => {
  await owner.goto(`${shop.base}/admin/orders`);
  await expect(owner.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await owner.getByLabel("Search").fill(shipped.toLowerCase());
  await owner.getByLabel("Search").press("Enter");
  await expect(owner.getByText("1 order match.")).toBeVisible();
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
  for (const theme of ["light", "dark"] as const) {
    await owner.addInitScript((t) => {
      localStorage.setItem("mana.preferences", JSON.stringify({ display: { theme: t } }));
    }, theme);
    for (const width of [1280, 390]) {
      await owner.setViewportSize({ width, height: 900 });
      for (const [name, path] of [
        ["list", "/admin/orders"],
        ["detail", `/admin/orders/${refunded}`],
      ] as const) {
        const res = await owner.goto(`${shop.base}${path}`);
        expect(res?.status()).toBe(200);
        await expect(owner.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(owner.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const results = await new AxeBuilder({ page: owner }).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
          [],
        );
        await owner.screenshot({
          path: test.info().outputPath(`admin-orders-${name}-${width}-${theme}.png`),
          fullPage: true,
        });
      }
    }
  }
  // The packing slip: printed, only the slip shows.
  await owner.emulateMedia({ media: "print" });
  await owner.goto(`${shop.base}/admin/orders/${refunded}`);
  await expect(owner.getByText("MANA · Packing slip")).toBeVisible();
  await expect(owner.getByRole("heading", { level: 1 })).toBeHidden();
  await owner.screenshot({ path: test.info().outputPath("admin-orders-packing-slip.png"), fullPage: true });
  await owner.emulateMedia({ media: "screen" });
});
