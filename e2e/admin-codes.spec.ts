import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox } from "./support/shopper.ts";

// The dashboard's discount codes (docs/decisions/046-discount-codes.md): the owner makes a code, finds it
// listed, pauses and resumes it, and ends it after a confirmation; both pages pass axe in both themes.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("admin-codes");
const ownerEmail = `owner-${Date.now()}@example.com`;

let owner: Page;
let orderNumber = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  owner = await shop.startWithOwner(browser, ownerEmail);
});

test.afterAll(async () => {
  await owner?.context().close();
  await shop.stop();
});

/** The code's card on /admin/codes. */
const cardOf = (page: Page, code: string) => page.getByRole("article", { name: code, exact: true });

test("the owner makes a code: a wrong field is said beside it and focused, then the code is listed", async () => {
  await owner.goto(`${shop.base}/admin`);
  await owner
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Discount codes" })
    .click();
  await expect(owner.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  // The demo seed's codes are there.
  await expect(cardOf(owner, "WELCOME10").getByText("10% off")).toBeVisible();
  await expect(cardOf(owner, "FREESHIP").getByText("On orders of $40.00 or more.")).toBeVisible();

  await owner.getByRole("link", { name: "New code" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "New discount code" })).toBeVisible();
  await owner.getByLabel("Code", { exact: true }).fill("summer20");
  await owner.getByLabel("Minimum order (USD, optional)").fill("30");
  await owner.getByLabel("Once per customer").check();
  await owner.getByRole("button", { name: "Create code" }).click();
  const percent = owner.getByLabel("Percentage off (%)");
  await expect(percent).toBeFocused();
  await expect(percent).toHaveAccessibleDescription(/Enter the percentage off, from 1 to 100\./);
  // What was typed is still there.
  await expect(owner.getByLabel("Code", { exact: true })).toHaveValue("summer20");

  await percent.fill("20");
  await owner.getByRole("button", { name: "Create code" }).click();
  await expect(owner).toHaveURL(/\/admin\/codes\?created=SUMMER20$/);
  await expect(owner.getByRole("status").filter({ hasText: "SUMMER20 is created" })).toBeVisible();
  const card = cardOf(owner, "SUMMER20");
  await expect(card.getByText("20% off", { exact: true })).toBeVisible();
  await expect(card.getByText("On orders of $30.00 or more.")).toBeVisible();
  await expect(card.getByText("Once per customer.")).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();

  // The code is taken now, in any case.
  await owner.goto(`${shop.base}/admin/codes/new`);
  await owner.getByLabel("Code", { exact: true }).fill("Summer20");
  await owner.getByLabel("Free shipping").check();
  await owner.getByRole("button", { name: "Create code" }).click();
  await expect(owner.getByLabel("Code", { exact: true })).toBeFocused();
  await expect(owner.getByText("The code SUMMER20 already exists: choose another.")).toBeVisible();
});

test("the owner pauses and resumes the code, and ends it after saying so in a dialog", async () => {
  await owner.goto(`${shop.base}/admin/codes`);
  const card = cardOf(owner, "SUMMER20");
  await card.getByRole("button", { name: "Pause SUMMER20" }).click();
  await expect(card.getByText("Paused", { exact: true })).toBeVisible();
  await expect(owner.getByText("SUMMER20 is paused").first()).toBeVisible();
  const resume = card.getByRole("button", { name: "Resume SUMMER20" });
  await expect(resume).toBeFocused();
  // A shopper cannot apply it while it is paused.
  const refused = await owner.request.post(`${shop.base}/api/cart/code`, { data: { code: "summer20" } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe("The code SUMMER20 is not active right now.");

  await resume.click();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();

  // End: Keep leaves it as it is and gives focus back to End.
  const end = card.getByRole("button", { name: "End SUMMER20" });
  await end.click();
  const dialog = owner.getByRole("dialog", { name: "End SUMMER20?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Keep the code" }).click();
  await expect(dialog).toBeHidden();
  await expect(end).toBeFocused();

  await end.press("Enter");
  await dialog.getByRole("button", { name: "End SUMMER20" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText("Ended", { exact: true })).toBeVisible();
  await expect(card.getByText("Ended: shoppers can no longer use it.")).toBeFocused();
  await expect(card.getByRole("button")).toHaveCount(0);
});

test("an order paid with WELCOME10 shows the code on the owner's order page, the overview and the code's card", async () => {
  // The owner shops too: 1 Korean Ginseng ($30.00), 10% off with the demo code.
  const applied = await owner.request.post(`${shop.base}/api/cart/code`, { data: { code: "welcome10" } });
  expect(applied.status()).toBe(200);
  orderNumber = await boughtOnSandbox(owner, shop.base, [{ productId: 1 }], "new");

  await owner.goto(`${shop.base}/admin/orders/${orderNumber}`);
  const totals = owner.getByRole("region", { name: "Items and totals" });
  await expect(totals.getByText("Discount (WELCOME10)")).toBeVisible();
  await expect(totals.getByText("−$3.00")).toBeVisible();

  await owner.goto(`${shop.base}/admin`);
  await expect(owner.getByText("$3.00 off with discount codes").first()).toBeVisible();

  await owner.goto(`${shop.base}/admin/codes`);
  const card = cardOf(owner, "WELCOME10");
  await expect(card.getByRole("definition").first()).toHaveText("1 (no limit)");
  await expect(card.getByText("$3.00", { exact: true })).toBeVisible();
});

test("the codes page, the new-code form, an order with a code and the overview are axe clean at 1280 and 390 px in both themes", async () => {
  await checkLooks(
    owner,
    shop.base,
    [
      ["admin-codes", "/admin/codes"],
      ["admin-codes-new", "/admin/codes/new"],
      ["admin-order-with-code", `/admin/orders/${orderNumber}`],
      ["admin-overview", "/admin"],
    ],
    async (page, name) => {
      if (name === "admin-codes") await expect(cardOf(page, "SAVE5").getByText("$5.00 off")).toBeVisible();
      if (name === "admin-codes-new")
        await expect(page.getByRole("button", { name: "Create code" })).toBeVisible();
      if (name === "admin-order-with-code")
        await expect(page.getByText("Discount (WELCOME10)")).toBeVisible();
    },
  );
});
