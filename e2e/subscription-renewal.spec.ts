import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { axe } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { agreeToRenewal } from "./support/shopper.ts";

// A month passes: `npm run admin -- subscriptions run-due --as-of …` renews what is due. A subscription paid
// with 4242 renews into an order in the history with its e-mail; one paid with 4000 0000 0000 0341 fails at
// renewal, the customer is e-mailed, saves a new card, and the retry goes through at once. On the embedded
// database the command runs while the shop is stopped, as an owner would.
test.describe.configure({ mode: "serial" });

const shop = new OwnShop("renewal");
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  await shop.start();
  context = await browser.newContext();
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await shop.stop();
});

async function subscribeAndPay(productId: number, card: string, total: string) {
  const res = await page.request.post(`${shop.base}/api/cart`, {
    data: { productId, quantity: 1, isSubscription: true },
  });
  expect(res.status()).toBe(201);
  await page.goto(`${shop.base}/checkout`);
  await expect(page.getByRole("heading", { name: "Shipping address" })).toBeVisible();
  // The first checkout saves the address; the next one preselects it.
  if (await page.getByRole("group", { name: "Ship to" }).isHidden()) await fillAddress(page);
  await agreeToRenewal(page);
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Rene Renewal");
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_/);
  await expect(page.getByText("Your order number")).toBeVisible();
}

interface Sub {
  id: string;
  productName: string;
  status: string;
  nextBillingDate: string | null;
}
const subscriptionsNow = async () =>
  (await (await page.request.get(`${shop.base}/api/subscriptions`)).json()) as Sub[];

/** The outbox entry whose subject contains `subject`, to `to`. */
const mailTo = (to: string, subject: string | RegExp) =>
  page.getByRole("listitem").filter({ hasText: to }).filter({ hasText: subject });

test("a month later one subscription renews into an order; the 0341 card fails, a new card retries it at once", async () => {
  test.setTimeout(300_000);
  const email = `renew-${Date.now()}@example.com`;
  await page.goto(`${shop.base}/auth?tab=signup`);
  await page.getByLabel("Full Name").fill("Rene Renewal");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");

  // Ashwagandha ($30 less 15% = $25.50, plus shipping) with 4242; Korean Ginseng the same with 0341.
  await subscribeAndPay(3, "4242 4242 4242 4242", "$31.45");
  await subscribeAndPay(1, "4000 0000 0000 0341", "$31.45");
  const before = await subscriptionsNow();
  expect(before.map((s) => s.status)).toEqual(["active", "active"]);
  const due = new Date(before[0]?.nextBillingDate as string);
  // The day of the renewal: it runs; its first retry (a day later) is not due yet.
  const asOf = due.toISOString().slice(0, 10);

  // The owner (or the scheduler) runs what is due a month later.
  await shop.stop();
  const ran = await shop.admin("subscriptions", "run-due", "--as-of", asOf);
  expect(ran.stdout).toContain("1 renewed, 1 failed (to be retried)");
  // Twice changes nothing.
  expect((await shop.admin("subscriptions", "run-due", "--as-of", asOf)).stdout).toContain(
    "0 renewed, 0 failed",
  );
  await shop.start();

  // The renewal is an order in the history, marked as a renewal, with its e-mail.
  await page.goto(`${shop.base}/account/orders`);
  const renewal = page.getByRole("listitem").filter({ hasText: "Subscription renewal" });
  await expect(renewal).toHaveCount(1);
  await expect(renewal).toContainText("Ashwagandha");
  await expect(renewal).toContainText("$25.50");
  await page.goto(`${shop.base}/dev/outbox`);
  await expect(mailTo(email, "Your MANA subscription renewed")).toHaveCount(1);
  // The failed one: an e-mail saying so, with the date of the next try and where to update the card.
  const failed = mailTo(email, "We could not renew your Korean Ginseng subscription");
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText("We will try again on");
  await expect(failed).toContainText(`${shop.base}/account/subscriptions`);

  const pastDue = (await subscriptionsNow()).find((s) => s.productName === "Korean Ginseng") as Sub;
  expect(pastDue.status).toBe("past_due");

  // The customer saves a new card; the renewal is charged at once.
  await page.goto(`${shop.base}/account/subscriptions/${pastDue.id}/card`);
  await expect(page.getByRole("heading", { name: "Update card" })).toBeVisible();
  await expect(page.getByText("we charge the new card as soon as you save it")).toBeVisible();
  expect((await axe(page).analyze()).violations).toEqual([]);
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Rene Renewal");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByRole("alert")).toContainText("Your card was declined");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  // Back on the Subscriptions tab once the retry has run, told that it went through: the page reads the
  // outcome (`?card=renewed`) into its toast and then drops it from the address, so a reload does not say it
  // twice; the address alone would be a race with that.
  await expect(page.getByRole("region", { name: /Notification/ })).toContainText(
    "Card updated and your renewal went through",
  );
  await expect(page).toHaveURL(/\/account\/subscriptions$/);

  const after = (await subscriptionsNow()).find((s) => s.id === pastDue.id) as Sub;
  expect(after.status).toBe("active");
  expect(new Date(after.nextBillingDate as string).getTime()).toBeGreaterThan(due.getTime());
  await page.goto(`${shop.base}/account/orders`);
  await expect(page.getByRole("listitem").filter({ hasText: "Subscription renewal" })).toHaveCount(2);
  await page.goto(`${shop.base}/dev/outbox`);
  await expect(mailTo(email, "Your MANA subscription renewed")).toHaveCount(2);
  await expect(mailTo(email, "Your Korean Ginseng subscription has a new card")).toHaveCount(1);
});
