import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, signedUp } from "./support/shopper.ts";

// Bulk shipping (decision 020): a staff member ships two orders from a CSV file; a file with a problem ships
// nothing and says which row; the customer sees the order shipped and gets the e-mail once.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("admin-orders-csv");
const stamp = Date.now();
const staffEmail = `sky-${stamp}@example.com`;
const customerEmail = `cal-${stamp}@example.com`;

let staff: Page;
let customer: Page;
let first = "";
let second = "";

const csvFile = (name: string, text: string) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(text, "utf8"),
});
const goodFile = () =>
  csvFile(
    "shipments.csv",
    `order_number,carrier,tracking\n${first},UPS,1Z999AA10123456784\n${second},USPS,9400111899223197\n`,
  );

/** The section that shows what the last file did. */
const outcome = (page: Page) => page.getByRole("region", { name: /^(Result|Nothing was shipped)$/ });

/** Chooses a file and sends the form with the keyboard; the outcome's heading takes the focus. */
async function upload(page: Page, file: ReturnType<typeof csvFile>) {
  await page.getByLabel("CSV file", { exact: true }).setInputFiles(file);
  await page.getByRole("button", { name: "Ship these orders" }).focus();
  await page.keyboard.press("Enter");
  await expect(outcome(page).getByRole("heading", { level: 2 })).toBeFocused();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(170_000);
  await shop.start();
  staff = await signedUp(browser, shop.base, staffEmail, "Sky Staff");
  customer = await signedUp(browser, shop.base, customerEmail, "Cal Customer");
  expect((await shop.admin("users", "promote", staffEmail, "--role", "staff")).stdout).toContain(
    `${staffEmail} is now staff`,
  );
  first = await boughtOnSandbox(customer, shop.base, [{ productId: 1 }], "new");
  second = await boughtOnSandbox(customer, shop.base, [{ productId: 3 }], "saved");
});

test.afterAll(async () => {
  await staff?.context().close();
  await customer?.context().close();
  await shop.stop();
});

test("a file with a problem ships nothing and names the row; the good file ships both orders", async () => {
  await staff.goto(`${shop.base}/admin/orders`);
  await staff.getByRole("link", { name: "Ship from a CSV file" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Ship from a CSV file" })).toBeVisible();
  await expect(staff.getByText("order_number,carrier,tracking", { exact: true }).first()).toBeVisible();

  await upload(
    staff,
    csvFile("typo.csv", `order_number,carrier,tracking\n${first},UPS,1Z1\nMANA-NOPE0000,Owl Post,X9\n`),
  );
  await expect(outcome(staff).getByRole("alert")).toHaveText(
    "typo.csv has 1 problem. Fix it, then choose the file again.",
  );
  const problem = outcome(staff).getByRole("row").filter({ hasText: "MANA-NOPE0000" });
  await expect(problem.getByRole("cell").first()).toHaveText("3");
  await expect(problem).toContainText('"Owl Post" is not a carrier the shop knows');
  const untouched = await staff.request.get(`${shop.base}/api/admin/orders/${first}`);
  expect((await untouched.json()).status).toBe("processing");

  await staff.goto(`${shop.base}/admin/orders/ship`);
  await upload(staff, goodFile());
  await expect(outcome(staff).getByRole("status")).toHaveText("shipments.csv: 2 shipped.");
  for (const number of [first, second])
    await expect(outcome(staff).getByRole("row").filter({ hasText: number })).toContainText("Shipped");
  await staff.getByRole("link", { name: first }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Order ${first}` })).toBeVisible();
  await expect(staff.getByRole("link", { name: "1Z999AA10123456784" })).toBeVisible();
  await expect(staff.getByText("Marked shipped (was processing), UPS 1Z999AA10123456784")).toBeVisible();

  await customer.goto(`${shop.base}/account/orders/${second}`);
  await expect(
    customer.getByRole("list", { name: "Order timeline" }).getByText("Shipped with USPS"),
  ).toBeVisible();
  await customer.goto(`${shop.base}/dev/outbox`);
  for (const number of [first, second])
    await expect(
      customer.getByRole("listitem").filter({ hasText: `Your MANA order ${number} has shipped` }),
    ).toHaveCount(1);
});

test("without JavaScript the same file is sent again: both orders show as already shipped, no second e-mail", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await staff.context().storageState(),
  });
  const page = await context.newPage();
  await page.goto(`${shop.base}/admin/orders/ship`);
  await page.getByLabel("CSV file", { exact: true }).setInputFiles(goodFile());
  await page.getByRole("button", { name: "Ship these orders" }).click();
  await expect(outcome(page).getByRole("status")).toHaveText("shipments.csv: 0 shipped, 2 already shipped.");
  await expect(outcome(page).getByRole("cell", { name: "Already shipped" })).toHaveCount(2);
  await context.close();
  await customer.goto(`${shop.base}/dev/outbox`);
  await expect(
    customer.getByRole("listitem").filter({ hasText: `Your MANA order ${first} has shipped` }),
  ).toHaveCount(1);
});

test("the page, its results and its problems are axe clean at 1280 and 390 px in both themes", async () => {
  const uploads: Record<string, ReturnType<typeof csvFile> | null> = {
    "admin-orders-ship-form": null,
    "admin-orders-ship-problems": csvFile(
      "typo.csv",
      `order_number,carrier,tracking\n${first},Owl Post,\nMANA-NOPE,UPS,1Z`,
    ),
    "admin-orders-ship-results": goodFile(),
  };
  await checkLooks(
    staff,
    shop.base,
    Object.keys(uploads).map((name) => [name, "/admin/orders/ship"] as const),
    async (page, name) => {
      const file = uploads[name];
      if (file) await upload(page, file);
    },
  );
});
