import { expect, type Locator, type Page, test } from "@playwright/test";
import { MANAGE_LINK_DAYS, manageToken } from "../server/subscriptions/manage-link.ts";
import { fillAddress } from "./support/address.ts";
import { axe, setTheme, THEMES } from "./support/looks.ts";
import { payWithTestCard, signedUp } from "./support/shopper.ts";

// Cancelling online, for everyone (decision 043): a guest opens the link from a subscription e-mail and
// cancels without an account; a signed-in customer cancels from the account page. Either way it takes two
// clicks: "Cancel" opens the confirmation, "Cancel subscription" confirms it.
test.describe.configure({ timeout: 180_000 });

/** The secret the journeys' shop signs with (playwright.config.ts), to make a link that has expired. */
const SHOP_SECRET = "e2e-secret-for-the-identity-journeys-0123456789";

/** Ticks the automatic-renewal box when checkout shows it (decision 042), once the page's script runs. */
async function agreeIfAsked(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const box = page.getByRole("checkbox", { name: /automatic renewal|renew/i });
  if (await box.count()) await box.check();
}

/** The outbox's messages to `to` whose text holds `subject`. */
const mailTo = (page: Page, to: string, subject: string | RegExp) =>
  page.getByRole("listitem").filter({ hasText: to }).filter({ hasText: subject });

async function noAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** Counts the clicks a journey makes, so that "two clicks" is measured, not assumed. */
function clickCounter() {
  let clicks = 0;
  return {
    click: async (target: Locator) => {
      clicks += 1;
      await target.click();
    },
    get count() {
      return clicks;
    },
  };
}

test("a guest opens the link from a subscription e-mail and cancels without an account, in two clicks", async ({
  browser,
}) => {
  const email = `guest-manage-${Date.now()}@example.com`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const added = await page.request.post("/api/cart", {
    data: { productId: 4, quantity: 1, isSubscription: true },
  });
  expect(added.status()).toBe(201);
  await page.goto("/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Email address").fill(email);
  await fillAddress(page, { fullName: "Gia Guest" });
  await agreeIfAsked(page);
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await payWithTestCard(page, "Gia Guest");

  // The link in the subscription's e-mail, opened as the guest would, signed in nowhere.
  await page.goto("/dev/outbox");
  const message = mailTo(page, email, "/subscriptions/manage/").first();
  await expect(message).toBeVisible();
  const href = await message
    .getByRole("link", { name: /\/subscriptions\/manage\// })
    .first()
    .getAttribute("href");
  expect(href).toBeTruthy();
  const guest = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const opened = await guest.goto(href as string);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  await expect(guest.getByRole("heading", { level: 1, name: "Your subscription" })).toBeVisible();
  const sub = guest
    .getByRole("article")
    .filter({ has: guest.getByRole("heading", { name: "Verdant Edge" }) });
  await expect(sub.getByText("$25.50 every month")).toBeVisible();
  await expect(sub.getByText("Active")).toBeVisible();
  await expect(sub.getByText(/^Next billing /)).toBeVisible();
  await expect(sub.getByRole("button")).toHaveText([/^Pause/, /^Skip next delivery/, /^Cancel/]);
  await expect(guest.locator("html")).toHaveAttribute("data-hydrated", "true");

  // axe on the page in both themes.
  for (const theme of THEMES) {
    await setTheme(guest, theme, new URL(href as string).origin);
    await guest.reload();
    await expect(guest.locator("html")).toHaveAttribute("data-theme", theme);
    await expect(guest.locator("html")).toHaveAttribute("data-hydrated", "true");
    await noAxeViolations(guest);
  }

  // The same link past its time: it says so, changes nothing, and e-mails a fresh one to the order's address.
  const subscriptionId = (new URL(href as string).pathname.split("/").pop() ?? "").split(".")[0] as string;
  const longAgo = new Date(Date.now() - (MANAGE_LINK_DAYS + 1) * 86_400_000);
  const expired = await guest.goto(
    `/subscriptions/manage/${manageToken(SHOP_SECRET, subscriptionId, longAgo)}`,
  );
  expect(expired?.status()).toBe(200);
  await expect(guest.getByRole("heading", { level: 1, name: "This link has expired" })).toBeVisible();
  await expect(guest.getByText("$25.50")).toHaveCount(0);
  await expect(guest.locator("html")).toHaveAttribute("data-hydrated", "true");
  await noAxeViolations(guest);
  await guest.getByRole("button", { name: "E-mail me a new link" }).click();
  await expect(guest.getByText("We sent a new link to this subscription's e-mail address")).toBeVisible();
  await page.goto("/dev/outbox");
  await expect(mailTo(page, email, "Your link to manage your Verdant Edge subscription")).toHaveCount(1);
  await guest.goto(href as string);
  await expect(guest.locator("html")).toHaveAttribute("data-hydrated", "true");

  const clicks = clickCounter();
  await clicks.click(sub.getByRole("button", { name: /^Cancel/ }));
  const dialog = guest.getByRole("dialog", { name: "Cancel Verdant Edge?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("It ends at the end of the period you have paid for");
  await noAxeViolations(guest);
  await clicks.click(dialog.getByRole("button", { name: "Cancel subscription" }));
  await expect(dialog).toBeHidden();
  await expect(sub.getByText("Cancelled")).toBeVisible();
  await expect(sub.getByRole("link", { name: /Subscribe again/ })).toBeVisible();
  expect(clicks.count).toBe(2);
  // Focus comes back to the subscription once its Cancel button is gone.
  await expect(sub.getByRole("heading", { name: "Verdant Edge" })).toBeFocused();

  // The cancellation e-mail, with the last paid day and the link again.
  await page.goto("/dev/outbox");
  const cancelled = mailTo(page, email, "Your Verdant Edge subscription is cancelled");
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled).toContainText("It ends on");
  await expect(cancelled).toContainText("/subscriptions/manage/");
  await context.close();
  await guest.context().close();
});

test("a tampered link is a 404 that names nothing", async ({ page }) => {
  const res = await page.goto(`/subscriptions/manage/${crypto.randomUUID()}.9999999999.forged`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Your subscription");
  await expect(page.getByRole("article")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Cancel|Pause|new link/ })).toHaveCount(0);
});

test("a signed-in customer cancels from the account page in two clicks", async ({ browser, baseURL }) => {
  const email = `account-cancel-${Date.now()}@example.com`;
  const page = await signedUp(browser, baseURL as string, email, "Cal Cancel");
  const added = await page.request.post("/api/cart", {
    data: { productId: 3, quantity: 1, isSubscription: true },
  });
  expect(added.status()).toBe(201);
  await page.goto("/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await fillAddress(page, { fullName: "Cal Cancel" });
  await agreeIfAsked(page);
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await payWithTestCard(page, "Cal Cancel");

  await page.goto("/account/subscriptions");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const sub = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Ashwagandha" }) });
  await expect(sub.getByText("Active")).toBeVisible();
  const clicks = clickCounter();
  await clicks.click(sub.getByRole("button", { name: /^Cancel/ }));
  const dialog = page.getByRole("dialog", { name: "Cancel Ashwagandha?" });
  await expect(dialog).toBeVisible();
  // The reason is optional: nothing else is asked before the confirming button.
  await clicks.click(dialog.getByRole("button", { name: "Cancel subscription" }));
  await expect(dialog).toBeHidden();
  await expect(sub.getByText("Cancelled")).toBeVisible();
  expect(clicks.count).toBe(2);
  await page.goto("/dev/outbox");
  await expect(mailTo(page, email, "Your Ashwagandha subscription is cancelled")).toHaveCount(1);
  await page.context().close();
});
