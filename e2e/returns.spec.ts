import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, payWithTestCard, signedUp } from "./support/shopper.ts";

// Returns, the 60-day guarantee online (docs/decisions/055-returns.md, issue 32): a customer with a
// delivered order claims the guarantee on the claim page and keeps the product; the owner finds the claim
// in the dashboard's returns queue, approves it with "No need to send it back" and refunds it to store
// credit; the customer has the credit on their account and the e-mails of each step. axe and screenshots of
// the queue and a return's page in both themes at 1280 and 390 px.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const shop = new OwnShop("returns");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
const customerEmail = `river-${stamp}@example.com`;

let owner: Page;
let customer: Page;
let orderNumber = "";
let kept = "";
let keptPath = "";
let sentBackPath = "";

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

test.beforeAll(async ({ browser }) => {
  test.setTimeout(230_000);
  owner = await shop.startWithOwner(browser, ownerEmail);
  customer = await signedUp(browser, shop.base, customerEmail, "River Reyes");
  // Two Total Restore ($40 each): one is claimed and kept, the other claimed to be sent back.
  orderNumber = await boughtOnSandbox(customer, shop.base, [{ productId: 2, quantity: 2 }], "new");
  const shipped = await owner.request.post(`${shop.base}/api/admin/orders/${orderNumber}/ship`, {
    data: { carrier: "UPS", trackingCode: `1Z${stamp}` },
  });
  expect(shipped.status()).toBe(200);
  const delivered = await owner.request.post(`${shop.base}/api/admin/orders/${orderNumber}/deliver`);
  expect(delivered.status()).toBe(200);
});

test.afterAll(async () => {
  await owner?.context().close();
  await customer?.context().close();
  await shop.stop();
});

test("a customer claims the guarantee and keeps the product; the owner approves it and refunds it to store credit; the customer has the credit and the e-mails", async () => {
  // The customer's claim, on the order's claim page.
  await customer.goto(`${shop.base}/account/orders/${orderNumber}/return`);
  await hydrated(customer);
  await expect(customer.getByRole("heading", { level: 1, name: "Claim the 60-day guarantee" })).toBeVisible();
  await customer.getByLabel("Quantity of Total Restore").fill("1");
  await customer.getByLabel("Reason").selectOption({ label: "I noticed no difference" });
  await customer.getByLabel("Keep the product").check();
  await customer.getByLabel("Store credit").check();
  await customer.getByRole("button", { name: "Send my claim" }).click();
  await customer.waitForURL(/[?&]claimed=R-/);
  kept = new URL(customer.url()).searchParams.get("claimed") ?? "";
  expect(kept).toMatch(/^R-.+-1$/);

  // The owner's queue: the open claim, newest first, with the dashboard's count beside "Returns".
  await owner.goto(`${shop.base}/admin/orders/${orderNumber}`);
  const nav = owner.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Returns 1 open" })).toBeVisible();
  await nav.getByRole("link", { name: /^Returns/ }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  const byStatus = owner.getByRole("navigation", { name: "Returns by status" });
  await expect(byStatus.getByRole("link", { name: "Open" })).toHaveAttribute("aria-current", "page");
  const row = owner.getByRole("row").filter({ hasText: kept });
  await expect(row).toContainText("Noticed no difference");
  await expect(row).toContainText("Keeps it");
  await expect(row).toContainText("Requested");
  await expect(row).toContainText("$40.00");
  await expect(row.getByRole("link", { name: orderNumber })).toHaveAttribute(
    "href",
    `/admin/orders/${orderNumber}`,
  );
  await row.getByRole("link", { name: kept }).click();
  await expect(owner.getByRole("heading", { level: 1, name: `Return ${kept}` })).toBeVisible();
  keptPath = new URL(owner.url()).pathname;
  await hydrated(owner);
  await expect(owner.getByText("The customer asked to keep it")).toBeVisible();
  await expect(owner.getByText("Store credit", { exact: true })).toBeVisible();

  // Approve: the customer keeps it, so no label.
  const actions = owner.getByRole("region", { name: "Actions" });
  await expect(actions.getByLabel("No need to send it back")).toBeChecked();
  await actions.getByRole("button", { name: "Approve" }).click();
  await expect(owner.getByText("Return approved. The customer is e-mailed.")).toBeVisible();
  await expect(owner.locator("article header").getByText("Approved", { exact: true })).toBeVisible();

  // Refund, confirmed in a dialog; a second refund is not offered.
  const refund = actions.getByRole("button", { name: "Refund $40.00 to store credit…" });
  await refund.click();
  const dialog = owner.getByRole("dialog", { name: `Refund return ${kept}` });
  await expect(dialog).toContainText("$40.00 goes to the customer's store credit");
  await dialog.getByRole("button", { name: "Refund $40.00" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(owner.getByText("Refunded. The customer is e-mailed.")).toBeVisible();
  await expect(owner.getByRole("region", { name: "Actions" })).toHaveCount(0);
  await expect(owner.getByText("Refunded on the order")).toBeVisible();

  // The order page lists the return and says its steps in words.
  await owner.goto(`${shop.base}/admin/orders/${orderNumber}`);
  await expect(owner.getByRole("link", { name: kept })).toHaveAttribute("href", keptPath);
  const timeline = owner.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText(`Return requested · return ${kept}`)).toBeVisible();
  await expect(timeline.getByText(`Return approved · return ${kept}`)).toBeVisible();

  // The queue has nothing open any more.
  await owner.goto(`${shop.base}/admin/returns`);
  await expect(owner.getByText("No open returns.")).toBeVisible();
  await byStatus.getByRole("link", { name: "Refunded" }).click();
  await expect(owner.getByRole("row").filter({ hasText: kept })).toContainText("Refunded");

  // The customer: $40 of store credit, and an e-mail for the claim, its approval and the refund.
  await customer.goto(`${shop.base}/account`);
  await expect(customer.getByTestId("stat-credit")).toContainText("$40.00");
  await customer.goto(`${shop.base}/dev/outbox`);
  const mail = customer.getByRole("listitem");
  await expect(
    mail.filter({ hasText: `We received your claim ${kept} for MANA order ${orderNumber}` }),
  ).toHaveCount(1);
  await expect(
    mail.filter({ hasText: `Your return ${kept} of MANA order ${orderNumber} is approved` }),
  ).toHaveCount(1);
  await expect(mail.filter({ hasText: `We refunded $40.00 on your MANA order ${orderNumber}` })).toHaveCount(
    1,
  );
});

test("a second claim, to send the product back, waits in the queue; the queue and a return's page pass axe in both themes at 1280 and 390 px", async () => {
  const view = await (await customer.request.get(`${shop.base}/api/orders/${orderNumber}/returns`)).json();
  const line = view.lines[0];
  expect(line.claimable).toBe(1);
  const claimed = await customer.request.post(`${shop.base}/api/orders/${orderNumber}/returns`, {
    data: {
      lines: [{ lineId: line.lineId, quantity: 1 }],
      reason: "changed_mind",
      comment: "Bought one too many.",
      keep: false,
    },
  });
  expect(claimed.status()).toBe(201);
  const sentBack = (await claimed.json()).id as string;
  sentBackPath = `/admin/returns/${sentBack}`;

  await owner.goto(`${shop.base}${sentBackPath}`);
  await hydrated(owner);
  const actions = owner.getByRole("region", { name: "Actions" });
  await expect(actions.getByLabel("Send a prepaid return label")).toBeChecked();
  await expect(actions.getByLabel("Note for the customer (optional)")).toBeVisible();
  // Declining needs a reason: the dialog says so and keeps the return open.
  await actions.getByRole("button", { name: "Decline…" }).click();
  const decline = owner.getByRole("dialog", { name: /^Decline return/ });
  await decline.getByRole("button", { name: "Decline return" }).click();
  await expect(decline.getByRole("alert")).toContainText("Say why the return is declined.");
  await decline.getByRole("button", { name: "Keep it open" }).click();
  await expect(decline).toHaveCount(0);
  await expect(actions.getByRole("button", { name: "Decline…" })).toBeFocused();

  await checkLooks(owner, shop.base, [
    ["admin-returns-open", "/admin/returns"],
    ["admin-returns-all", "/admin/returns?status=all"],
    ["admin-return-requested", sentBackPath],
    ["admin-return-refunded", keptPath],
  ]);
});

test("staff read the queue and a return but cannot move it; a move another owner made first is said in the alert region", async ({
  browser,
}) => {
  const staffEmail = `sky-${stamp}@example.com`;
  const staff = await signedUp(browser, shop.base, staffEmail, "Sky Staff");
  try {
    // With the shop running: the command goes through it (decision 018).
    expect((await shop.admin("users", "promote", staffEmail, "--role", "staff")).stdout).toContain(
      `${staffEmail} is now staff`,
    );
    await staff.goto(`${shop.base}/admin/returns`);
    await expect(staff.getByRole("link", { name: /^R-.+-2$/ })).toBeVisible();
    await staff.goto(`${shop.base}${sentBackPath}`);
    await expect(staff.getByText("needs the refund permission")).toBeVisible();
    await expect(staff.getByRole("region", { name: "Actions" })).toHaveCount(0);
    const posted = await staff.request.post(`${shop.base}${sentBackPath}`, {
      form: { intent: "approve", returnNeeded: "no" },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(403);
  } finally {
    await staff.context().close();
  }

  // The owner's page is open; meanwhile the return is approved through the API (another owner's click).
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.goto(`${shop.base}${sentBackPath}`);
  await hydrated(owner);
  await expect(owner.locator("article header").getByText("Requested", { exact: true })).toBeVisible();
  const id = sentBackPath.split("/").pop();
  const approved = await owner.request.post(`${shop.base}/api/admin/returns/${id}/approve`, {
    data: { returnNeeded: true, note: "Use the prepaid label in this e-mail." },
  });
  expect(approved.status()).toBe(200);
  const actions = owner.getByRole("region", { name: "Actions" });
  await actions.getByLabel("No need to send it back").check();
  await actions.getByRole("button", { name: "Approve" }).click();
  await expect(actions.getByRole("alert")).toContainText("approved");
  // The page read the return again: approved with a label, so the next move is "Mark received".
  await expect(owner.locator("article header").getByText("Approved", { exact: true })).toBeVisible();
  await expect(owner.getByText("Use the prepaid label in this e-mail.")).toBeVisible();
  await actions.getByRole("button", { name: "Mark received" }).click();
  await expect(owner.getByText("Marked received. The customer is e-mailed.")).toBeVisible();
  await expect(actions.getByRole("button", { name: "Refund $40.00 to the card…" })).toBeVisible();
});

/** A French shopper in euros buys Ashwagandha and pays to Paris on the French pages (as e2e/returns-customer.spec.ts). */
async function boughtInParis(page: Page): Promise<string> {
  await page.context().addCookies([{ name: "mana_currency", value: "EUR", url: shop.base }]);
  const added = await page.request.post(`${shop.base}/api/cart`, {
    data: { productId: 3, quantity: 1, isSubscription: false },
  });
  expect(added.status()).toBe(201);
  await page.goto(`${shop.base}/fr/checkout`);
  await hydrated(page);
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

test("a withdrawal from an order shipped to Paris is highlighted in the queue and on its page with the law's 14 days, in euros; axe in both themes", async ({
  browser,
}) => {
  const camille = await signedUp(browser, shop.base, `camille-${stamp}@example.com`, "Camille Paris");
  try {
    const paris = await boughtInParis(camille);
    for (const step of ["ship", "deliver"] as const) {
      const moved = await owner.request.post(`${shop.base}/api/admin/orders/${paris}/${step}`, {
        data: step === "ship" ? { carrier: "DHL", trackingCode: `JD${stamp}` } : undefined,
      });
      expect(moved.status(), step).toBe(200);
    }
    const withdrawn = await camille.request.post(`${shop.base}/api/orders/${paris}/withdraw`, {
      data: { confirm: true },
    });
    expect(withdrawn.status()).toBe(201);
    const { id, number } = (await withdrawn.json()) as { id: string; number: string };

    await owner.goto(`${shop.base}/admin/returns`);
    const row = owner.getByRole("row").filter({ hasText: number });
    await expect(row).toContainText("Withdrawal · 14 days");
    await expect(row).toContainText("€");
    await row.getByRole("link", { name: number }).click();
    await expect(owner.getByRole("heading", { level: 1, name: `Return ${number}` })).toBeVisible();
    const law = owner.getByRole("region", { name: "Withdrawal from the contract (EU or UK)" });
    await expect(law).toContainText("within 14 days of the withdrawal: refund by");
    await expect(owner.getByText("Right of withdrawal (14 days, EU or UK)")).toBeVisible();
    await expect(owner.getByText("Withdrawal (no reason needed)")).toBeVisible();
    // The whole order is withdrawn: its shipping comes back with the product.
    await expect(
      owner.getByRole("row", { name: /^Shipping \(the whole order is withdrawn\) €/ }),
    ).toBeVisible();
    await checkLooks(owner, shop.base, [["admin-return-withdrawal", `/admin/returns/${id}`]]);
  } finally {
    await camille.context().close();
  }
});
