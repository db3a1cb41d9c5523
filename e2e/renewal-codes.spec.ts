import { cpSync, mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { openDatabase } from "../server/db/client.ts";
import { discountCodes } from "../server/db/schema.ts";
import { manageToken } from "../server/subscriptions/manage-link.ts";
import { fillAddress } from "./support/address.ts";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { agreeToRenewal, payWithTestCard, signedUp } from "./support/shopper.ts";

// A code for the first three renewals (docs/decisions/046-discount-codes.md, core/renewal-promo.ts): the
// checkout's renewal terms say what the discounted renewals cost and for how many; the subscription page
// says how many are left; `npm run admin -- subscriptions run-due --as-of …` renews three times discounted,
// then at full price. On the embedded database the command and the code's insertion run while the shop is
// stopped, as an owner would.
test.describe.configure({ mode: "serial", timeout: 300_000 });

const shop = new OwnShop("renewal-codes");
const CODE = "THREEOFF";
const email = `renew-code-${Date.now()}@example.com`;
/** OwnShop's secret: manage links are signed with it (server/subscriptions/manage-link.ts). */
const SHOP_SECRET = "e2e-secret-for-journeys-with-their-own-shop-0123456789";
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  await shop.start();
  page = await signedUp(browser, shop.base, email, "Cody Renewal");
  await shop.stop();
  // The owner's code: 10% off, on the first order and its first three renewals.
  const database = await openDatabase({ dataDir: shop.dataDir });
  try {
    await database.db
      .insert(discountCodes)
      .values({ code: CODE, kind: "percent", percent: 10, renewals: "first_n", renewalCount: 3 })
      .onConflictDoNothing();
  } finally {
    await database.close();
  }
  await shop.admin("users", "promote", email);
  await shop.start();
});

test.afterAll(async () => {
  await page?.context().close();
  await shop.stop();
});

interface Sub {
  id: string;
  nextBillingDate: string;
  discountLine: string | null;
}
const subscriptionNow = async () =>
  ((await (await page.request.get(`${shop.base}/api/subscriptions`)).json()) as Sub[])[0] as Sub;
const day = (iso: string, addMonths = 0) => {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() + addMonths);
  return d.toISOString().slice(0, 10);
};

/** The owner runs what is due up to `asOf` with the shop stopped. */
async function runDue(asOf: string) {
  await shop.stop();
  const ran = await shop.admin("subscriptions", "run-due", "--as-of", asOf);
  await shop.start();
  return ran.stdout;
}

test("a code for the first three renewals: told at checkout, three renewals discounted, then full price", async () => {
  // Ashwagandha as a subscription: $30.00 less 15% = $25.50 a month; 10% off is $2.55, so $22.95.
  expect(
    (
      await page.request.post(`${shop.base}/api/cart`, {
        data: { productId: 3, quantity: 1, isSubscription: true },
      })
    ).status(),
  ).toBe(201);
  const applied = await page.request.post(`${shop.base}/api/cart/code`, {
    data: { code: CODE.toLowerCase() },
  });
  expect(applied.status()).toBe(200);

  await page.goto(`${shop.base}/checkout`);
  await expect(page.getByRole("heading", { name: "Shipping address" })).toBeVisible();
  await expect(
    page.getByText(
      `Ashwagandha: $22.95 every month for the first 3 renewals with the code ${CODE}, then $25.50 every month, shipping free`,
    ),
  ).toBeVisible();
  await fillAddress(page);
  await agreeToRenewal(page);
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await payWithTestCard(page, "Cody Renewal");

  const bought = await subscriptionNow();
  expect(bought.discountLine).toBe(`${CODE}: 3 discounted renewals left ($22.95 each, $2.55 off)`);
  await page.goto(`${shop.base}/account/subscriptions`);
  await expect(page.getByTestId("subscription-discount")).toHaveText(
    `${CODE}: 3 discounted renewals left ($22.95 each, $2.55 off)`,
  );

  // The first renewal: discounted, two left.
  expect(await runDue(day(bought.nextBillingDate))).toContain("1 renewed");
  await page.goto(`${shop.base}/account/subscriptions`);
  await expect(page.getByTestId("subscription-discount")).toHaveText(
    `${CODE}: 2 discounted renewals left ($22.95 each, $2.55 off)`,
  );
  // Twice for the same day changes nothing.
  expect(await runDue(day(bought.nextBillingDate))).toContain("0 renewed");

  // The next three months: two more discounted, then the full price, and the page says none are left.
  expect(await runDue(day(bought.nextBillingDate, 3))).toContain("3 renewed");
  await page.goto(`${shop.base}/account/orders`);
  const renewals = page.getByRole("listitem").filter({ hasText: "Subscription renewal" });
  await expect(renewals).toHaveCount(4);
  const orders = (await (await page.request.get(`${shop.base}/api/orders`)).json()) as {
    isRenewal: boolean;
    totalAmount: string;
    createdAt: string;
    totals: { discountCode: string | null };
  }[];
  const renewalTotals = orders
    .filter((o) => o.isRenewal)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((o) => [o.totalAmount, o.totals.discountCode]);
  expect(renewalTotals).toEqual([
    ["22.95", CODE],
    ["22.95", CODE],
    ["22.95", CODE],
    ["25.50", null],
  ]);
  expect((await subscriptionNow()).discountLine).toBeNull();
  await page.goto(`${shop.base}/account/subscriptions`);
  await expect(page.getByRole("heading", { level: 3, name: "Ashwagandha" })).toBeVisible();
  await expect(page.getByTestId("subscription-discount")).toHaveCount(0);

  // A renewal's e-mail shows the discount row.
  await page.goto(`${shop.base}/dev/outbox`);
  const renewed = page
    .getByRole("listitem")
    .filter({ hasText: email })
    .filter({ hasText: "Your MANA subscription renewed" });
  await expect(renewed).toHaveCount(4);
  await expect(renewed.filter({ hasText: `Discount (${CODE})` })).toHaveCount(3);
});

test("the subscription's pages with a code still discounting: account, manage link and the owner's, both themes", async ({
  browser,
}) => {
  // A second subscription bought with the code (it may be used more than once), its renewals all to come.
  expect(
    (
      await page.request.post(`${shop.base}/api/cart`, {
        data: { productId: 1, quantity: 1, isSubscription: true },
      })
    ).status(),
  ).toBe(201);
  expect((await page.request.post(`${shop.base}/api/cart/code`, { data: { code: CODE } })).status()).toBe(
    200,
  );
  await page.goto(`${shop.base}/checkout`);
  await expect(page.getByText(`for the first 3 renewals with the code ${CODE}`)).toBeVisible();
  await agreeToRenewal(page);
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await payWithTestCard(page, "Cody Renewal");
  const subs = (await (await page.request.get(`${shop.base}/api/subscriptions`)).json()) as Sub[];
  const withCode = subs.find((s) => s.discountLine) as Sub;
  expect(withCode.discountLine).toContain(`${CODE}: 3 discounted renewals left`);

  const paths = [
    ["account-subscriptions", "/account/subscriptions"],
    ["manage", `/subscriptions/manage/${manageToken(SHOP_SECRET, withCode.id)}`],
    ["admin-subscription", `/admin/subscriptions/${withCode.id}`],
  ] as const;
  const looker = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    await checkLooks(await looker.newPage(), shop.base, paths, async (p) => {
      await expect(p.getByText(withCode.discountLine as string).first()).toBeVisible();
    });
  } finally {
    await looker.close();
  }
  // For a person to look at: SHOTS_DIR gets a copy of the screenshots.
  if (process.env.SHOTS_DIR) {
    mkdirSync(process.env.SHOTS_DIR, { recursive: true });
    cpSync(test.info().outputDir, process.env.SHOTS_DIR, { recursive: true });
  }
});
