import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, signedUp } from "./support/shopper.ts";

// The dashboard's Subscriptions, Customers, Newsletter and Outbox: the owner pauses and resumes a
// customer's subscription for them (the customer sees it and gets the e-mails), finds the customer and
// exports the lists.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("admin-people");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
const customerEmail = `dana-${stamp}@example.com`;

let owner: Page;
let customer: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(170_000);
  await shop.start();
  owner = await signedUp(browser, shop.base, ownerEmail, "Olive Owner");
  customer = await signedUp(browser, shop.base, customerEmail, "Dana Customer");
  expect((await shop.admin("users", "promote", ownerEmail)).stdout).toContain(`${ownerEmail} is now admin`);
  // Total Restore as a subscription, and a yes to the newsletter.
  await boughtOnSandbox(customer, shop.base, [{ productId: 2, isSubscription: true }], "new");
  const joined = await customer.request.post(`${shop.base}/api/newsletter`, {
    data: { email: customerEmail, consent: true },
  });
  expect(joined.ok()).toBe(true);
  // The account's e-mail is not verified: the sign-up waits for the link in the confirmation e-mail.
  await confirmedFromOutbox(customer, customerEmail);
});

/** Opens the newest newsletter confirmation link to the address in the dev outbox and presses Confirm. */
async function confirmedFromOutbox(page: Page, email: string) {
  let href: string | null = null;
  await expect(async () => {
    await page.goto(`${shop.base}/dev/outbox`);
    href = await page
      .getByRole("listitem")
      .filter({ hasText: email })
      .filter({ has: page.getByRole("heading", { name: "Confirm your subscription to the MANA letter" }) })
      .first()
      .locator('a[href*="/newsletter/confirm?token="]')
      .first()
      .getAttribute("href", { timeout: 1000 });
    expect(href).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  const url = new URL(href as unknown as string);
  await page.goto(`${shop.base}${url.pathname}${url.search}`);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { name: "You are subscribed" })).toBeVisible();
}

test.afterAll(async () => {
  await owner?.context().close();
  await customer?.context().close();
  await shop.stop();
});

const outboxSubjects = async (page: Page) => {
  await page.goto(`${shop.base}/admin/outbox?q=${encodeURIComponent(customerEmail)}`);
  return page.getByRole("table").getByRole("link").allTextContents();
};

test("the owner pauses a customer's subscription for a month and resumes it; the customer sees both and is e-mailed", async () => {
  await owner.goto(`${shop.base}/admin/subscriptions`);
  await owner.getByLabel("Status").selectOption("active");
  await owner.getByLabel("Customer e-mail or product").fill(customerEmail);
  await owner.getByLabel("Customer e-mail or product").press("Enter");
  await expect(owner).toHaveURL(/status=active/);
  await owner.getByRole("table").getByRole("link", { name: "Total Restore" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toContainText("Total Restore");

  const pause = owner.getByRole("button", { name: "Pause", exact: true });
  await pause.focus();
  await owner.keyboard.press("Enter");
  const dialog = owner.getByRole("dialog", { name: `Pause Total Restore for ${customerEmail}?` });
  await dialog.getByRole("radio", { name: /1 month/ }).check();
  await dialog.getByRole("button", { name: "Pause subscription" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(owner.getByText("Paused", { exact: true }).first()).toBeVisible();
  // Pause is gone from the buttons: the focus moves to the first one there is now (Resume).
  const resume = owner.getByRole("button", { name: "Resume", exact: true });
  await expect(resume).toBeFocused();

  await customer.goto(`${shop.base}/account/subscriptions`);
  await expect(customer.getByText("Paused", { exact: true }).first()).toBeVisible();

  await owner.keyboard.press("Enter");
  const resumeDialog = owner.getByRole("dialog", { name: `Resume Total Restore for ${customerEmail}?` });
  await resumeDialog.getByRole("button", { name: "Resume subscription" }).click();
  await expect(resumeDialog).toHaveCount(0);
  await expect(owner.getByText("Active", { exact: true }).first()).toBeVisible();
  // Both changes are in the audit, by the owner.
  const audit = owner.getByRole("region", { name: "Owner actions" });
  await expect(audit.getByText(ownerEmail)).toHaveCount(2);

  const subjects = await outboxSubjects(owner);
  expect(subjects.filter((s) => /paused/i.test(s))).toHaveLength(1);
  expect(subjects.filter((s) => /resumed|back on/i.test(s))).toHaveLength(1);
});

test("the owner finds the customer by name and sees their order, subscription, address and consent", async () => {
  await owner.goto(`${shop.base}/admin/customers`);
  await owner.getByRole("searchbox", { name: "Search customers" }).fill("dana cust");
  await owner.getByRole("button", { name: "Search" }).click();
  await expect(owner.getByText("1 customer matches.")).toBeVisible();
  await owner.getByRole("table").getByRole("link", { name: "Dana Customer" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "Dana Customer" })).toBeVisible();
  await expect(owner.getByRole("heading", { name: "Orders (1)" })).toBeVisible();
  await expect(owner.getByRole("heading", { name: "Subscriptions (1)" })).toBeVisible();
  await expect(owner.getByText("1 Main St").first()).toBeVisible();
  await expect(owner.getByText(/Subscribed/).first()).toBeVisible();

  await owner.goto(`${shop.base}/admin/customers`);
  const [download] = await Promise.all([
    owner.waitForEvent("download"),
    owner.getByRole("link", { name: "Download all customers (CSV)" }).click(),
  ]);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^"email","name",/);
  expect(csv).toContain(customerEmail);
});

test("the newsletter lists the subscriber with their consent and exports it; the outbox shows a message", async () => {
  await owner.goto(`${shop.base}/admin/newsletter`);
  const row = owner.getByRole("row").filter({ hasText: customerEmail });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(/Subscribed/)).toBeVisible();
  const [download] = await Promise.all([
    owner.waitForEvent("download"),
    owner.getByRole("link", { name: /CSV/ }).click(),
  ]);
  expect(await readFile(await download.path(), "utf8")).toContain(customerEmail);

  await owner.goto(`${shop.base}/admin/outbox?q=${encodeURIComponent(customerEmail)}`);
  await owner.getByRole("table").getByRole("link").first().click();
  await expect(owner.getByRole("region", { name: "Message text" })).toBeVisible();
});

/** Where a link in the page's table goes, found by a search for the customer. */
async function linkIn(list: string, name?: string): Promise<string> {
  await owner.goto(`${shop.base}${list}?q=${encodeURIComponent(customerEmail)}`);
  const link = owner
    .getByRole("table")
    .getByRole("link", name ? { name } : undefined)
    .first();
  return (await link.getAttribute("href")) as string;
}

test("the four pages are axe clean at 1280 and 390 px in both themes, nothing wider than the screen", async () => {
  const pages = [
    ["admin-subscriptions", "/admin/subscriptions"],
    ["admin-subscription", await linkIn("/admin/subscriptions", "Total Restore")],
    ["admin-customers", "/admin/customers"],
    ["admin-customer", await linkIn("/admin/customers", "Dana Customer")],
    ["admin-newsletter", "/admin/newsletter"],
    ["admin-outbox", "/admin/outbox"],
    ["admin-outbox-message", await linkIn("/admin/outbox")],
  ] as const;
  await checkLooks(owner, shop.base, pages);
});
