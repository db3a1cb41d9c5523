import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { axe, checkLooks, setTheme } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { agreeToRenewal, signedUp } from "./support/shopper.ts";

// Consent to automatic renewal at checkout (docs/decisions/042-renewal-consent-at-checkout.md): the terms
// beside the pay button, a box the checkout waits for, the terms restated in the confirmation with a manage
// link, and the consent on the owner's dashboard and in its CSV.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("renewal-consent");
const stamp = Date.now();
const guestEmail = `renews-${stamp}@example.com`;
const ownerEmail = `owner-${stamp}@example.com`;
const BOX = /renews automatically/;
const REFUSED = "Please tick the box to agree to the automatic renewal of your subscription before you pay.";

let owner: Page;

test.beforeAll(async () => {
  await shop.start();
});

test.afterAll(async () => {
  await owner?.context().close();
  await shop.stop();
});

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

async function axeViolations(page: Page) {
  const results = await axe(page).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** Total Restore as a subscription in this page's cart ($40.00 less 15%: $34.00 a month). */
async function subscriptionInCart(page: Page) {
  const added = await page.request.post(`${shop.base}/api/cart`, {
    data: { productId: 2, quantity: 1, isSubscription: true },
  });
  expect(added.status()).toBe(201);
}

test("a guest's subscription pays only once the renewal box is ticked; the confirmation restates the terms with a manage link", async ({
  page,
}) => {
  await subscriptionInCart(page);
  await page.goto(`${shop.base}/checkout`);
  await hydrated(page);
  const terms = page.getByRole("region", { name: "Automatic renewal" });
  await expect(terms.getByRole("listitem")).toHaveText(["Total Restore: $34.00 every month, shipping free"]);
  await expect(terms).toContainText("until you cancel");
  await expect(terms).toContainText(
    /The first renewal is charged one month after you pay: on \w+ \d{1,2}, \d{4}/,
  );
  await expect(terms).toContainText("Cancelling stops every later renewal and charge");
  const box = page.getByRole("checkbox", { name: BOX });
  await expect(box).not.toBeChecked();

  await page.getByLabel("Email address").fill(guestEmail);
  await fillAddress(page, { fullName: "Rita Renews" });
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(terms.getByRole("alert")).toHaveText(REFUSED);
  await expect(box).toBeFocused();
  await expect(box).toHaveAccessibleDescription(REFUSED);
  await expect(page).toHaveURL(`${shop.base}/checkout`);
  expect(await axeViolations(page)).toEqual([]);

  // The server says the same to a client that skips the box.
  const cartItems = (await (await page.request.get(`${shop.base}/api/cart`)).json()).map(
    (i: { productId: number; quantity: number; isSubscription: boolean; bundleId: string | null }) => ({
      productId: i.productId,
      quantity: i.quantity,
      isSubscription: i.isSubscription,
      bundleId: i.bundleId,
    }),
  );
  const refused = await page.request.post(`${shop.base}/api/checkout/create-session`, {
    data: { email: guestEmail, cartItems },
    headers: { origin: shop.base },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ code: "renewal_consent_required", message: REFUSED });

  await agreeToRenewal(page);
  await expect(terms.getByRole("alert")).toHaveCount(0);
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await hydrated(page);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Rita Renews");
  await page.getByRole("button", { name: "Pay $39.95" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();

  await page.goto(`${shop.base}/dev/outbox`);
  const confirmation = page
    .getByRole("listitem")
    .filter({ hasText: guestEmail })
    .filter({ has: page.getByRole("heading", { name: /Your MANA order MANA-\w+ is confirmed/ }) });
  await expect(confirmation).toContainText("The automatic renewal you agreed to at checkout:");
  await expect(confirmation).toContainText("Total Restore: $34.00 every month, shipping free");
  await expect(confirmation).toContainText("Cancel at any time online");
  await expect(confirmation.locator('a[href*="/subscriptions/manage/"]')).toHaveCount(1);
});

test("the owner sees the consent on the subscription's page and downloads it in the CSV", async ({
  browser,
}) => {
  owner = await signedUp(browser as Browser, shop.base, ownerEmail, "Olive Owner");
  expect((await shop.admin("users", "promote", ownerEmail)).stdout).toContain(`${ownerEmail} is now admin`);
  await owner.goto(`${shop.base}/admin/subscriptions?q=${encodeURIComponent(guestEmail)}`);
  await owner.getByRole("main").getByRole("link", { name: "Total Restore" }).click();
  const consent = owner.getByRole("region", { name: "Renewal consent" });
  await expect(consent).toContainText("Terms version");
  await expect(consent).toContainText(guestEmail);
  await expect(consent).toContainText("Total Restore: $34.00 every month, shipping free");
  await expect(consent).toContainText(/[0-9a-f]{64}/);
  await expect(consent).toContainText("127.0.0.1");
  await expect(consent).toContainText("Mozilla/5.0");

  await owner.goto(`${shop.base}/admin/subscriptions`);
  await hydrated(owner);
  const downloading = owner.waitForEvent("download");
  await owner.getByRole("button", { name: "Download renewal consents (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("renewal-consents.csv");
  const csv = await readFile((await download.path()) as string, "utf8");
  expect(csv.split("\r\n")[0]).toContain('"consented_at","order_number","email"');
  expect(csv).toContain(`"${guestEmail}"`);
  expect(csv).toContain("Total Restore: $34.00 every month, shipping free");
});

test("the checkout with a subscription and the owner's subscription page, light and dark, wide and narrow", async ({
  page,
}) => {
  await subscriptionInCart(page);
  await checkLooks(page, shop.base, [["checkout-renewal", "/checkout"]], async (p) => {
    await expect(p.getByRole("checkbox", { name: BOX })).toBeVisible();
  });
  await owner.goto(`${shop.base}/admin/subscriptions?q=${encodeURIComponent(guestEmail)}`);
  const path = new URL(
    (await owner
      .getByRole("main")
      .getByRole("link", { name: "Total Restore" })
      .getAttribute("href")) as string,
    shop.base,
  ).pathname;
  await checkLooks(
    owner,
    shop.base,
    [
      ["admin-subscription-consent", path],
      ["admin-subscriptions", "/admin/subscriptions"],
    ],
    async (p, name) => {
      if (name === "admin-subscription-consent")
        await expect(p.getByRole("heading", { name: "Renewal consent" })).toBeVisible();
    },
  );
  await setTheme(owner, "light", shop.base);
});
