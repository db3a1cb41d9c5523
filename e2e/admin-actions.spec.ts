import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, signedUp } from "./support/shopper.ts";

// The dashboard pages' actions, posted as a form without the page (as a browser without JavaScript does):
// a signed-out visitor goes to sign in, a customer gets 403, a post from another site is refused, a staff member
// without the right 403, and wrong fields a 400 whose page says what is wrong, never a 500.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shop = new OwnShop("admin-actions");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
const staffEmail = `staff-${stamp}@example.com`;
const customerEmail = `cara-${stamp}@example.com`;

let owner: Page;
let staff: Page;
let customer: Page;
let orderNumber = "";
let subscriptionId = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(170_000);
  await shop.start();
  owner = await signedUp(browser, shop.base, ownerEmail, "Olive Owner");
  staff = await signedUp(browser, shop.base, staffEmail, "Sky Staff");
  customer = await signedUp(browser, shop.base, customerEmail, "Cara Customer");
  expect((await shop.admin("users", "promote", ownerEmail)).stdout).toContain(`${ownerEmail} is now admin`);
  expect((await shop.admin("users", "promote", staffEmail, "--role", "staff")).stdout).toContain(
    `${staffEmail} is now staff`,
  );
  orderNumber = await boughtOnSandbox(customer, shop.base, [{ productId: 2, isSubscription: true }], "new");
  const list = await owner.request.get(
    `${shop.base}/api/admin/subscriptions?q=${encodeURIComponent(customerEmail)}`,
  );
  subscriptionId = (await list.json()).subscriptions[0].id;
});

test.afterAll(async () => {
  await owner?.context().close();
  await staff?.context().close();
  await customer?.context().close();
  await shop.stop();
});

/** Posts a form to a dashboard page as a browser without JavaScript would. */
const post = (
  who: APIRequestContext,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) => who.post(`${shop.base}${path}`, { form, headers, maxRedirects: 0 });

/** Each page's action with a form it takes. */
const FORMS = () =>
  [
    [`/admin/orders/${orderNumber}`, { intent: "deliver" }],
    [`/admin/subscriptions/${subscriptionId}`, { intent: "resume" }],
    ["/admin/products", { intent: "product-1", stock: "5", threshold: "3" }],
    ["/admin/reviews", { intent: "settings", autoPublish: "on" }],
  ] as const;

test("signed out goes to sign in; a customer gets 403, and a post from another site is refused", async ({
  request,
}) => {
  for (const [path, form] of FORMS()) {
    const signedOut = await post(request, path, form);
    expect(signedOut.status(), path).toBe(302);
    expect(signedOut.headers().location, path).toBe("/auth");
    expect((await post(customer.request, path, form)).status(), path).toBe(403);
    // React Router refuses a document post whose Origin is another site (400) before the action's own
    // check (403) runs; either way the change is not made.
    const crossSite = await post(owner.request, path, form, { origin: "https://elsewhere.example" });
    expect([400, 403], path).toContain(crossSite.status());
  }
});

test("staff get 403 for what their role may not change: a refund, prices, stock, the review setting", async () => {
  const refused = [
    [`/admin/orders/${orderNumber}`, { intent: "refund", amount: "1.00", reason: "Broken jar" }],
    [`/admin/orders/${orderNumber}`, { intent: "cancel", refund: "on" }],
    ["/admin/products", { intent: "product-1", price: "1.00", discount: "" }],
    ["/admin/products", { intent: "product-1", stock: "0", threshold: "3" }],
    ["/admin/reviews", { intent: "settings", autoPublish: "on" }],
  ] as const;
  const productOne = async () =>
    (await (await owner.request.get(`${shop.base}/api/admin/products`)).json()).find(
      (p: { id: number }) => p.id === 1,
    );
  const before = await productOne();
  for (const [path, form] of refused)
    expect((await post(staff.request, path, form)).status(), `${path} ${form.intent}`).toBe(403);
  // Nothing changed: the order is still unrefunded, the product's stock as it was.
  const order = await (await owner.request.get(`${shop.base}/api/admin/orders/${orderNumber}`)).json();
  expect(order.refundedCents).toBe(0);
  expect(order.status).toBe("processing");
  expect(await productOne()).toEqual(before);
});

test("wrong fields answer 400 with what is wrong, never a 500", async () => {
  const cases = [
    [
      staff,
      `/admin/orders/${orderNumber}`,
      { intent: "ship", carrier: "UPS", trackingCode: " " },
      "Enter the carrier",
    ],
    [
      owner,
      `/admin/orders/${orderNumber}`,
      { intent: "refund", amount: "lots", reason: "x" },
      "Enter an amount such as 12.50.",
    ],
    [
      owner,
      `/admin/orders/${orderNumber}`,
      { intent: "refund", amount: "99999.00", reason: "x" },
      "can be refunded.",
    ],
    [
      owner,
      `/admin/orders/${orderNumber}`,
      { intent: "refund", amount: "1.00", reason: "" },
      "Say why the order is refunded.",
    ],
    [
      owner,
      `/admin/orders/${orderNumber}`,
      { intent: "no-such-form" },
      "The page sent a form it does not have.",
    ],
    [
      staff,
      `/admin/subscriptions/${subscriptionId}`,
      { intent: "pause", months: "7" },
      "Choose 1, 2, 3 months.",
    ],
    [
      staff,
      `/admin/subscriptions/${subscriptionId}`,
      { intent: "cancel", reason: "Bored" },
      "Choose one of the reasons",
    ],
    [
      owner,
      "/admin/products",
      { intent: "product-1", price: "thirty", discount: "" },
      "Enter the price in dollars and cents",
    ],
    [
      owner,
      "/admin/products",
      { intent: "product-1", stock: "-1", threshold: "3" },
      "is a whole number, 0 or more.",
    ],
    [owner, "/admin/products", { intent: "product-999999" }, "Product not found."],
    [
      staff,
      "/admin/reviews",
      { intent: "status", id: "not-an-id", status: "published" },
      "There is no such review.",
    ],
    [
      staff,
      "/admin/reviews",
      { intent: "status", id: "00000000-0000-4000-8000-000000000000", status: "gone" },
      "published or hidden",
    ],
  ] as const;
  for (const [who, path, form, message] of cases) {
    const answer = await post(who.request, path, form);
    expect(answer.status(), `${path} ${JSON.stringify(form)}`).toBe(400);
    expect(await answer.text(), `${path} ${JSON.stringify(form)}`).toContain(message);
  }
  // A move the rules refuse answers its reason: the order cannot be delivered before it ships.
  const early = await post(staff.request, `/admin/orders/${orderNumber}`, { intent: "deliver" });
  expect(early.status()).toBe(409);
});

test("a form posted without JavaScript changes the record, and the page shows it", async () => {
  const shipped = await post(staff.request, `/admin/orders/${orderNumber}`, {
    intent: "ship",
    carrier: "UPS",
    trackingCode: "1Z999AA10123456784",
  });
  expect(shipped.status()).toBe(200);
  expect(await shipped.text()).toContain("1Z999AA10123456784");
  const paused = await post(staff.request, `/admin/subscriptions/${subscriptionId}`, {
    intent: "pause",
    months: "",
  });
  expect(paused.status()).toBe(200);
  const sub = await (
    await owner.request.get(`${shop.base}/api/admin/subscriptions/${subscriptionId}`)
  ).json();
  expect(sub.status).toBe("paused");
  expect(sub.audit[0]).toMatchObject({ action: "subscription.pause", actor: staffEmail });
});

/** The owner's session in a browser with JavaScript off. */
async function withoutScripts(browser: Browser): Promise<Page> {
  const storageState = await owner.context().storageState();
  return (await browser.newContext({ javaScriptEnabled: false, storageState })).newPage();
}

test("without JavaScript the owner edits a product's stock and sees a wrong value beside its field", async ({
  browser,
}) => {
  const page = await withoutScripts(browser);
  await page.goto(`${shop.base}/admin/products`);
  const form = page.getByRole("form", { name: "Edit Korean Ginseng" });
  await form.getByLabel("Stock on hand").fill("lots");
  await form.getByRole("button", { name: "Save Korean Ginseng" }).click();
  await expect(
    page
      .getByRole("form", { name: "Edit Korean Ginseng" })
      .getByText("The stock on hand is a whole number, 0 or more."),
  ).toBeVisible();
  await page.getByRole("form", { name: "Edit Korean Ginseng" }).getByLabel("Stock on hand").fill("42");
  await page
    .getByRole("form", { name: "Edit Korean Ginseng" })
    .getByRole("button", { name: "Save Korean Ginseng" })
    .click();
  await expect(
    page.getByRole("row", { name: /Korean Ginseng/ }).getByRole("cell", { name: "42", exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole("form", { name: "Edit Korean Ginseng" }).getByLabel("Stock on hand"),
  ).toHaveValue("42");
  await page.context().close();
});
