import { expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, payWithTestCard, signedUp } from "./support/shopper.ts";

// Wellness Points, store credit and referrals on the account and the dashboard
// (docs/decisions/047-gift-cards-credit-and-points.md): a delivered order earns points that pay $5 of the
// next order and the account lists both; a friend opening the referral link gets $10 off a first order, and
// 30 days after it arrives the scheduled jobs give the referrer $10 of store credit. axe and screenshots of
// the account and the dashboard's new parts in both themes at 1280 and 390 px.
test.describe.configure({ mode: "serial", timeout: 300_000 });

const shop = new OwnShop("wellness-points");
const stamp = Date.now();
const customerEmail = `rowan-${stamp}@example.com`;
const friendEmail = `sage-${stamp}@example.com`;
const ownerEmail = `owner-${stamp}@example.com`;
const pages: Page[] = [];
let customer: Page;
let firstOrder = "";
let friendOrder = "";

/** A day `n` days after today, as the shop counts days (UTC). */
function dayAfter(n: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

/** Runs `npm run admin` with the shop stopped (one process per embedded database), then starts it again. */
async function admin(...args: string[]) {
  await shop.stop();
  try {
    return await shop.admin(...args);
  } finally {
    await shop.start();
  }
}

async function shipAndDeliver(orderNumber: string) {
  await shop.stop();
  try {
    await shop.admin("orders", "ship", orderNumber, "--carrier", "ups", "--tracking", `1Z${stamp}`);
    await shop.admin("orders", "deliver", orderNumber);
  } finally {
    await shop.start();
  }
}

async function tracked(make: () => Promise<Page>): Promise<Page> {
  const page = await make();
  pages.push(page);
  return page;
}

test.beforeAll(async () => {
  await shop.start();
});

test.afterAll(async () => {
  for (const p of pages) await p.context().close();
  await shop.stop();
});

test("a delivered order earns points that pay $5 of the next order; the account shows the history", async ({
  browser,
}) => {
  customer = await tracked(() => signedUp(browser, shop.base, customerEmail, "Rowan Reed"));
  await hydrated(customer);
  const stats = customer.getByTestId("stat-points");
  await expect(stats).toContainText("0");
  await expect(stats).toContainText("100 points = $5.00 off");
  await expect(customer.getByText("Coming soon")).toHaveCount(0);

  // Three Total Restore ($120, free shipping): 120 points once it arrives.
  firstOrder = await boughtOnSandbox(customer, shop.base, [{ productId: 2, quantity: 3 }], "new");
  await customer.goto(`${shop.base}/account`);
  await expect(customer.getByText(`Earned on order`)).toHaveCount(0);
  await shipAndDeliver(firstOrder);

  await customer.goto(`${shop.base}/account`);
  await hydrated(customer);
  const points = customer.getByTestId("stat-points");
  await expect(points).toContainText("120");
  await expect(points).toContainText("Worth $5.00 off");
  const history = customer.getByRole("region", { name: "Points and credit history" });
  await expect(history).toContainText("Earned on order");
  await expect(history).toContainText("+120 points");
  await expect(history.getByRole("link", { name: firstOrder })).toHaveAttribute(
    "href",
    `/account/orders/${firstOrder}`,
  );

  // The next order: one Korean Ginseng ($30 + $5.95 shipping), 100 points chosen for $5 off.
  const added = await customer.request.post(`${shop.base}/api/cart`, {
    data: { productId: 1, quantity: 1, isSubscription: false },
  });
  expect(added.status()).toBe(201);
  const chosen = await customer.request.put(`${shop.base}/api/cart/balances`, {
    data: { useCredit: false, pointSteps: 1 },
  });
  expect(chosen.status()).toBe(200);
  await customer.goto(`${shop.base}/checkout`);
  await hydrated(customer);
  await expect(customer.getByRole("radio", { name: /Sam Shopper/ })).toBeChecked();
  const summary = customer.getByRole("region", { name: "Order Summary" });
  await expect(summary).toContainText("Total$35.95");
  await expect(summary).toContainText("Wellness Points (100)-$5.00");
  await expect(summary).toContainText("To pay by card$30.95");
  await customer.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(customer.getByRole("button", { name: "Pay $30.95" })).toBeVisible();
  await payWithTestCard(customer, "Rowan Reed");
  await expect(customer.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const orders = await (await customer.request.get(`${shop.base}/api/orders`)).json();
  const second = orders[0];
  expect(second.orderNumber).not.toBe(firstOrder);
  expect(second.totals).toMatchObject({ totalCents: 3595, tenderedCents: 500 });

  await customer.goto(`${shop.base}/account`);
  await hydrated(customer);
  await expect(points).toContainText("20");
  await expect(history).toContainText("Used on order");
  await expect(history).toContainText("−100 points");
  await expect(history.getByRole("link", { name: second.orderNumber })).toBeVisible();
});

test("a friend opening the referral link gets $10 off a first order; 30 days after it arrives the referrer has $10 of credit", async ({
  browser,
}) => {
  await customer.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: shop.base });
  await customer.goto(`${shop.base}/account`);
  await hydrated(customer);
  const invite = customer.getByRole("region", { name: "Invite a friend" });
  await expect(invite).toContainText("Your friend gets $10 off a first order of $40 or more.");
  await expect(invite).toContainText("You get $10 of store credit 30 days after their order arrives.");
  const link = await invite.getByLabel("Your referral link").inputValue();
  expect(link).toMatch(/\?code=FRIEND-[A-Z0-9]+$/);
  await invite.getByRole("button", { name: "Copy" }).click();
  await expect(invite.getByRole("status")).toHaveText("Copied");
  expect(await customer.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(invite).toContainText("No referrals yet.");

  const friend = await tracked(async () => (await browser.newContext()).newPage());
  await friend.goto(link);
  await hydrated(friend);
  await expect(friend.getByRole("status").filter({ hasText: /FRIEND-[A-Z0-9]+ applied/ })).toBeVisible();
  const added = await friend.request.post(`${shop.base}/api/cart`, {
    data: { productId: 2, quantity: 1, isSubscription: false },
  });
  expect(added.status()).toBe(201);
  await friend.goto(`${shop.base}/checkout`);
  await hydrated(friend);
  const summary = friend.getByRole("region", { name: "Order Summary" });
  await expect(summary).toContainText(/Discount \(FRIEND-[A-Z0-9]+\)/);
  await expect(summary).toContainText("-$10.00");
  await friend.getByLabel("Email address").fill(friendEmail);
  await fillAddress(friend, { fullName: "Sage Friend", line1: "22 Elm Rd", line2: "", postalCode: "62702" });
  await friend.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  // The friend's own card: one that paid the referrer's orders would void the referral (own_card).
  await payWithTestCard(friend, "Sage Friend", "5200 8282 8282 8210");
  await expect(friend.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  friendOrder = ((await friend.locator("p.font-mono").first().textContent()) ?? "").trim();
  expect(friendOrder).toMatch(/^MANA-/);

  await customer.goto(`${shop.base}/account`);
  await expect(invite).toContainText("Waiting for 30 days after their order arrives");

  await shipAndDeliver(friendOrder);
  const ran = await admin("jobs", "run-due", "--as-of", dayAfter(31));
  expect(ran.stdout).toBeTruthy();

  await customer.goto(`${shop.base}/account`);
  await hydrated(customer);
  const credit = customer.getByTestId("stat-credit");
  await expect(credit).toContainText("$10.00");
  await expect(customer.getByRole("region", { name: "Points and credit history" })).toContainText(
    "Thank you for referring a friend",
  );
  await expect(invite).toContainText("$10 credited");
  // The friend's order number is theirs: the referrer's page does not name it.
  await expect(customer.locator("main")).not.toContainText(friendOrder);
});

test("the account and the dashboard's gift cards, customer and order pages pass axe in both themes at 1280 and 390 px", async ({
  browser,
}) => {
  await checkLooks(customer, shop.base, [["account-balances", "/account"]]);

  const owner = await tracked(() => signedUp(browser, shop.base, ownerEmail, "Olive Owner"));
  await admin("users", "promote", ownerEmail);
  // The owner issues a card and gives the customer store credit; both show where they belong.
  await owner.goto(`${shop.base}/admin/gift-cards`);
  await hydrated(owner);
  await expect(owner.getByRole("link", { name: "Gift cards" }).first()).toBeVisible();
  await owner.getByRole("button", { name: "Issue and e-mail the card" }).click();
  const amount = owner.getByLabel("Amount", { exact: true });
  await expect(amount).toBeFocused();
  await expect(owner.getByText(/The amount must be|Enter the amount/)).toBeVisible();
  // The card's currency: US dollars unless the owner picks another (decision 051).
  await expect(owner.locator("#field-currency")).toHaveValue("USD");
  await amount.fill("25");
  await owner.getByLabel("Recipient's e-mail").fill(customerEmail);
  await owner.getByLabel("Recipient's name (optional)").fill("Rowan");
  await owner.getByLabel("Note for the shop (optional)").fill("Late parcel");
  await owner.getByRole("button", { name: "Issue and e-mail the card" }).click();
  const issued = owner.getByRole("status").filter({ hasText: "gift card ending" });
  await expect(issued).toContainText(`is issued and e-mailed to ${customerEmail}`);
  await expect(issued).toBeFocused();

  await owner.goto(`${shop.base}/admin/orders/${firstOrder}`);
  await owner.getByRole("link", { name: customerEmail }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "Rowan Reed" })).toBeVisible();
  await hydrated(owner);
  const balances = owner.getByRole("region", { name: "Store credit, points and referrals" });
  await expect(balances).toContainText("$10.00");
  await expect(balances.getByRole("link", { name: friendOrder })).toBeVisible();
  await balances.getByLabel("Amount", { exact: true }).fill("7.50");
  await balances.getByLabel("Why (kept with the credit)").fill("Sorry for the wait");
  await balances.getByRole("button", { name: "Give store credit" }).click();
  await expect(balances.getByRole("status")).toContainText("Store credit given");
  await expect(balances).toContainText("$17.50");
  // Credit in euros is the customer's euro credit, shown beside the dollars, never added to them (decision 051).
  await balances.getByLabel("Currency").selectOption("EUR");
  await balances.getByLabel("Amount", { exact: true }).fill("5");
  await balances.getByLabel("Why (kept with the credit)").fill("Parcel to Dublin was late");
  await balances.getByRole("button", { name: "Give store credit" }).click();
  await expect(balances.getByTestId("customer-balances")).toContainText("$17.50 · €5.00");
  const customerPath = new URL(owner.url()).pathname;

  const secondOrder = (await (await customer.request.get(`${shop.base}/api/orders`)).json())[0].orderNumber;
  await owner.goto(`${shop.base}/admin/orders/${secondOrder}`);
  await expect(owner.getByText("Paid with", { exact: true })).toBeVisible();
  await expect(owner.getByText(/^Wellness Points \(100\)/)).toBeVisible();

  await customer.goto(`${shop.base}/account`);
  await expect(customer.getByRole("region", { name: "Gift cards" })).toContainText("$25.00");
  await expect(customer.getByTestId("stat-credit")).toContainText("$17.50 · €5.00");

  await checkLooks(owner, shop.base, [
    ["admin-gift-cards", "/admin/gift-cards"],
    ["admin-customer-balances", customerPath],
    ["admin-order-paid-with", `/admin/orders/${secondOrder}`],
  ]);
});
