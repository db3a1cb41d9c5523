import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { orders } from "../server/db/schema.ts";
import { fillAddress } from "./support/address.ts";
import { axe } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { agreeToRenewal } from "./support/shopper.ts";

// The owner ships and delivers orders with `npm run admin`. On the embedded database (PGlite) one process
// at a time may open the data directory (docs/decisions/011-one-process-per-embedded-database.md), so these
// journeys run a server of their own and do what an owner on PGlite does: stop the shop, run the command,
// start the shop again. The same production build, a fresh data directory, the same port and secret, so
// the browser's session survives the restart.
test.describe.configure({ mode: "serial" });

const shop = new OwnShop("fulfilment");
const dataDir = shop.dataDir;
const TRACKING = "1Z999AA10123456784";
const UPS_URL = `https://www.ups.com/track?tracknum=${TRACKING}`;
let base = "";
let orderNumber = "";
let orderId = "";
// One browser session across the journeys: the customer stays signed in while the owner works.
let context: BrowserContext;
let page: Page;

const startShop = () => shop.start();
const stopShop = () => shop.stop();
/** `npm run admin -- orders …` against the shop's data directory (the shop stopped). */
const admin = (...args: string[]) => shop.admin("orders", ...args);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  await startShop();
  base = shop.base;
  context = await browser.newContext();
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await stopShop();
});

async function signUp(page: Page, email: string) {
  await page.goto(`${base}/auth?tab=signup`);
  await page.getByLabel("Full Name").fill("Fern Fulfilment");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
}

async function add(page: Page, productId: number, isSubscription: boolean, bundleId?: string) {
  const res = await page.request.post(`${base}/api/cart`, {
    data: { productId, quantity: 1, isSubscription, ...(bundleId ? { bundleId } : {}) },
  });
  expect(res.status()).toBe(201);
}

const cartLines = async (page: Page) =>
  (
    (await (await page.request.get(`${base}/api/cart`)).json()) as {
      productId: number;
      quantity: number;
      isSubscription: boolean;
      bundleId: string | null;
    }[]
  )
    .map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      isSubscription: l.isSubscription,
      bundleId: l.bundleId,
    }))
    .sort((a, b) => a.productId - b.productId);

const ORDER_LINES = [
  { productId: 1, quantity: 1, isSubscription: false, bundleId: "focus-and-calm" },
  { productId: 2, quantity: 1, isSubscription: true, bundleId: null },
  { productId: 3, quantity: 1, isSubscription: false, bundleId: "focus-and-calm" },
];

test("a paid order shipped by the owner with UPS shows its timeline and tracking link; the shipped e-mail is sent", async () => {
  test.setTimeout(240_000);
  await signUp(page, `fulfil-${Date.now()}@example.com`);
  // A bundle (as the bundle) and a subscription: 6000 - 900 bundle savings + 3400 = $85.00, free shipping.
  await add(page, 1, false, "focus-and-calm");
  await add(page, 3, false, "focus-and-calm");
  await add(page, 2, true);
  await page.goto(`${base}/checkout`);
  await fillAddress(page);
  await agreeToRenewal(page);
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Fern Fulfilment");
  await page.getByRole("button", { name: "Pay $85.00" }).click();

  // The success page: the order number leads once the payment is confirmed; the reference stays.
  await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_/);
  const sessionId = new URL(page.url()).searchParams.get("session_id") as string;
  await expect(page.getByText("Your order number")).toBeVisible();
  orderNumber = (await page.getByText(/^MANA-[2-9A-HJKMNP-Z]{8}$/).textContent()) ?? "";
  expect(orderNumber).toMatch(/^MANA-/);
  await expect(page.getByText(`Order reference: ${sessionId.slice(-8)}`)).toBeVisible();

  // The owner, on the embedded database: stop the shop, ship from the command line, start it again.
  await stopShop();
  const db = await openDatabase({ dataDir });
  try {
    const [row] = await db.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    orderId = row?.id as string;
  } finally {
    await db.close();
  }
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
  const refused = await admin("ship", orderNumber, "--carrier", "Owl Post", "--tracking", TRACKING).catch(
    (e) => e,
  );
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain("use one of USPS, UPS, FedEx, Canada Post, DHL");
  const shipped = await admin("ship", orderNumber, "--carrier", "UPS", "--tracking", TRACKING);
  expect(shipped.stdout).toContain(`Order ${orderNumber} is now shipped (UPS tracking ${TRACKING}).`);
  await startShop();

  // The order page: figures, payment, timeline with the tracking link.
  await page.goto(`${base}/account/orders/${orderNumber}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Order timeline" });
  await expect(timeline.getByText("Order placed")).toBeVisible();
  await expect(timeline.getByText("Payment received")).toBeVisible();
  await expect(timeline.getByText("Shipped with UPS")).toBeVisible();
  await expect(timeline.getByText(TRACKING)).toBeVisible();
  const track = timeline.getByRole("link", { name: /Track with UPS/ });
  await expect(track).toHaveAttribute("href", UPS_URL);
  await expect(track).toHaveAttribute("target", "_blank");
  await expect(track).toHaveAttribute("rel", /noopener/);
  const trackPackage = page.getByRole("link", { name: /Track Package/ });
  await expect(trackPackage).toHaveAttribute("href", UPS_URL);
  await expect(trackPackage).toHaveAttribute("target", "_blank");
  await expect(trackPackage).toHaveAttribute("rel", /noopener/);
  await expect(page.getByText("Bundle savings")).toBeVisible();
  await expect(page.getByText("-$9.00")).toBeVisible();
  await expect(page.getByText("Tax", { exact: true })).toBeVisible();
  await expect(page.getByText("$0.00", { exact: true })).toBeVisible();
  await expect(page.getByText("$85.00", { exact: true })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toContainText("Paid $85.00");
  expect(await page.content()).not.toContain(orderId);
  expect((await axe(page).analyze()).violations).toEqual([]);

  // The orders page: the same Track Package link; View Details shows the same timeline.
  await page.goto(`${base}/orders`);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `Order #${orderNumber}` }) });
  await expect(card.getByRole("link", { name: /Track Package/ })).toHaveAttribute("href", UPS_URL);
  await card.getByRole("button", { name: "View Details" }).click();
  await expect(
    card.getByRole("list", { name: "Order timeline" }).getByText("Shipped with UPS"),
  ).toBeVisible();
  expect(await page.content()).not.toContain(orderId);

  // The customer's shipped e-mail, in the outbox.
  await page.goto(`${base}/dev/outbox`);
  const mail = page.getByRole("listitem").filter({ hasText: `Your MANA order ${orderNumber} has shipped` });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText("Carrier: UPS");
  await expect(mail).toContainText(UPS_URL);
  await expect(mail).toContainText(`${base}/account/orders/${orderNumber}`);
});

test("Reorder of a delivered order puts the same lines in the cart, in the same modes, and opens the cart", async () => {
  test.setTimeout(240_000);
  test.skip(!orderNumber, "needs the shipped order of the journey above");
  // The customer's session from the journey above: same origin, same secret, sessions in the database.
  await stopShop();
  expect((await admin("deliver", orderNumber)).stdout).toContain(`Order ${orderNumber} is now delivered.`);
  await startShop();

  await page.goto(`${base}/account/orders/${orderNumber}`);
  await expect(page.getByRole("list", { name: "Order timeline" }).getByText("Delivered")).toBeVisible();
  await expect(page.getByRole("link", { name: /Track Package/ })).toHaveCount(0);
  expect(await cartLines(page)).toEqual([]);
  await page.getByRole("button", { name: "Reorder" }).click();
  const cart = page.getByRole("dialog", { name: "Your MANA Cart" });
  await expect(cart).toBeVisible();
  await expect(cart.getByText("Focus & Calm Stack savings")).toBeVisible();
  expect(await cartLines(page)).toEqual(ORDER_LINES);

  // A link naming the order by its internal id moves to the order number; an unknown number is a 404.
  await page.goto(`${base}/account/orders/${orderId}`);
  await expect(page).toHaveURL(`${base}/account/orders/${orderNumber}`);
  const missing = await page.goto(`${base}/account/orders/MANA-22222222`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
});
