import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { OwnShop } from "./support/own-shop.ts";

// The owner's dashboard: only an account given a dashboard role opens it. The first owner is promoted
// with `npm run admin -- users promote` (on the embedded database, while the shop is stopped).
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("admin");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
const customerEmail = `customer-${stamp}@example.com`;

async function signedIn(browser: Browser, email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${shop.base}/auth?tab=signup`);
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
  return page;
}

let owner: Page;
let customer: Page;

test.beforeAll(async ({ browser }) => {
  // Two starts of the shop and two sign-ups.
  test.setTimeout(150_000);
  await shop.start();
  owner = await signedIn(browser, ownerEmail, "Olive Owner");
  customer = await signedIn(browser, customerEmail, "Cam Customer");
  // The customer's paid order (Ginseng as a subscription, $34.00) is what the overview counts.
  expect(
    (
      await customer.request.post(`${shop.base}/api/cart`, {
        data: { productId: 2, quantity: 1, isSubscription: true },
      })
    ).status(),
  ).toBe(201);
  await customer.goto(`${shop.base}/checkout`);
  await fillAddress(customer);
  await customer.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(customer).toHaveURL(/\/pay\/cs_sandbox_/);
  await customer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await customer.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await customer.getByLabel("CVC").fill("123");
  await customer.getByLabel("Name on card").fill("Cam Customer");
  await customer.getByRole("button", { name: /^Pay / }).click();
  await expect(customer).toHaveURL(/\/success\?session_id=cs_sandbox_/);
  await shop.stop();
  const refused = await shop.admin("users", "promote", "nobody@example.com").catch((e) => e);
  expect(refused.stderr).toContain("No account uses nobody@example.com");
  const promoted = await shop.admin("users", "promote", ownerEmail);
  expect(promoted.stdout).toContain(`${ownerEmail} is now admin`);
  await shop.start();
});

test.afterAll(async () => {
  await owner?.context().close();
  await customer?.context().close();
  await shop.stop();
});

test("the account menu offers the Dashboard to the owner only, and it opens the overview", async () => {
  await customer.goto(`${shop.base}/`);
  await customer.getByRole("button", { name: /account menu/i }).click();
  await expect(customer.getByRole("menuitem", { name: "Order History" })).toBeVisible();
  await expect(customer.getByRole("menuitem", { name: "Dashboard" })).toHaveCount(0);
  await customer.keyboard.press("Escape");
  await owner.goto(`${shop.base}/`);
  await owner.getByRole("button", { name: /account menu/i }).click();
  await owner.getByRole("menuitem", { name: "Dashboard" }).click();
  await expect(owner).toHaveURL(/\/admin$/);
  await expect(owner.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
});

test("signed out, /admin asks to sign in; a customer gets a 403 page that says why", async ({ page }) => {
  await page.goto(`${shop.base}/admin`);
  await expect(page).toHaveURL(/\/auth$/);
  const res = await customer.goto(`${shop.base}/admin`);
  expect(res?.status()).toBe(403);
  await expect(
    customer.getByRole("heading", { level: 1, name: "This page is for the shop's team" }),
  ).toBeVisible();
  expect((await customer.request.get(`${shop.base}/api/admin/overview`)).status()).toBe(403);
});

test("the owner's overview shows sales, work waiting and 30 days of revenue, axe clean at 1280 and 390 px in both themes", async () => {
  for (const theme of ["light", "dark"] as const) {
    await owner.addInitScript((t) => {
      localStorage.setItem("mana.preferences", JSON.stringify({ display: { theme: t } }));
    }, theme);
    for (const width of [1280, 390]) {
      await owner.setViewportSize({ width, height: 900 });
      const res = await owner.goto(`${shop.base}/admin`);
      expect(res?.status()).toBe(200);
      await expect(owner.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(owner.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
      await expect(owner.getByText(`Signed in as ${ownerEmail} (admin)`)).toBeVisible();
      await expect(
        owner.getByRole("img", { name: /^Revenue by day from .*: \$\d+\.\d\d in all/ }),
      ).toBeVisible();
      const today = owner.getByRole("definition").filter({ hasText: "paid order" }).first();
      await expect(today).toHaveText("1 paid order");
      const subscriptions = owner.getByText("Active subscriptions", { exact: true }).locator("..");
      await expect(subscriptions).toContainText("1");
      await expect(owner.getByText("Monthly recurring revenue", { exact: true }).locator("..")).toContainText(
        "$34.00",
      );
      // Nothing wider than the screen.
      expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const results = await new AxeBuilder({ page: owner }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
        [],
      );
      await owner.screenshot({ path: test.info().outputPath(`admin-${width}-${theme}.png`), fullPage: true });
    }
  }
});
