import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { axe, checkLooks, setTheme } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, signedUp } from "./support/shopper.ts";

// A customer's own data (decision 045): they download it, then delete their account; they cannot sign in
// again, and the owner's order list still has the order without their name or e-mail. The footer's help and
// legal links open real pages, and those pages pass axe in both themes.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("account-data");
const stamp = Date.now();
const ownerEmail = `olive-${stamp}@example.com`;
const customerEmail = `dana-${stamp}@example.com`;
const customerName = "Dana Whitlock";

let owner: Page;
let customer: Page;
let orderNumber = "";

const axeViolations = async (page: Page) =>
  (await axe(page).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(170_000);
  await shop.start();
  owner = await signedUp(browser, shop.base, ownerEmail, "Olive Owner");
  customer = await signedUp(browser, shop.base, customerEmail, customerName);
  expect((await shop.admin("users", "promote", ownerEmail)).stdout).toContain(`${ownerEmail} is now admin`);
  orderNumber = await boughtOnSandbox(customer, shop.base, [{ productId: 1 }], "new");
});

test.afterAll(async () => {
  await owner?.context().close();
  await customer?.context().close();
  await shop.stop();
});

test("the footer's help and legal links open real pages; Account sends a guest to sign in", async ({
  page,
}) => {
  const pages = [
    ["Shipping & Returns", "/shipping-returns", "Shipping & Returns"],
    ["Privacy Policy", "/privacy", "Privacy Policy"],
    ["Terms", "/terms", "Terms of Service"],
    ["Accessibility", "/accessibility", "Accessibility"],
    ["Account", "/auth", null],
  ] as const;
  for (const [link, path, heading] of pages) {
    await page.goto(`${shop.base}/`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("contentinfo").getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace("/", "\\/")}$`));
    if (heading) await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  await expect(page.getByRole("contentinfo").getByText(/coming soon/i)).toHaveCount(0);
});

test("the legal pages say what the shop really does, and pass axe at both widths in both themes", async ({
  page,
}) => {
  await checkLooks(
    page,
    shop.base,
    [
      ["privacy", "/privacy"],
      ["terms", "/terms"],
      ["shipping-returns", "/shipping-returns"],
      ["accessibility", "/accessibility"],
    ],
    async (p, name) => {
      if (name === "privacy") {
        // Every cookie of the list, in a table; the false sentences of before are gone.
        const cookies = p.getByRole("table", { name: "Cookies the shop sets" });
        await expect(cookies.getByRole("rowheader", { name: "mana.session_token" })).toBeVisible();
        await expect(cookies.getByRole("rowheader", { name: "mana_cart" })).toBeVisible();
        await expect(p.getByText("Your display preferences stay in your browser")).toHaveCount(0);
        // The sandbox is configured, not Stripe; no SMS service, no SMTP.
        await expect(p.getByText(/this shop runs in test mode/)).toBeVisible();
        await expect(p.getByText(/Twilio delivers/)).toHaveCount(0);
        await expect(p.getByRole("heading", { name: "Health information" })).toBeVisible();
      }
      if (name === "shipping-returns") {
        // The owner's markets (decision 051): the demo's four, each with its shipping figures in its currency.
        await expect(
          p.getByText(
            "we ship to the United States, Canada, the United Kingdom, Ireland, France, Germany, Spain, Italy, the Netherlands and Belgium.",
            { exact: false },
          ),
        ).toBeVisible();
        await expect(
          p.getByText(
            "$5.95 / CA$7.95 / £4.95 / €5.95 per order, in your order's currency; free on orders over $75.00 / CA$100.00 / £60.00 / €70.00",
            { exact: false },
          ),
        ).toBeVisible();
      }
    },
  );
});

test("a customer downloads their data, which holds their order", async () => {
  await customer.goto(`${shop.base}/account`);
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  const card = customer.getByRole("region", { name: "Your data" });
  const [download] = await Promise.all([
    customer.waitForEvent("download"),
    card.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mana-my-data-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(data.account).toMatchObject({ email: customerEmail, name: customerName });
  expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([orderNumber]);
  expect(data.orders[0].lines[0]).toMatchObject({ quantity: 1 });
});

test("the deletion dialog says what happens, asks for the password and passes axe in both themes", async () => {
  for (const theme of ["light", "dark"] as const) {
    await setTheme(customer, theme, shop.base);
    await customer.goto(`${shop.base}/account`);
    await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
    const opener = customer.getByRole("button", { name: "Delete account" });
    await opener.click();
    const dialog = customer.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog.getByLabel("Your password")).toBeVisible();
    await expect(dialog).toContainText("every subscription is cancelled now");
    await customer.screenshot({ path: test.info().outputPath(`delete-dialog-${theme}.png`) });
    expect(await axeViolations(customer)).toEqual([]);
    // Escape keeps the account and gives the focus back to the button that opened the dialog.
    await customer.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await customer.getByRole("region", { name: "Your data" }).screenshot({
      path: test.info().outputPath(`your-data-${theme}.png`),
    });
  }
  await setTheme(customer, "light", shop.base);
});

test("a customer deletes their account: a wrong password is refused, then they cannot sign in again", async ({
  browser,
}) => {
  await customer.goto(`${shop.base}/account`);
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  await customer.getByRole("button", { name: "Delete account" }).click();
  const dialog = customer.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your password").fill("not my password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("That password is not right.");
  await dialog.getByLabel("Your password").fill("quiet forest 42");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  const done = customer.getByRole("dialog", { name: "Your account is deleted" });
  await expect(done).toBeVisible();
  await done.getByRole("button", { name: "Go to the home page" }).click();
  await expect(customer).toHaveURL(`${shop.base}/`);
  await expect(customer.getByRole("link", { name: "Sign In" })).toBeVisible();

  const again = await (await browser.newContext()).newPage();
  await again.goto(`${shop.base}/auth`);
  await expect(again.locator("html")).toHaveAttribute("data-hydrated", "true");
  await again.getByLabel("Email").fill(customerEmail);
  await again.getByLabel("Password").fill("quiet forest 42");
  await again.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(again.getByRole("region", { name: /Notification/ })).toContainText(
    "No account found with this email",
  );
  await expect(again).toHaveURL(/\/auth$/);
  await again.context().close();
});

test("the owner's order list still has the order, without the customer's name or e-mail", async () => {
  await owner.goto(`${shop.base}/admin/orders`);
  await owner.getByRole("searchbox", { name: "Search" }).fill(orderNumber);
  await owner.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(owner.getByRole("link", { name: orderNumber })).toBeVisible();
  await owner.getByRole("link", { name: orderNumber }).click();
  await expect(owner.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(owner.getByText(customerEmail)).toHaveCount(0);
  await expect(owner.getByText(customerName)).toHaveCount(0);
  // The confirmation went out before the address was erased; its stored copy names no one.
  await owner.goto(`${shop.base}/dev/outbox`);
  const confirmation = owner.getByRole("listitem").filter({ hasText: "Your MANA account is deleted" });
  await expect(confirmation).toHaveCount(1);
  await expect(confirmation).not.toContainText(customerName);
  await expect(owner.getByText(customerEmail)).toHaveCount(0);
});
