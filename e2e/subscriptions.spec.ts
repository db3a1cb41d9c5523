import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { formatDate } from "../app/lib/format-date.ts";
import type { SubscriptionView } from "../core/contracts/subscriptions.ts";
import { addMonths } from "../core/subscription-rules.ts";
import { fillAddress } from "./support/address.ts";
import { axe, setTheme } from "./support/looks.ts";
import { agreeToRenewal } from "./support/shopper.ts";

// A customer's subscriptions, from the shop to the account page: subscribe to a product and to a stack,
// pay, then pause, resume, skip, modify and cancel, each confirmed in a dialog, shown on the card at once
// and e-mailed. One customer for the whole journey, so the steps run in order in one browser session.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const email = `subscriber-${Date.now()}@example.com`;
let context: BrowserContext;
let page: Page;

const toastRegion = (p: Page) => p.getByRole("region", { name: /Notification/ });
const card = (name: string | RegExp): Locator =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name }) });

async function closeToast() {
  await toastRegion(page).getByRole("button", { name: "Close notification" }).click();
  await expect(toastRegion(page).getByRole("listitem")).toHaveCount(0);
}

async function expectToast(title: string, description?: string | RegExp) {
  const shown = toastRegion(page);
  await expect(shown).toContainText(title);
  if (description) await expect(shown).toContainText(description);
  await closeToast();
}

async function noAxeViolations() {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

async function subscriptions(): Promise<SubscriptionView[]> {
  return (await page.request.get("/api/subscriptions")).json();
}

async function subscriptionOf(productName: string, bundleId = ""): Promise<SubscriptionView> {
  const found = (await subscriptions()).find((s) => s.productName === productName && s.bundleId === bundleId);
  if (!found) throw new Error(`no ${productName} subscription`);
  return found;
}

/** Opens a dialog from the card's button and confirms it with `confirm` after `choose` picks. */
async function act(
  on: Locator,
  button: RegExp,
  dialogName: string | RegExp,
  confirm: string,
  choose?: (dialog: Locator) => Promise<void>,
) {
  await on.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  await choose?.(dialog);
  await dialog.getByRole("button", { name: confirm }).click();
  await expect(dialog).toBeHidden();
}

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

test("a customer subscribes to a product and to a stack, pays, and sees both on the Subscriptions tab", async () => {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Full Name").fill("Sam Subscriber");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
  await closeToast();
  await page.getByRole("tab", { name: "Subscriptions" }).click();
  await expect(page.getByText("No active subscriptions")).toBeVisible();

  await page.goto("/products/verdant-edge");
  await page.getByRole("radio", { name: /Subscribe & save 15%/ }).check();
  await page.getByRole("button", { name: /^Add to cart/ }).click();
  await expect(toastRegion(page).getByText("Added to cart", { exact: true })).toBeVisible();

  // The stack's page shows what it costs as a subscription, below its one-time price.
  await page.goto("/stacks/focus-and-calm");
  await expect(page.getByText("$40.80/month")).toBeVisible();
  await page.getByRole("button", { name: "Subscribe & Save 20%" }).click();
  await expect(toastRegion(page).getByText("Added to cart", { exact: true })).toBeVisible();

  await page.goto("/checkout");
  await fillAddress(page, { fullName: "Sam Subscriber" });
  await agreeToRenewal(page);
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Sam Subscriber");
  // Verdant Edge at 15% off ($25.50) and the stack at $51.00 less 20% ($40.80).
  await page.getByRole("button", { name: "Pay $66.30" }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();

  await page.goto("/account/subscriptions");
  await expect(page.getByRole("heading", { name: "Your subscriptions" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(3);
  const verdant = await subscriptionOf("Verdant Edge");
  const product = card("Verdant Edge");
  await expect(product.getByText("$25.50 every month")).toBeVisible();
  await expect(product.getByText("Active")).toBeVisible();
  await expect(product.getByText(`Next billing ${formatDate(verdant.nextBillingDate)}`)).toBeVisible();
  await expect(product.getByText("Sam Subscriber, 1 Main St, Springfield")).toBeVisible();
  await expect(product.getByText("Visa ending 4242")).toBeVisible();
  for (const name of ["Korean Ginseng", "Ashwagandha"]) {
    await expect(card(name).getByText("$20.40 every month")).toBeVisible();
    await expect(card(name).getByText("Part of the Focus & Calm Stack")).toBeVisible();
  }
  // Exactly the actions an active subscription allows.
  await expect(product.getByRole("button")).toHaveText([
    /^Update card/,
    /^Pause/,
    /^Skip next delivery/,
    /^Modify/,
    /^Cancel/,
  ]);
});

test("pause, resume and skip: each confirmed, shown on the card and e-mailed", async () => {
  await page.goto("/account/subscriptions");
  const product = card("Verdant Edge");
  const before = await subscriptionOf("Verdant Edge");
  const next = new Date(before.nextBillingDate as string);

  // Pause for a month: it resumes by itself a month after the date it was due.
  const pausedUntil = formatDate(addMonths(next, 1));
  await act(product, /^Pause/, "Pause Verdant Edge?", "Pause subscription", async (dialog) => {
    await expect(dialog.getByText(`Starts again on ${pausedUntil}`)).toBeVisible();
    await dialog.getByRole("radio", { name: /1 month/ }).check();
  });
  // The Pause button is gone: focus lands on the subscription's name.
  await expect(product.getByRole("heading", { level: 3 })).toBeFocused();
  await expectToast("Subscription paused", `Verdant Edge is paused until ${pausedUntil}.`);
  await expect(product.getByText(`Paused until ${pausedUntil}`)).toBeVisible();
  await expect(product.getByText("Paused", { exact: true })).toBeVisible();
  await expect(product.getByRole("button", { name: /^Pause/ })).toHaveCount(0);
  await expect(product.getByRole("button", { name: /^Skip/ })).toHaveCount(0);

  await act(product, /^Resume/, "Resume Verdant Edge?", "Resume subscription");
  await expectToast("Subscription resumed", `Next billing ${pausedUntil}.`);
  await expect(product.getByText(`Next billing ${pausedUntil}`)).toBeVisible();
  await expect(product.getByText("Active")).toBeVisible();

  const afterSkip = formatDate(addMonths(addMonths(next, 1), 1));
  await act(product, /^Skip next delivery/, "Skip the next delivery?", "Skip delivery", async (dialog) => {
    await expect(dialog.getByText(`The one after comes on ${afterSkip}.`)).toBeVisible();
  });
  await expectToast("Next delivery skipped", `Next billing ${afterSkip}.`);
  await expect(product.getByText(`Next billing ${afterSkip}`)).toBeVisible();

  await expectMail([
    "Your Verdant Edge subscription is paused",
    "Your Verdant Edge subscription is back on",
    "Your next Verdant Edge delivery is skipped",
  ]);
});

test("Modify: frequency, quantity, product, next date and address, one change at a time", async () => {
  await page.goto("/account/subscriptions");
  const product = card("Verdant Edge");
  const modify = (confirm: string, choose: (dialog: Locator) => Promise<void>) =>
    act(product, /^Modify/, /^Modify/, confirm, choose);

  // A choice that changes nothing is caught before anything is sent.
  await product.getByRole("button", { name: /^Modify/ }).click();
  const dialog = page.getByRole("dialog", { name: "Modify Verdant Edge" });
  await dialog.getByRole("button", { name: "Save frequency" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "It already ships every month. Choose another frequency.",
  );
  await dialog.getByRole("button", { name: "Keep as it is" }).click();
  await expect(dialog).toBeHidden();
  await expect(product.getByRole("button", { name: /^Modify/ })).toBeFocused();

  await modify("Save frequency", async (d) => {
    await d.getByRole("radio", { name: "Every 2 months" }).check();
  });
  await expectToast("Frequency changed", "Verdant Edge now ships every 2 months.");
  await expect(product.getByText("$25.50 every 2 months")).toBeVisible();

  await modify("Save quantity", async (d) => {
    await d.getByRole("radio", { name: "Quantity" }).check();
    await d.getByRole("button", { name: "Increase quantity of Verdant Edge" }).click();
    await expect(d.getByText("$51.00 every 2 months")).toBeVisible();
  });
  await expectToast("Quantity changed", "Verdant Edge: 2 per delivery, $51.00 every 2 months.");
  await expect(card("2x Verdant Edge").getByText("$51.00 every 2 months")).toBeVisible();

  const swapped = card("2x Total Restore");
  await act(card("2x Verdant Edge"), /^Modify/, /^Modify/, "Swap product", async (d) => {
    await d.getByRole("radio", { name: "Product" }).check();
    await expect(d.getByRole("radio", { name: /2x Verdant Edge/ })).toBeDisabled();
    await d.getByRole("radio", { name: /2x Total Restore/ }).check();
  });
  await expectToast("Product swapped", "Total Restore replaces Verdant Edge, $68.00 every 2 months.");
  await expect(swapped.getByText("$68.00 every 2 months")).toBeVisible();

  // The next date: a native date input from tomorrow to 60 days from today.
  const target = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await act(swapped, /^Modify/, /^Modify/, "Move delivery", async (d) => {
    await d.getByRole("radio", { name: "Next date" }).check();
    const input = d.getByLabel("Next delivery date");
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await expect(input).toHaveAttribute("min", tomorrow);
    await input.fill(target);
  });
  await expectToast("Next delivery moved", `Next billing ${formatDate(`${target}T12:00:00Z`)}.`);
  await expect(swapped.getByText(`Next billing ${formatDate(`${target}T12:00:00Z`)}`)).toBeVisible();

  // Another saved address from the address book.
  const saved = await page.request.post("/api/addresses", {
    data: {
      fullName: "Sam Subscriber",
      line1: "9 Elm Road",
      line2: null,
      city: "Portland",
      region: "OR",
      postalCode: "97201",
      country: "US",
      phone: null,
      makeDefault: false,
    },
  });
  expect(saved.status()).toBe(201);
  await act(swapped, /^Modify/, /^Modify/, "Ship here", async (d) => {
    await d.getByRole("radio", { name: "Address" }).check();
    await d.getByRole("radio", { name: /9 Elm Road/ }).check();
  });
  await expectToast(
    "Shipping address changed",
    "Total Restore ships to Sam Subscriber, 9 Elm Road, Portland.",
  );
  await expect(swapped.getByText("Sam Subscriber, 9 Elm Road, Portland")).toBeVisible();

  await expectMail([
    "Your Verdant Edge subscription now ships every 2 months",
    "Your Verdant Edge subscription now ships 2 at a time",
    "Your subscription now sends Total Restore",
    "Your next Total Restore delivery has a new date",
    "Your Total Restore subscription ships to a new address",
  ]);
});

test("a refusal from the server shows in the dialog, and the card shows the subscription as it is", async () => {
  await page.goto("/account/subscriptions");
  const ginseng = card("Korean Ginseng");
  await ginseng.getByRole("button", { name: /^Pause/ }).click();
  const dialog = page.getByRole("dialog", { name: "Pause Korean Ginseng?" });
  // Meanwhile, in another tab, the same subscription is paused.
  const { id } = await subscriptionOf("Korean Ginseng", "focus-and-calm");
  const elsewhere = await page.request.post(`/api/subscriptions/${id}/pause`, { data: { months: null } });
  expect(elsewhere.status()).toBe(200);
  await dialog.getByRole("button", { name: "Pause subscription" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("This subscription is already paused.");
  await dialog.getByRole("button", { name: "Keep as it is" }).click();
  await expect(ginseng.getByText("Paused", { exact: true })).toHaveCount(2);
  await expect(ginseng.getByRole("button", { name: /^Resume/ })).toBeVisible();
});

test("a change that cannot reach the shop says so in the dialog, and the page stays", async () => {
  await page.goto("/account/subscriptions");
  const ginseng = card("Korean Ginseng");
  await ginseng.getByRole("button", { name: /^Resume/ }).click();
  const dialog = page.getByRole("dialog", { name: "Resume Korean Ginseng?" });
  // The connection drops as the change is sent.
  const write = (url: URL) => url.pathname === "/account.data";
  await page.route(write, (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
  );
  await dialog.getByRole("button", { name: "Resume subscription" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "We couldn't reach the shop. Check your connection and try again.",
  );
  await page.unroute(write);
  await dialog.getByRole("button", { name: "Resume subscription" }).click();
  await expectToast("Subscription resumed", "Korean Ginseng is active again.");
  await expect(ginseng.getByRole("button", { name: /^Pause/ })).toBeVisible();
});

test("cancel: it runs to the end of the period paid for, then offers to subscribe again", async () => {
  await page.goto("/account/subscriptions");
  const swapped = card("2x Total Restore");
  const { nextBillingDate } = await subscriptionOf("Total Restore");
  const ends = formatDate(nextBillingDate);
  await act(swapped, /^Cancel/, "Cancel 2x Total Restore?", "Cancel subscription", async (dialog) => {
    await expect(dialog.getByText(`on ${ends}`)).toBeVisible();
    await dialog.getByLabel("Why are you cancelling? (optional)").selectOption("It is too expensive");
  });
  await expectToast("Subscription cancelled", `Total Restore ends on ${ends}.`);
  await expect(swapped.getByText(`Ends on ${ends}`)).toBeVisible();
  await expect(swapped.getByText("Next billing")).toHaveCount(0);
  await expect(swapped.getByText("Cancelled")).toBeVisible();
  await expect(swapped.getByRole("button")).toHaveCount(0);
  await expect(swapped.getByRole("link", { name: /Subscribe again/ })).toHaveAttribute(
    "href",
    "/products/total-restore",
  );
  await expectMail(["Your Total Restore subscription is cancelled"]);
});

test("a stack's line shows, before it is confirmed, the server's price once it leaves its stack", async () => {
  await page.goto("/account/subscriptions");
  const ginseng = card("Korean Ginseng");
  await ginseng.getByRole("button", { name: /^Modify/ }).click();
  const modify = page.getByRole("dialog", { name: "Modify Korean Ginseng" });
  await modify.getByRole("radio", { name: "Quantity" }).check();
  await modify.getByRole("button", { name: "Increase quantity of Korean Ginseng" }).click();
  // Two on its own at $30 less 15%, not twice its $20.40 share of the stack.
  await expect(modify.getByTestId("quantity-price")).toHaveText("$51.00 every month");
  await expect(modify.getByTestId("stack-leave-note")).toContainText("Ashwagandha: $25.50 every month");
  await modify.getByRole("button", { name: "Keep as it is" }).click();
  await expect(modify).toBeHidden();

  await card("Ashwagandha")
    .getByRole("button", { name: /^Cancel/ })
    .click();
  const cancel = page.getByRole("dialog", { name: "Cancel Ashwagandha?" });
  await expect(cancel.getByTestId("stack-leave-note")).toContainText("regular subscription price");
  await expect(cancel.getByTestId("stack-leave-note")).toContainText("Korean Ginseng: $25.50 every month");
  await cancel.getByRole("button", { name: "Keep subscription" }).click();
  await expect(cancel).toBeHidden();
  await expect(ginseng.getByText("$20.40 every month")).toBeVisible();
});

test("Update card opens the save-card page and comes back with a toast", async () => {
  await page.goto("/account/subscriptions");
  const ashwagandha = card("Ashwagandha");
  await ashwagandha.getByRole("button", { name: /^Update card/ }).click();
  await expect(page).toHaveURL(/\/account\/subscriptions\/[0-9a-f-]{36}\/card$/);
  await expect(page.getByRole("heading", { name: "Update card" })).toBeVisible();
  // Accepted now, declined at renewal: the lead's API tests follow that renewal; here the card is saved.
  await page.getByLabel("Card number").fill("4000 0000 0000 0341");
  await page.getByLabel("Expiry (MM / YY)").fill("11 / 33");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Sam Subscriber");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page).toHaveURL(/\/account\/subscriptions$/);
  await expectToast("Card updated");
  await expect(card("Ashwagandha").getByText("Visa ending 0341")).toBeVisible();
});

test("the Subscriptions tab has no accessibility violations and fits a phone, with a dialog open, in both themes", async () => {
  for (const [theme, width] of [
    ["light", 1280],
    ["dark", 1280],
    ["dark", 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await setTheme(page, theme);
    await page.goto("/account/subscriptions");
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expect(page.getByRole("article")).toHaveCount(3);
    await noAxeViolations();
    await card("Ashwagandha")
      .getByRole("button", { name: /^Modify/ })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("radio", { name: "Product" }).check();
    await expect(dialog.getByRole("radio", { name: /Total Restore/ })).toBeVisible();
    await noAxeViolations();
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.keyboard.press("Escape");
    await expect(card("Ashwagandha").getByRole("button", { name: /^Modify/ })).toBeFocused();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("the home bundle's Subscribe & Save 20% puts the four products in the cart as a subscription at $80", async ({
  page: visitor,
}) => {
  await visitor.goto("/");
  const bundle = visitor.getByRole("region", { name: "The Complete MANA System" });
  await expect(bundle.getByText("$80/month")).toBeVisible();
  await bundle.getByRole("button", { name: "Subscribe & Save 20%" }).click();
  await expect(visitor).toHaveURL(/\/checkout$/);
  const items = (await (await visitor.request.get("/api/cart")).json()) as Array<{
    productId: number;
    quantity: number;
    isSubscription: boolean;
    bundleId: string;
  }>;
  expect(items.map((i) => [i.productId, i.quantity, i.isSubscription, i.bundleId]).sort()).toEqual([
    [1, 1, true, "complete-mana-system"],
    [2, 1, true, "complete-mana-system"],
    [3, 1, true, "complete-mana-system"],
    [4, 1, true, "complete-mana-system"],
  ]);
  await visitor.getByRole("button", { name: /^Open cart/ }).click();
  const drawer = visitor.getByRole("dialog", { name: "Your MANA Cart" });
  await expect(drawer.getByTestId("cart-total")).toHaveText("$80.00");
});

/** Each subject, to this customer, in the dev outbox. */
async function expectMail(subjects: string[]) {
  await page.goto("/dev/outbox");
  for (const subject of subjects) {
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: email })
        .filter({ has: page.getByRole("heading", { name: subject, exact: true }) }),
    ).toHaveCount(1);
  }
}
