import { expect, type Page, test } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { orderLines, orders, outbox } from "../server/db/schema.ts";
import { type AddressFields, fillAddress, HOME } from "./support/address.ts";
import { OwnShop } from "./support/own-shop.ts";
import { agreeToRenewal } from "./support/shopper.ts";

// These journeys run against a server of their own (same production build, fresh embedded database), so
// that afterwards the database itself can be opened and checked: PGlite admits one process at a time.
test.describe.configure({ mode: "serial" });

const shop = new OwnShop("checkout");
let base = "";
let paidSessionId = "";
let declinedSessionId = "";
let memberEmail = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await shop.start();
  base = shop.base;
});

test.afterAll(() => shop.stop());

async function addToCart(page: Page, productId: number, isSubscription = false) {
  const res = await page.request.post(`${base}/api/cart`, {
    data: { productId, quantity: 1, isSubscription },
  });
  expect(res.status()).toBe(201);
}

/** The page's script has taken over its controlled fields (what is typed before would be reset). */
const hydrated = (page: Page) => expect(page.locator("html[data-hydrated]")).toBeAttached();

async function startCheckout(
  page: Page,
  email: string,
  address: AddressFields = {},
  { renews = false }: { renews?: boolean } = {},
) {
  await page.goto(`${base}/checkout`);
  await hydrated(page);
  await page.getByLabel("Email address").fill(email);
  await fillAddress(page, address);
  if (renews) await agreeToRenewal(page);
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await expect(page.getByText("Test mode: no real payment", { exact: false }).first()).toBeVisible();
  await hydrated(page);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Sam Shopper");
}

test("a guest buys two products (one as a subscription) and pays with 4242 on the sandbox page", async ({
  page,
}) => {
  await addToCart(page, 1);
  await addToCart(page, 2, true);

  await page.goto(`${base}/checkout`);
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByText("Korean Ginseng")).toBeVisible();
  await expect(summary.getByText("Monthly subscription · 15% off")).toBeVisible();
  await expect(summary.getByText("$5.95", { exact: true })).toBeVisible();
  await expect(summary.getByText("$69.95", { exact: true })).toBeVisible();

  await startCheckout(page, "e2e.buyer@example.com", { fullName: "Bea Buyer", line2: "" }, { renews: true });
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue("e2e.buyer@example.com");
  // The sandbox page shows where the order ships, as the shopper typed it.
  await expect(page.getByTestId("ships-to")).toHaveText(
    ["Bea Buyer", "1 Main St", "Springfield, IL 62701", "United States"].join(""),
  );
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $69.95" }).click();

  await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_/);
  paidSessionId = new URL(page.url()).searchParams.get("session_id") as string;
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByText(`Order reference: ${paidSessionId.slice(-8)}`)).toBeVisible();
  await expect(page.getByText("$69.95", { exact: true })).toBeVisible();
  await expect(page.getByText("2-3 business days")).toBeVisible();
  await expect(page.getByTestId("ships-to")).toContainText("Bea Buyer1 Main StSpringfield, IL 62701");
  await expect(page.getByRole("button", { name: /Open cart, 0 items/ })).toBeVisible();
  expect(await (await page.request.get(`${base}/api/cart`)).json()).toEqual([]);

  const res = await page.request.get(`${base}/success?session_id=${paidSessionId}`);
  expect(res.headers()["cache-control"]).toBe("no-store");
});

test("a declined card shows a message and leaves the order unpaid; Cancel returns to the cart intact", async ({
  page,
}) => {
  await addToCart(page, 3);
  await startCheckout(page, "e2e.declined@example.com");
  declinedSessionId = page.url().split("/").pop() as string;
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("alert")).toContainText("Your card was declined");
  await expect(page).toHaveURL(/\/pay\//);

  await fillCard(page, "5555 5555 5555 4444");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByText("This is not a test card", { exact: false })).toBeVisible();

  await page.getByRole("link", { name: "Cancel and return to checkout" }).click();
  await expect(page).toHaveURL(`${base}/checkout`);
  await expect(page.getByRole("region", { name: "Order Summary" }).getByText("Ashwagandha")).toBeVisible();
});

test("the card form formats as the shopper types: number in fours, brand, expiry from digits, errors on leaving", async ({
  page,
}) => {
  await addToCart(page, 4);
  await startCheckout(page, "e2e.typing@example.com");
  const number = page.getByLabel("Card number");
  const expiry = page.getByLabel("Expiry (MM / YY)");
  await number.pressSequentially("4242424242424242");
  await expect(number).toHaveValue("4242 4242 4242 4242");
  await expect(page.getByText("Visa", { exact: true })).toBeVisible();
  await expiry.pressSequentially("4");
  await expect(expiry).toHaveValue("04 / ");
  await expiry.fill("");
  await expiry.pressSequentially("1234");
  await expect(expiry).toHaveValue("12 / 34");
  await expiry.fill("12/34");
  await expect(expiry).toHaveValue("12 / 34");

  // Nothing is said while typing; a short number is named when the field is left.
  await number.fill("4242 42");
  await expect(page.getByText("Enter the card number.")).toHaveCount(0);
  await expiry.focus();
  await expect(page.getByText("Enter the card number.")).toBeVisible();
  await expect(number).toHaveAttribute("aria-invalid", "true");

  await number.fill("4242 4242 4242 4242");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Tia Typist");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_/);
});

test("what is typed into the card form before the page's scripts run is kept once they do", async ({
  page,
}) => {
  await addToCart(page, 4);
  await startCheckout(page, "e2e.early-typist@example.com");
  const payPage = page.url();
  // The page again, its scripts held back until the card is typed: a shopper on a slow connection.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const scripts = "**/assets/**/*.js";
  await page.route(scripts, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(payPage, { waitUntil: "commit" });
  const number = page.getByLabel("Card number");
  const expiry = page.getByLabel("Expiry (MM / YY)");
  await number.fill("4242 4242 4242 4242");
  await expiry.fill("12 / 34");
  expect(await page.locator("html[data-hydrated]").count()).toBe(0);
  release();
  await hydrated(page);
  await page.unroute(scripts);
  // Leaving the number field checks it, and the form is drawn again: what was typed is still there.
  await number.focus();
  await page.getByLabel("CVC").focus();
  await expect(number).toHaveValue("4242 4242 4242 4242");
  await expect(expiry).toHaveValue("12 / 34");
  await expect(page.getByText("Enter the card number.")).toHaveCount(0);
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Early Typist");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_/);
});

test("the checkout button cannot be pressed twice, and a failure shows the checkout error", async ({
  page,
}) => {
  await addToCart(page, 4);
  await page.goto(`${base}/checkout`);

  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page.getByText("Email Required", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter your email address to continue.", { exact: true })).toBeVisible();

  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  let calls = 0;
  await page.route("**/api/checkout/create-session", async (route) => {
    calls++;
    await held;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"message":"boom","code":"internal"}',
    });
  });
  await page.getByLabel("Email address").fill("e2e.twice@example.com");
  await fillAddress(page);
  const button = page.getByRole("button", { name: /Checkout/ });
  await button.click();
  await expect(button).toHaveText("Creating Secure Checkout...");
  await expect(button).toBeDisabled();
  await button.click({ force: true }).catch(() => {});
  release();
  await expect(page.getByText("Checkout Error", { exact: true })).toBeVisible();
  await expect(
    page.getByText("There was an issue starting your checkout. Please try again.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Proceed to Secure Checkout" })).toBeEnabled();
  expect(calls).toBe(1);
});

test("a signed-in shopper checks out with the account's e-mail and finds the order in their history", async ({
  page,
}) => {
  const email = `e2e.member.${Date.now()}@example.com`;
  await page.goto(`${base}/auth?tab=signup`);
  await page.getByLabel("Full Name").fill("Rowan Member");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
  memberEmail = email;

  await addToCart(page, 2);
  await page.goto(`${base}/checkout`);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  const field = page.getByLabel("Email address");
  await expect(field).toHaveValue(email);
  await expect(field).toBeDisabled();
  await fillAddress(page, { fullName: "Rowan Member" });
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await hydrated(page);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();

  const orders = await (await page.request.get(`${base}/api/orders`)).json();
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    status: "processing",
    totalAmount: "45.95",
    items: [{ productName: "Total Restore", quantity: 1 }],
  });
});

test("a bad ZIP and a country the shop does not ship to are refused beside their fields, before payment", async ({
  page,
}) => {
  await addToCart(page, 4);
  await page.goto(`${base}/checkout`);
  await page.getByLabel("Email address").fill("e2e.address@example.com");
  await fillAddress(page, { postalCode: "9021" });
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  const zip = page.getByLabel("ZIP code");
  await expect(zip).toHaveAccessibleDescription("Enter a 5-digit ZIP code (or ZIP+4), e.g. 90210");
  await expect(zip).toBeFocused();
  await expect(page.getByLabel("Full name")).toHaveValue("Sam Shopper");

  // The list offers only the countries shipped to; a country forced into it is refused all the same,
  // by the form and by the server. Austria is in the EU market but not among the countries the demo's
  // markets ship to (decision 051: the enabled markets' countries; France is one of them now).
  await zip.fill("62701");
  await page.getByLabel("Country").evaluate((select: HTMLSelectElement) => {
    select.add(new Option("Austria", "AT"));
  });
  await page.getByLabel("Country").selectOption("AT");
  await page.getByLabel("Postal code").fill("1010");
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page.getByLabel("Country")).toHaveAccessibleDescription(
    "We don't ship to Austria yet. We ship to United States, Canada, United Kingdom, Ireland, France, Germany, Spain, Italy, Netherlands, Belgium.",
  );
  await expect(page).toHaveURL(`${base}/checkout`);

  const cartItems = (await (await page.request.get(`${base}/api/cart`)).json()).map(
    (i: { productId: number; quantity: number; isSubscription: boolean; bundleId: string | null }) => ({
      productId: i.productId,
      quantity: i.quantity,
      isSubscription: i.isSubscription,
      bundleId: i.bundleId,
    }),
  );
  const refused = await page.request.post(`${base}/api/checkout/create-session`, {
    data: {
      email: "e2e.address@example.com",
      cartItems,
      shippingAddress: { ...HOME, country: "AT", region: "", postalCode: "1010" },
    },
    headers: { origin: base },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).fields).toEqual({
    country:
      "We don't ship to Austria yet. We ship to United States, Canada, United Kingdom, Ireland, France, Germany, Spain, Italy, Netherlands, Belgium.",
  });
});

test("a signed-in shopper saves two addresses and checks out with the one that is not the default", async ({
  page,
}) => {
  const email = `e2e.two.addresses.${Date.now()}@example.com`;
  await page.goto(`${base}/auth?tab=signup`);
  await page.getByLabel("Full Name").fill("Ada Addresses");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");

  for (const address of [
    { ...HOME, fullName: "Ada Home" },
    {
      country: "CA",
      fullName: "Ada Cottage",
      line1: "2 Lake Rd",
      city: "Ottawa",
      region: "ON",
      postalCode: "k1a0b1",
    },
  ]) {
    const saved = await page.request.post(`${base}/api/addresses`, {
      data: address,
      headers: { origin: base },
    });
    expect(saved.status()).toBe(201);
  }

  await addToCart(page, 1);
  await page.goto(`${base}/checkout`);
  const home = page.getByRole("radio", { name: /Ada Home/ });
  await expect(home).toBeChecked();
  await expect(page.getByRole("radio", { name: /Default/ })).toHaveCount(1);
  await page.getByRole("radio", { name: /Ada Cottage/ }).check();
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await expect(page.getByTestId("ships-to")).toHaveText(
    ["Ada Cottage", "2 Lake Rd", "Ottawa, ON K1A 0B1", "Canada"].join(""),
  );
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByTestId("ships-to")).toContainText("Ada Cottage2 Lake RdOttawa, ON K1A 0B1Canada");
});

test("a client of the create-session contract sends no address: the sandbox page asks for it with the card", async ({
  page,
}) => {
  await addToCart(page, 3);
  const cartItems = (await (await page.request.get(`${base}/api/cart`)).json()).map(
    (i: { productId: number; quantity: number; isSubscription: boolean }) => ({
      productId: i.productId,
      quantity: i.quantity,
      isSubscription: i.isSubscription,
    }),
  );
  const res = await page.request.post(`${base}/api/checkout/create-session`, {
    data: { email: "e2e.spec.client@example.com", userId: null, cartItems },
    headers: { origin: base },
  });
  expect(res.status()).toBe(200);
  const { url } = await res.json();
  await page.goto(url);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Shipping address" })).toBeVisible();
  await expect(page.getByTestId("ships-to")).toHaveCount(0);

  // The card alone does not pay: the address is asked for beside its fields.
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByLabel("Full name")).toHaveAccessibleDescription("Full name is required");
  await expect(page.getByLabel("Full name")).toBeFocused();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);

  await fillAddress(page, { fullName: "Cleo Client", city: "Chicago", postalCode: "60601" });
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByTestId("ships-to")).toHaveText(
    ["Cleo Client", "1 Main St", "Apt 4", "Chicago, IL 60601", "United States"].join(""),
  );
});

test("without a session id the success page has no order to show; a forged one shows no order", async ({
  page,
}) => {
  await page.goto(`${base}/success`);
  await expect(page.getByRole("heading", { name: "No order to show" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toBeVisible();
  await page.goto(`${base}/success?session_id=cs_sandbox_forged123`);
  await expect(page.getByText("Order reference: orged123", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment not confirmed yet" })).toBeVisible();
  await expect(page.locator("main").getByText("Korean Ginseng")).toHaveCount(0);
});

test("the database holds the paid order with server-computed amounts and its confirmation e-mail", async () => {
  await shop.stop();
  const database = await openDatabase({ dataDir: shop.dataDir });
  try {
    const db = database.db;
    const [paid] = await db.select().from(orders).where(eq(orders.providerSessionId, paidSessionId));
    expect(paid).toMatchObject({
      status: "processing",
      email: "e2e.buyer@example.com",
      subtotalCents: 6400,
      discountCents: 0,
      shippingCents: 595,
      totalCents: 6995,
      shippingAddress: {
        fullName: "Bea Buyer",
        line1: "1 Main St",
        line2: null,
        city: "Springfield",
        region: "IL",
        postalCode: "62701",
        country: "US",
        phone: null,
      },
    });
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, paid?.id as string));
    expect(lines.map((l) => [l.productName, l.isSubscription, l.lineTotalCents]).sort()).toEqual([
      ["Korean Ginseng", false, 3000],
      ["Total Restore", true, 3400],
    ]);
    const mails = await db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.to, "e2e.buyer@example.com"), eq(outbox.dedupeKey, `order-confirmation:${paid?.id}`)),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(paid?.orderNumber as string);
    expect(mails[0]?.text).toContain("Total: $69.95");
    expect(mails[0]?.text).toContain("Bea Buyer");
    expect(mails[0]?.text).toContain("Springfield, IL 62701");
    expect(mails[0]?.html).toContain("1 Main St");
    const [member] = await db.select().from(orders).where(eq(orders.email, memberEmail));
    expect(member?.userId).toEqual(expect.any(String));
    expect(member).toMatchObject({ status: "processing", totalCents: 4595 });
    const [specClient] = await db
      .select()
      .from(orders)
      .where(eq(orders.email, "e2e.spec.client@example.com"));
    expect(specClient).toMatchObject({
      status: "processing",
      shippingAddress: { fullName: "Cleo Client", line2: "Apt 4", city: "Chicago", postalCode: "60601" },
    });
    const [declined] = await db.select().from(orders).where(eq(orders.providerSessionId, declinedSessionId));
    expect(declined?.status).toBe("pending");
  } finally {
    await database.close();
  }
});
