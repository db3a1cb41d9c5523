import { join } from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { axe, setTheme, THEMES, WIDTHS } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { payWithTestCard, signedUp } from "./support/shopper.ts";

// Gift cards for the shopper (docs/decisions/047-gift-cards-credit-and-points.md): bought on /gift-cards
// for a friend on a chosen day (and one for oneself), paid on the sandbox, e-mailed on their day by the
// scheduled jobs; the friend's code pays half of a $100 order, the buyer's pays a whole order (no payment
// page), and /gift-cards/balance says what is left. axe and screenshots in both themes at 1280 and 390 px.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const shop = new OwnShop("gift-cards");
const stamp = Date.now();
const buyerEmail = `giver-${stamp}@example.com`;
const friendEmail = `fern-${stamp}@example.com`;
const pages: Page[] = [];
const CODE = /[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/;

/** A day `n` days after today, as the shop counts days (UTC). */
function dayAfter(n: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const sendOn = dayAfter(3);
let friendCode = "";
let ownCode = "";

test.beforeAll(async () => {
  await shop.start();
});

test.afterAll(async () => {
  for (const p of pages) await p.context().close();
  await shop.stop();
});

/** Where the screenshots go: the test's output, or SHOTS_DIR for a person to look at after the run. */
const shot = (name: string) =>
  process.env.SHOTS_DIR ? join(process.env.SHOTS_DIR, name) : test.info().outputPath(name);

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

async function axeViolations(page: Page) {
  const results = await axe(page).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

async function newVisitor(browser: Browser): Promise<Page> {
  // Motion reduced: axe never reads a toast's colour halfway through its fade.
  const page = await (await browser.newContext({ reducedMotion: "reduce" })).newPage();
  pages.push(page);
  return page;
}

/** Both themes at both widths: axe finds nothing, nothing is wider than the screen, a screenshot is kept. */
async function looks(page: Page, name: string, reopen: (page: Page) => Promise<void>) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of THEMES) {
    await setTheme(page, theme, shop.base);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await reopen(page);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(wide, `${name} at ${width}px is wider than the screen`).toBe(false);
      expect(await axeViolations(page), `${name} ${theme} ${width}`).toEqual([]);
      await page.screenshot({ path: shot(`${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await setTheme(page, "light", shop.base);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The outbox entry to `to` whose text matches `subject`. */
const mailTo = (page: Page, to: string, subject: string | RegExp) =>
  page.getByRole("listitem").filter({ hasText: to }).filter({ hasText: subject });

async function openCart(page: Page): Promise<Locator> {
  const drawer = page.getByRole("dialog", { name: "Your MANA Cart" });
  if (!(await drawer.isVisible())) await page.getByRole("button", { name: /^Open cart/ }).click();
  await expect(drawer).toBeVisible();
  return drawer;
}

test("a shopper buys a $50 gift card for a friend for a day to come and one for themselves; the friend's is e-mailed on its day", async ({
  browser,
}) => {
  const page = await newVisitor(browser);
  await page.goto(`${shop.base}/`);
  await page.getByRole("contentinfo").getByRole("link", { name: "Gift Cards" }).click();
  await expect(page).toHaveURL(`${shop.base}/gift-cards`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Gift cards" })).toBeVisible();
  await expect(page.getByText("The balance never expires.")).toBeVisible();

  // A custom amount outside $10-$500 and a friend without an e-mail: both said at once, focus on the first.
  await page.getByText("Other amount").click();
  await page.getByLabel("Amount in dollars").fill("5");
  await page.getByText("For a friend").click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Enter an amount from $10.00 to $500.00")).toBeVisible();
  await expect(page.getByText("Enter your friend's e-mail address")).toBeVisible();
  await expect(page.getByLabel("Amount in dollars")).toBeFocused();

  await page.getByText("$50", { exact: true }).click();
  await page.getByLabel("Friend's e-mail").fill(friendEmail);
  await page.getByLabel("Friend's name (optional)").fill("Fern");
  await page.getByLabel("Your name (optional)").fill("Bea");
  await page.getByLabel("Message (optional)").fill("For the quiet evenings. Happy birthday!");
  await page.getByLabel("Send it on").fill(sendOn);
  await page.getByRole("button", { name: "Add to cart" }).click();
  const drawer = await openCart(page);
  const line = drawer.getByTestId("cart-gift-card");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("$50.00");
  await expect(line).toContainText("For Fern, sent on");
  await expect(drawer.getByTestId("cart-total")).toHaveText("$50.00");
  await drawer.getByRole("button", { name: "Close cart" }).click();
  await expect(drawer).toBeHidden();
  // The header counts a gift card like any line.
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect(page.getByRole("button", { name: "Open cart, 1 item" })).toBeVisible();

  // One for the buyer: e-mailed once paid.
  await page.getByText("$100", { exact: true }).click();
  await page.getByText("For me").click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(drawer.getByTestId("cart-gift-card")).toHaveCount(2);
  await expect(drawer.getByTestId("cart-total")).toHaveText("$150.00");
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await expect(drawer).not.toContainText("Your cart is empty");
  expect(await axeViolations(page)).toEqual([]);
  await looks(page, "drawer-gift-cards", async (p) => {
    await p.goto(`${shop.base}/gift-cards`);
    await hydrated(p);
    await openCart(p);
    await expect(p.getByTestId("cart-gift-card")).toHaveCount(2);
  });
  await looks(page, "gift-cards", async (p) => {
    await p.goto(`${shop.base}/gift-cards`);
    await hydrated(p);
    await p.getByText("For a friend").click();
  });

  await page.goto(`${shop.base}/checkout`);
  await hydrated(page);
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByTestId("summary-gift-card")).toHaveCount(2);
  await expect(summary).toContainText("Gift cards$150.00");
  await page.getByLabel("Email address").fill(buyerEmail);
  await fillAddress(page, { fullName: "Bea Giver" });
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page.getByRole("button", { name: "Pay $150.00" })).toBeVisible();
  await payWithTestCard(page, "Bea Giver");
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByText("Gift cards", { exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  // The buyer's own card goes out once paid; the friend's waits for its day.
  await page.goto(`${shop.base}/dev/outbox`);
  const own = mailTo(page, buyerEmail, "Your $100.00 MANA gift card");
  await expect(own).toHaveCount(1);
  ownCode = ((await own.textContent()) ?? "").match(CODE)?.[0] ?? "";
  expect(ownCode).not.toBe("");
  await expect(mailTo(page, friendEmail, "gift card")).toHaveCount(0);

  await shop.stop();
  await shop.admin("jobs", "run-due", "--as-of", dayAfter(2));
  await shop.start();
  await page.goto(`${shop.base}/dev/outbox`);
  await expect(mailTo(page, buyerEmail, "Your $100.00 MANA gift card")).toHaveCount(1);
  await expect(mailTo(page, friendEmail, "gift card")).toHaveCount(0);

  await shop.stop();
  await shop.admin("jobs", "run-due", "--as-of", sendOn);
  await shop.start();
  await page.goto(`${shop.base}/dev/outbox`);
  const gift = mailTo(page, friendEmail, "Bea sent you a $50.00 MANA gift card");
  await expect(gift).toHaveCount(1);
  await expect(gift).toContainText("For the quiet evenings. Happy birthday!");
  friendCode = ((await gift.textContent()) ?? "").match(CODE)?.[0] ?? "";
  expect(friendCode).not.toBe("");
});

test("the friend pays half of a $100 order with the code and the card pays the rest; the balance page says what is left", async ({
  browser,
}) => {
  expect(friendCode).not.toBe("");
  const page = await newVisitor(browser);
  await page.goto(`${shop.base}/`);
  // Total Restore ($40) and two Korean Ginseng ($60): $100, shipping free.
  for (const [productId, quantity] of [
    [2, 1],
    [1, 2],
  ]) {
    const added = await page.request.post(`${shop.base}/api/cart`, {
      data: { productId, quantity, isSubscription: false },
    });
    expect(added.status()).toBe(201);
  }
  await page.goto(`${shop.base}/checkout`);
  await hydrated(page);
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary).toContainText("$100.00");

  // An unknown code is said beside the field.
  const field = page.getByLabel("Gift card", { exact: true });
  await field.fill("AAAA-BBBB-CCCC-DDDD");
  await page.getByRole("button", { name: "Apply" }).last().click();
  await expect(page.getByText("We don't know this gift card code.")).toBeVisible();
  await expect(field).toBeFocused();

  await field.fill(friendCode.toLowerCase());
  await field.press("Enter");
  const last4 = friendCode.slice(-4);
  await expect(page.getByTestId("applied-gift-cards")).toContainText(
    `Gift card ending ${last4}, $50.00 left`,
  );
  await expect(summary).toContainText("Paid with gift cards, credit or points-$50.00");
  await expect(summary.getByTestId("summary-tender")).toHaveText(`Gift card ending ${last4}-$50.00`);
  await expect(summary.getByTestId("summary-card-part")).toHaveText("To pay by card$50.00");
  await expect(page.getByRole("button", { name: "Proceed to Secure Checkout" })).toBeVisible();
  // On a phone the closed summary names what the card pays, not the order's $100.00.
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(page.getByTestId("summary-toggle-amount")).toBeVisible();
  await expect(page.getByTestId("summary-toggle-amount")).toHaveText("Due $50.00");
  await page.screenshot({ path: shot("checkout-gift-card-due-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await looks(page, "checkout-gift-card", async (p) => {
    await p.goto(`${shop.base}/checkout`);
    await hydrated(p);
    await expect(p.getByTestId("applied-gift-cards")).toBeVisible();
  });

  await page.getByLabel("Email address").fill(friendEmail);
  await fillAddress(page, { fullName: "Fern Friend" });
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page.getByRole("button", { name: "Pay $50.00" })).toBeVisible();
  await expect(page.getByText("Paid with gift cards, credit or points")).toBeVisible();
  await payWithTestCard(page, "Fern Friend");
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByText("Paid with gift cards, credit or points")).toBeVisible();
  await expect(page.getByText("Paid by card")).toBeVisible();

  await page.goto(`${shop.base}/gift-cards/balance`);
  await hydrated(page);
  await page.getByLabel("Gift card code").fill("ZZZZ-ZZZZ-ZZZZ-ZZZZ");
  await page.getByRole("button", { name: "Check balance" }).click();
  await expect(page.getByRole("alert")).toContainText("We don't know this gift card code.");
  await page.getByLabel("Gift card code").fill(friendCode);
  await page.getByRole("button", { name: "Check balance" }).click();
  const balance = page.getByTestId("gift-card-balance");
  await expect(balance).toContainText(`Gift card ending ${last4}`);
  await expect(balance).toContainText("$0.00 left");
  await expect(balance).toBeFocused();
  await looks(page, "gift-card-balance", async (p) => {
    await p.goto(`${shop.base}/gift-cards/balance`);
    await hydrated(p);
    await p.getByLabel("Gift card code").fill(friendCode);
    await p.getByRole("button", { name: "Check balance" }).click();
    await expect(p.getByTestId("gift-card-balance")).toBeVisible();
  });
});

test("an order a gift card pays in full is placed from the checkout and goes straight to the success page", async ({
  browser,
}) => {
  expect(ownCode).not.toBe("");
  const page = await newVisitor(browser);
  await page.goto(`${shop.base}/`);
  const added = await page.request.post(`${shop.base}/api/cart`, {
    data: { productId: 1, quantity: 1, isSubscription: false },
  });
  expect(added.status()).toBe(201);
  await page.goto(`${shop.base}/checkout`);
  await hydrated(page);
  await page.getByLabel("Gift card", { exact: true }).fill(ownCode);
  await page.getByLabel("Gift card", { exact: true }).press("Enter");
  const summary = page.getByRole("region", { name: "Order Summary" });
  // $30.00 + $5.95 shipping, all of it from the card's $100.
  await expect(summary.getByTestId("summary-card-part")).toHaveText("To pay by card$0.00");
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  await looks(page, "checkout-paid-in-full", async (p) => {
    await p.goto(`${shop.base}/checkout`);
    await hydrated(p);
    await expect(p.getByRole("button", { name: "Place order" })).toBeVisible();
  });
  await page.getByLabel("Email address").fill(buyerEmail);
  await fillAddress(page, { fullName: "Bea Giver" });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/success\?session_id=paid_by_balance_/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByText("Paid with gift cards, credit or points")).toBeVisible();

  await page.goto(`${shop.base}/gift-cards/balance`);
  await hydrated(page);
  await page.getByLabel("Gift card code").fill(ownCode);
  await page.getByRole("button", { name: "Check balance" }).click();
  await expect(page.getByTestId("gift-card-balance")).toContainText("$64.05 left");

  // Clear Cart takes the gift cards to buy out too.
  const line = await page.request.post(`${shop.base}/api/cart/gift-card-lines`, {
    data: { amountCents: 2500 },
  });
  expect(line.status()).toBe(201);
  await page.reload();
  await hydrated(page);
  const drawer = await openCart(page);
  await expect(drawer.getByTestId("cart-gift-card")).toHaveCount(1);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await drawer.getByRole("button", { name: "Clear Cart" }).click();
  await expect(drawer.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  expect(await (await page.request.get(`${shop.base}/api/cart/gift-card-lines`)).json()).toEqual([]);
});

test("a customer with store credit ticks Use my store credit: the summary and the card's part follow, the card pays the rest", async ({
  browser,
}) => {
  const customerEmail = `credit-${stamp}@example.com`;
  const customer = await signedUp(browser, shop.base, customerEmail, "Cora Credit");
  pages.push(customer);
  const owner = await signedUp(browser, shop.base, `owner-${stamp}@example.com`, "Olive Owner");
  pages.push(owner);
  await shop.stop();
  await shop.admin("users", "promote", `owner-${stamp}@example.com`);
  await shop.start();
  const session = await (await customer.request.get(`${shop.base}/api/auth/get-session`)).json();
  const given = await owner.request.post(`${shop.base}/api/admin/customers/${session.user.id}/credit`, {
    data: { amountCents: 1000, note: "Late parcel" },
    headers: { origin: shop.base },
  });
  expect(given.status()).toBe(200);

  await customer.emulateMedia({ reducedMotion: "reduce" });
  const added = await customer.request.post(`${shop.base}/api/cart`, {
    data: { productId: 1, quantity: 1, isSubscription: false },
  });
  expect(added.status()).toBe(201);
  await customer.goto(`${shop.base}/checkout`);
  await hydrated(customer);
  const summary = customer.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByTestId("summary-card-part")).toHaveCount(0);
  const credit = customer.getByRole("checkbox", { name: "Use my store credit ($10.00)" });
  await credit.check();
  await expect(summary.getByTestId("summary-tender")).toHaveText("Store credit-$10.00");
  await expect(summary.getByTestId("summary-card-part")).toHaveText("To pay by card$25.95");
  expect(await axeViolations(customer)).toEqual([]);
  // A reload keeps the choice (it is the cart's).
  await customer.reload();
  await hydrated(customer);
  await expect(credit).toBeChecked();
  await fillAddress(customer, { fullName: "Cora Credit" });
  await customer.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(customer.getByRole("button", { name: "Pay $25.95" })).toBeVisible();
  await payWithTestCard(customer, "Cora Credit");
  await expect(customer.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(customer.getByText("Paid by card")).toBeVisible();
  const orders = await (await customer.request.get(`${shop.base}/api/orders`)).json();
  await customer.goto(`${shop.base}/account/orders/${orders[0].orderNumber}`);
  await expect(
    customer.getByRole("term").filter({ hasText: "Paid with gift cards, credit or points" }),
  ).toBeVisible();
  await expect(customer.getByRole("definition").filter({ hasText: "$25.95" }).last()).toBeVisible();
});
