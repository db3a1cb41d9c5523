import { expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { axe, checkLooks, setTheme } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { payWithTestCard, signedUp } from "./support/shopper.ts";

// A paid order's invoice: the customer's, shipped to Ontario (HST 13% of the goods and the shipping), with
// the seller's details, its number and taxes; nobody else's; none for an order not paid; the owner's copy.
// An order shipped to Canada is in Canadian dollars, from that price list (decision 051;
// content/price-lists.json: Ashwagandha CA$40.00, shipping CA$7.95).
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("invoice");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;

let owner: Page;
let customer: Page;
let other: Page;
let paid = "";

/** CA$40.00 of goods and CA$7.95 shipping to Toronto: 13% of CA$47.95 is CA$6.23, CA$54.18 in all. */
async function checkoutToOntario(page: Page) {
  const added = await page.request.post(`${shop.base}/api/cart`, { data: { productId: 3, quantity: 1 } });
  expect(added.status()).toBe(201);
  await page.goto(`${shop.base}/checkout`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(170_000);
  await shop.start();
  owner = await signedUp(browser, shop.base, ownerEmail, "Olive Owner");
  customer = await signedUp(browser, shop.base, `ina-${stamp}@example.com`, "Ina Invoice");
  other = await signedUp(browser, shop.base, `oscar-${stamp}@example.com`, "Oscar Other");
  expect((await shop.admin("users", "promote", ownerEmail)).stdout).toContain(`${ownerEmail} is now admin`);
  await checkoutToOntario(customer);
  await fillAddress(customer, {
    country: "CA",
    fullName: "Ina Invoice",
    line1: "200 King St W",
    line2: "",
    city: "Toronto",
    region: "ON",
    postalCode: "M5V 2T6",
  });
  await customer.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await payWithTestCard(customer, "Ina Invoice");
  const orders = await (await customer.request.get(`${shop.base}/api/orders`)).json();
  paid = orders[0].orderNumber as string;
});

test.afterAll(async () => {
  await owner?.context().close();
  await customer?.context().close();
  await other?.context().close();
  await shop.stop();
});

async function expectOntarioInvoice(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
  await expect(page.getByTestId("invoice-number")).toHaveText(paid);
  await expect(page.getByTestId("invoice-seller")).toHaveText("MANA Wellness Co. (demo)");
  const seller = page.locator("address").first();
  await expect(seller).toContainText("GST/HST number: DEMO 000000000 RT0001");
  await expect(seller).toContainText("hello@mana.local");
  const buyer = page.locator("address").nth(1);
  await expect(buyer).toContainText("200 King St W");
  await expect(buyer).toContainText("Toronto, ON M5V 2T6");
  await expect(page.getByText(`ina-${stamp}@example.com`)).toBeVisible();
  const table = page.getByRole("table", { name: `Items of invoice ${paid}` });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText("1CA$40.00CA$40.00");
  const tax = page.getByTestId("invoice-tax-line");
  await expect(tax).toHaveCount(1);
  await expect(tax).toHaveText("HST 13%CA$6.23");
  await expect(page.getByRole("row", { name: /^Total/ })).toHaveText("TotalCA$54.18");
  await expect(page.getByText("All amounts in CAD.")).toBeVisible();
}

test("the customer opens the invoice of their Ontario order: seller, number, HST 13% and total", async () => {
  const res = await customer.goto(`${shop.base}/orders/${paid}/invoice`);
  expect(res?.status()).toBe(200);
  await expect(customer).toHaveTitle(`Invoice ${paid}`);
  await expect(customer.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectOntarioInvoice(customer);
  await expect(customer.getByRole("button", { name: "Print" })).toBeVisible();
  await expect(customer.getByRole("link", { name: "Back to the order" })).toHaveAttribute(
    "href",
    `/account/orders/${paid}`,
  );
  // In Spanish, with the same figures: the language's words and the tax in its own format.
  expect((await customer.goto(`${shop.base}/es/orders/${paid}/invoice`))?.status()).toBe(200);
  await expect(customer.getByRole("heading", { level: 1, name: "Factura" })).toBeVisible();
  await expect(customer.getByTestId("invoice-tax-line")).toHaveText(/^HST 13\s%CA\$6\.23$/);
  await expect(customer.getByRole("button", { name: "Imprimir" })).toBeVisible();
});

test("the invoice page looks right at 1280 and 390 px, light and dark, passes axe, and prints without the shop's frame", async () => {
  await checkLooks(customer, shop.base, [["invoice", `/orders/${paid}/invoice`]]);
  await customer.setViewportSize({ width: 1280, height: 900 });
  await setTheme(customer, "dark", shop.base);
  await customer.goto(`${shop.base}/orders/${paid}/invoice`);
  await customer.emulateMedia({ media: "print" });
  await expect(customer.locator("header.site-chrome")).toBeHidden();
  await expect(customer.locator("footer.site-chrome")).toBeHidden();
  await expect(customer.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(customer.getByTestId("invoice-tax-line")).toBeVisible();
  await customer.screenshot({ path: test.info().outputPath("invoice-print.png"), fullPage: true });
  await customer.emulateMedia({ media: "screen" });
  await setTheme(customer, "light", shop.base);
});

test("another customer gets 404 for it, and a signed-out visitor is asked to sign in", async ({
  browser,
}) => {
  const res = await other.goto(`${shop.base}/orders/${paid}/invoice`);
  expect(res?.status()).toBe(404);
  await expect(other.getByRole("heading", { level: 1, name: "No invoice here" })).toBeVisible();
  await expect(other.getByText("MANA Wellness Co. (demo)")).toHaveCount(0);
  const results = await axe(other).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  // The customer's invoice is not the dashboard's: a customer gets no owner's copy.
  expect((await other.goto(`${shop.base}/admin/orders/${paid}/invoice`))?.status()).toBe(403);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${shop.base}/orders/${paid}/invoice`);
  await expect(visitor.getByText("Sign in to see the invoice of your order.")).toBeVisible();
  await expect(visitor.locator("#main").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(visitor.getByText(paid)).toHaveCount(0);
  await visitor.context().close();
});

test("an order not paid has no invoice", async () => {
  await checkoutToOntario(customer);
  await customer.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(customer).toHaveURL(/\/pay\/cs_sandbox_/);
  const pending = ((await customer.getByText(/^Order MANA-/).textContent()) ?? "").replace("Order ", "");
  expect(pending).toMatch(/^MANA-[A-Z0-9]{8}$/);
  expect((await customer.goto(`${shop.base}/orders/${pending}/invoice`))?.status()).toBe(404);
  expect((await owner.goto(`${shop.base}/admin/orders/${pending}/invoice`))?.status()).toBe(404);
});

test("the owner opens the order's invoice in the dashboard", async () => {
  const res = await owner.goto(`${shop.base}/admin/orders/${paid}/invoice`);
  expect(res?.status()).toBe(200);
  await expect(owner).toHaveTitle(`Invoice ${paid} | MANA dashboard`);
  await expectOntarioInvoice(owner);
  await expect(owner.getByRole("link", { name: "Back to the order" })).toHaveAttribute(
    "href",
    `/admin/orders/${paid}`,
  );
  const results = await axe(owner).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  await owner.screenshot({ path: test.info().outputPath("invoice-admin-1280.png"), fullPage: true });
});
