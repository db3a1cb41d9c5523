import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, signedUp } from "./support/shopper.ts";

// The owner's dashboard: only an account given a dashboard role opens it. The first owner is promoted
// with `npm run admin -- users promote`, here with the shop stopped, so the command opens the embedded
// database itself (e2e/admin-orders.spec.ts runs it through the running shop, decision 018).
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("admin");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
const customerEmail = `customer-${stamp}@example.com`;

let owner: Page;
let customer: Page;

test.beforeAll(async ({ browser }) => {
  // Two starts of the shop and two sign-ups.
  test.setTimeout(150_000);
  await shop.start();
  owner = await signedUp(browser, shop.base, ownerEmail, "Olive Owner");
  customer = await signedUp(browser, shop.base, customerEmail, "Cam Customer");
  // The customer's paid order (Ginseng as a subscription, $34.00) is what the overview counts.
  await boughtOnSandbox(customer, shop.base, [{ productId: 2, isSubscription: true }], "new");
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

const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";
/**
 * Every dashboard page and what staff get: the role is checked before the record is looked up, so made-up
 * ids answer 403 to a customer, and 404 to staff, who may open that kind of page.
 */
const PAGES = [
  ["/admin", 200],
  ["/admin/orders", 200],
  ["/admin/orders/MANA-NOSUCH00", 404],
  ["/admin/orders/ship", 200],
  ["/admin/products", 200],
  ["/admin/subscriptions", 200],
  [`/admin/subscriptions/${NO_SUCH_ID}`, 404],
  ["/admin/customers", 200],
  ["/admin/customers/no-such-account", 404],
  ["/admin/newsletter", 403],
  ["/admin/outbox", 200],
  [`/admin/outbox/${NO_SUCH_ID}`, 404],
  ["/admin/reviews", 200],
] as const;

test("every dashboard page: signed out asks to sign in, a customer gets 403, staff all but the newsletter", async ({
  browser,
  request,
}) => {
  const staffEmail = `staff-${stamp}@example.com`;
  const staff = await signedUp(browser, shop.base, staffEmail, "Sky Staff");
  // With the shop running: the command goes through it (decision 018).
  expect((await shop.admin("users", "promote", staffEmail, "--role", "staff")).stdout).toContain(
    `${staffEmail} is now staff`,
  );
  for (const [path, forStaff] of PAGES) {
    const signedOut = await request.get(`${shop.base}${path}`, { maxRedirects: 0 });
    expect(signedOut.status(), path).toBe(302);
    expect(signedOut.headers().location, path).toBe("/auth");
    expect((await customer.request.get(`${shop.base}${path}`)).status(), path).toBe(403);
    expect((await staff.request.get(`${shop.base}${path}`)).status(), `${path} as staff`).toBe(forStaff);
  }
  await staff.context().close();
});

test("the owner's overview shows sales, work waiting and 30 days of revenue, axe clean at 1280 and 390 px in both themes", async () => {
  await checkLooks(owner, shop.base, [["admin", "/admin"]], async (page) => {
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${ownerEmail} (admin)`)).toBeVisible();
    await expect(
      page.getByRole("img", { name: /^Revenue in USD by day from .*: \$\d+\.\d\d in all/ }),
    ).toBeVisible();
    const today = page.getByRole("definition").filter({ hasText: "paid order" }).first();
    await expect(today).toHaveText("1 paid order");
    const subscriptions = page.getByText("Active subscriptions", { exact: true }).locator("..");
    await expect(subscriptions).toContainText("1");
    await expect(page.getByText("Monthly recurring revenue", { exact: true }).locator("..")).toContainText(
      "$34.00",
    );
  });
});
