import { expect, type Page, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { orderEvents, orders } from "../server/db/schema.ts";
import { axe, checkLooks, setTheme, THEMES, WIDTHS } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, payWithTestCard, signedUp } from "./support/shopper.ts";

// The customer's side of returns (docs/decisions/055-returns.md): the order page's "Returns and refunds",
// the claim page, and the EU/UK right of withdrawal. Deliveries in the past are the owner's
// `npm run admin -- orders deliver <number> --as-of <day>` (tests/api/deliver-as-of.test.ts), on a shop of
// the journey's own, stopped while the command runs (docs/decisions/011-one-process-per-embedded-database.md).
test.describe.configure({ mode: "serial" });

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A day as the English pages write it: "September 18, 2026" (UTC). */
const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

const shop = new OwnShop("returns-customer");
let sam: Page;
let camille: Page;
let samEmail = "";
let camilleEmail = "";
/** Delivered 70 days ago: the guarantee's 60 days are over. */
let late = "";
/** Shipped to Paris in euros, delivered 3 days ago: the right of withdrawal is open. */
let paris = "";
/** Delivered today: the keyboard's claim. */
let fresh = "";
const lateDelivered = dayOf(Date.now() - 70 * DAY);

/** A French shopper in euros buys Ashwagandha and pays to Paris on the French pages (as e2e/eu-checkout.spec.ts). */
async function boughtInParis(page: Page): Promise<string> {
  await page.context().addCookies([{ name: "mana_currency", value: "EUR", url: shop.base }]);
  const added = await page.request.post(`${shop.base}/api/cart`, {
    data: { productId: 3, quantity: 1, isSubscription: false },
  });
  expect(added.status()).toBe(201);
  await page.goto(`${shop.base}/fr/checkout`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Pays").selectOption("FR");
  await page.getByLabel("Nom complet").fill("Camille Paris");
  await page.getByLabel("Adresse", { exact: true }).fill("10 rue de Rivoli");
  await page.getByLabel("Ville").fill("Paris");
  await page.getByLabel("Code postal").fill("75004");
  await page.getByRole("button", { name: "Continuer vers le paiement sécurisé" }).click();
  await payWithTestCard(page, "Camille Paris");
  const list = await (await page.request.get(`${shop.base}/api/orders`)).json();
  return list[0].orderNumber as string;
}

/** Moves an order's placing, payment and shipping (and their timeline steps) back `days` days, as if it had shipped then. */
async function shippedDaysAgo(dataDir: string, orderNumber: string, days: number) {
  const at = new Date(Date.now() - days * DAY);
  const db = await openDatabase({ dataDir });
  try {
    await db.db
      .update(orders)
      .set({ createdAt: at, paidAt: at, shippedAt: at })
      .where(eq(orders.orderNumber, orderNumber));
    // Its timeline's steps so far, too: placed, paid and shipped then.
    const [order] = await db.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber));
    await db.db
      .update(orderEvents)
      .set({ createdAt: at })
      .where(eq(orderEvents.orderId, order?.id as string));
  } finally {
    await db.close();
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(600_000); // three orders, three ships and three deliveries by `npm run admin`
  await shop.start();
  const stamp = Date.now();
  samEmail = `sam.returns.${stamp}@example.com`;
  camilleEmail = `camille.returns.${stamp}@example.com`;
  sam = await signedUp(browser, shop.base, samEmail, "Sam Shopper");
  late = await boughtOnSandbox(sam, shop.base, [{ productId: 3 }], "new");
  fresh = await boughtOnSandbox(sam, shop.base, [{ productId: 1 }], "saved");
  camille = await signedUp(browser, shop.base, camilleEmail, "Camille Paris");
  paris = await boughtInParis(camille);

  // The owner ships the three and enters their deliveries: 70 days ago, 3 days ago, today.
  await shop.stop();
  for (const n of [late, paris, fresh])
    await shop.admin("orders", "ship", n, "--carrier", "UPS", "--tracking", `1Z${n.slice(-8)}`);
  await shippedDaysAgo(shop.dataDir, late, 75);
  await shippedDaysAgo(shop.dataDir, paris, 5);
  await shop.admin("orders", "deliver", late, "--as-of", lateDelivered);
  await shop.admin("orders", "deliver", paris, "--as-of", dayOf(Date.now() - 3 * DAY));
  await shop.admin("orders", "deliver", fresh);
  await shop.start();
});

test.afterAll(async () => {
  await sam?.context().close();
  await camille?.context().close();
  await shop.stop();
});

test("an order delivered 70 days ago: the order page and the claim page say why no claim is possible", async () => {
  const ended = `The 60-day guarantee for this order ended on ${longDate(dayOf(Date.parse(`${lateDelivered}T12:00:00Z`) + 60 * DAY))}, 60 days after it was delivered on ${longDate(lateDelivered)}.`;
  await sam.goto(`${shop.base}/account/orders/${late}`);
  const section = sam.getByRole("region", { name: "Returns and refunds" });
  await expect(section.getByText(ended)).toBeVisible();
  await expect(section.getByRole("link", { name: "Claim the guarantee" })).toHaveCount(0);
  // A US order: no right of withdrawal.
  await expect(section.getByRole("button", { name: "Withdraw from contract here" })).toHaveCount(0);

  await sam.goto(`${shop.base}/account/orders/${late}/return`);
  await expect(sam.getByRole("heading", { level: 1, name: "Claim the 60-day guarantee" })).toBeVisible();
  await expect(sam.getByText("No claim is possible on this order")).toBeVisible();
  await expect(sam.getByText(ended)).toBeVisible();
  await expect(sam.getByRole("button", { name: "Send my claim" })).toHaveCount(0);

  // Another customer's order is not found, like one that does not exist.
  expect((await camille.goto(`${shop.base}/account/orders/${late}/return`))?.status()).toBe(404);
  await checkLooks(sam, shop.base, [
    ["closed-order", `/account/orders/${late}`],
    ["closed-claim", `/account/orders/${late}/return`],
  ]);
});

test("an EU order delivered 3 days ago: Withdraw from contract here, confirmed, acknowledged by e-mail and shown on the order", async () => {
  test.setTimeout(240_000);
  // In French the button has its own words.
  await camille.goto(`${shop.base}/fr/account/orders/${paris}`);
  await expect(camille.getByRole("button", { name: "Se rétracter du contrat ici" })).toBeVisible();

  // The order page and the confirmation dialog in both themes and widths: axe, and a look at each.
  await checkLooks(camille, shop.base, [["withdrawal-order", `/account/orders/${paris}`]]);
  for (const theme of THEMES) {
    await setTheme(camille, theme, shop.base);
    for (const width of WIDTHS) {
      await camille.setViewportSize({ width, height: 900 });
      await camille.goto(`${shop.base}/account/orders/${paris}`);
      await expect(camille.locator("html")).toHaveAttribute("data-hydrated", "true");
      const button = camille.getByRole("button", { name: "Withdraw from contract here" });
      await button.click();
      const dialog = camille.getByRole("dialog", { name: `Withdraw from order ${paris}?` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Ashwagandha × 1");
      const results = await axe(camille).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
        [],
      );
      await camille.screenshot({ path: test.info().outputPath(`withdrawal-dialog-${width}-${theme}.png`) });
      // Cancel: nothing is sent and the focus is back on the button.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(button).toBeFocused();
    }
  }
  await setTheme(camille, "light", shop.base);
  await camille.setViewportSize({ width: 1280, height: 900 });

  await camille.goto(`${shop.base}/account/orders/${paris}`);
  await expect(camille.locator("html")).toHaveAttribute("data-hydrated", "true");
  const section = camille.getByRole("region", { name: "Returns and refunds" });
  await expect(
    section.getByText(/you may withdraw from this contract without giving a reason until/),
  ).toBeVisible();
  await section.getByRole("button", { name: "Withdraw from contract here" }).click();
  const before = Date.now();
  await camille.getByRole("dialog").getByRole("button", { name: "Confirm withdrawal" }).click();
  const received = section.getByText(
    /^We received your withdrawal R-.+ on .+ at .+\. We have e-mailed you an acknowledgment\.$/,
  );
  await expect(received).toBeVisible();
  await expect(received).toBeFocused();
  const number = (await received.textContent())?.match(/withdrawal (R-\S+) on/)?.[1] as string;
  expect(number).toMatch(/^R-/);
  await expect(received).toContainText(longDate(dayOf(before)));

  // The withdrawal is in the order's returns, and the button is gone.
  await camille.reload();
  const item = section.getByTestId("return-item").filter({ hasText: `Return ${number}` });
  await expect(item).toContainText("Withdrawal");
  await expect(item).toContainText("Requested");
  await expect(item).toContainText("Ashwagandha × 1");
  await expect(section.getByRole("button", { name: "Withdraw from contract here" })).toHaveCount(0);

  // The acknowledgment, on a durable medium: the e-mail, with the withdrawal's number, day and time.
  await camille.goto(`${shop.base}/dev/outbox`);
  const mail = camille.getByRole("listitem").filter({ hasText: camilleEmail }).filter({ hasText: number });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(paris);
  // The order was placed on the French pages: the e-mail is in French, the day and the time in UTC.
  const day = new Date(before).toLocaleDateString("fr", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  await expect(mail).toContainText(day);
  await expect(mail).toContainText(/\d{2}:\d{2}\sUTC/);
});

test("a claim by keyboard alone: Tab, arrows, Space and Enter submit it and the order page confirms it", async () => {
  test.setTimeout(240_000);
  await sam.goto(`${shop.base}/account/orders/${fresh}`);
  const section = sam.getByRole("region", { name: "Returns and refunds" });
  await expect(section.getByText(/^You can claim our 60-day money-back guarantee until /)).toBeVisible();
  await checkLooks(sam, shop.base, [["claim", `/account/orders/${fresh}/return`]]);
  await sam.setViewportSize({ width: 1280, height: 900 });

  // A reason that needs the product back: Keep is disabled, and the page says why.
  await sam.goto(`${shop.base}/account/orders/${fresh}/return`);
  await expect(sam.locator("html")).toHaveAttribute("data-hydrated", "true");
  // What the chosen quantity would refund (Korean Ginseng, $30.00, no tax added in Illinois here), and 0 for none.
  await expect(sam.getByTestId("claim-refund")).toHaveText("Refund of up to $30.00 for what you chose");
  await sam.getByRole("button", { name: "One fewer Korean Ginseng" }).click();
  await expect(sam.getByTestId("claim-refund")).toHaveText("Refund of up to $0.00 for what you chose");
  await sam.getByLabel("Reason").selectOption("changed_mind");
  await expect(sam.getByLabel("Keep the product")).toBeDisabled();
  await expect(
    sam.getByText("For this reason we need the product back, so keeping it is not possible."),
  ).toBeVisible();
  await expect(sam.getByLabel("Send it back")).toBeChecked();

  await sam.goto(`${shop.base}/account/orders/${fresh}`);
  await expect(sam.locator("html")).toHaveAttribute("data-hydrated", "true");
  const claim = section.getByRole("link", { name: "Claim the guarantee" });
  await claim.focus();
  await sam.keyboard.press("Enter");
  await expect(sam).toHaveURL(new RegExp(`/account/orders/${fresh}/return$`));
  await expect(sam.locator("html")).toHaveAttribute("data-hydrated", "true");

  const focused = (name: string | RegExp) => expect(sam.locator(":focus")).toHaveAccessibleName(name);
  await sam.getByRole("link", { name: `Back to order ${fresh}` }).focus();
  // One line of one: its quantity starts at 1, the most that can be claimed.
  await sam.keyboard.press("Tab");
  await focused("One fewer Korean Ginseng");
  await sam.keyboard.press("Tab");
  await focused("Quantity of Korean Ginseng");
  await expect(sam.locator(":focus")).toHaveValue("1");
  await sam.keyboard.press("Tab");
  await focused("One more Korean Ginseng");
  await sam.keyboard.press("Tab");
  await focused("Reason");
  await sam.keyboard.press("ArrowDown");
  await expect(sam.getByLabel("Reason")).toHaveValue("no_difference");
  await sam.keyboard.press("Tab");
  await focused("Comment (optional)");
  await sam.keyboard.type("No change after six weeks.");
  await sam.keyboard.press("Tab");
  await focused("Send it back");
  await sam.keyboard.press("ArrowUp");
  await sam.keyboard.press("Space");
  await expect(sam.getByLabel("Keep the product")).toBeChecked();
  await sam.keyboard.press("Tab");
  await focused("Your card");
  await sam.keyboard.press("ArrowDown");
  await expect(sam.getByLabel("Store credit")).toBeChecked();
  await sam.keyboard.press("Tab");
  await focused("Send my claim");
  await sam.keyboard.press("Enter");

  await expect(sam).toHaveURL(new RegExp(`/account/orders/${fresh}\\?claimed=R-`));
  const done = sam.getByText(/^We received your claim R-\S+; we have e-mailed you\.$/);
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  const item = section.getByTestId("return-item");
  await expect(item).toContainText("Money-back guarantee");
  await expect(item).toContainText("Requested");
  await expect(item).toContainText("I noticed no difference");
  await expect(item).toContainText("Korean Ginseng × 1");
  await expect(item).toContainText("to your store credit");
  // Everything is claimed now: the page says so instead of the link.
  await expect(section.getByRole("link", { name: "Claim the guarantee" })).toHaveCount(0);
  await checkLooks(sam, shop.base, [["claimed-order", `/account/orders/${fresh}`]]);
});
