import { expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { payWithTestCard } from "./support/shopper.ts";

// The checkout shows the taxes of the address chosen before the shopper pays, and the card is charged the
// total shown (core/tax.ts; the demo shop's home state is WA, so Illinois has no sales tax, and Canada is
// taxed everywhere: Ontario's HST is 13% of the goods and the shipping). An order shipped to Canada is in
// Canadian dollars, from that price list (decision 051; content/price-lists.json: Ashwagandha CA$40.00,
// shipping CA$7.95).

/** $30.00 of goods: under the free-shipping threshold, so $5.95 shipping is taxed with them. */
async function cartOfOne(page: Page) {
  const added = await page.request.post("/api/cart", { data: { productId: 3, quantity: 1 } });
  expect(added.status()).toBe(201);
}

const summaryOf = (page: Page) => page.getByRole("region", { name: "Order Summary" });

test("a guest shipping to Ontario sees HST 13% before paying, and the card is charged the total with it", async ({
  page,
}) => {
  await cartOfOne(page);
  await page.goto("/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const summary = summaryOf(page);
  // Before the address says where the order ships, the tax is not guessed.
  await expect(summary.getByTestId("summary-tax-pending")).toHaveText("Calculated from your address");
  await expect(summary.getByText("$35.95", { exact: true })).toBeVisible();

  await page.getByLabel("Email address").fill("e2e.ontario@example.com");
  await fillAddress(page, {
    country: "CA",
    fullName: "Olive Ontario",
    line1: "200 King St W",
    line2: "",
    city: "Toronto",
    region: "ON",
    postalCode: "M5V 2T6",
  });
  // In Canadian dollars: CA$40.00 + CA$7.95 = CA$47.95; 13% of it is CA$6.23 (623.35 cents, rounded
  // half-up), added to the total.
  const hst = summary.getByTestId("summary-tax-line");
  await expect(hst).toHaveCount(1);
  await expect(hst).toHaveText("HST 13%CA$6.23");
  await expect(summary.getByTestId("summary-tax-pending")).toHaveCount(0);
  await expect(summary.getByText("CA$54.18", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await expect(page.getByRole("button", { name: "Pay CA$54.18" })).toBeVisible();
  await payWithTestCard(page, "Olive Ontario");
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByText("CA$54.18", { exact: true }).first()).toBeVisible();
});

test("a guest shipping to Illinois sees no tax: Tax $0.00, and pays the goods and shipping only", async ({
  page,
}) => {
  await cartOfOne(page);
  await page.goto("/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Email address").fill("e2e.illinois@example.com");
  await fillAddress(page);
  const summary = summaryOf(page);
  await expect(summary.getByTestId("summary-tax-line")).toHaveCount(0);
  await expect(summary.getByTestId("summary-tax-pending")).toHaveCount(0);
  await expect(summary.getByText("Tax", { exact: true })).toBeVisible();
  await expect(summary.getByText("$0.00", { exact: true })).toBeVisible();
  await expect(summary.getByText("$35.95", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await expect(page.getByRole("button", { name: "Pay $35.95" })).toBeVisible();
  await payWithTestCard(page, "Sam Shopper");
});

test("a French page words the taxes of Quebec in French: TPS and TVQ", async ({ page }) => {
  await cartOfOne(page);
  await page.goto("/fr/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const summary = page.getByRole("region", { name: "Récapitulatif de la commande" });
  await expect(summary.getByTestId("summary-tax-pending")).toHaveText("Calculées d’après votre adresse");
  await page.getByLabel("Pays", { exact: true }).selectOption("CA");
  await page.getByLabel("Province", { exact: true }).selectOption("QC");
  // Canada's taxes by their French names, the rate as French writes it: one line each.
  await expect(summary.getByTestId("summary-tax-line")).toHaveText([/^TPS 5\s%/, /^TVQ 9,975\s%/]);
});

test("the checkout is sent the tax shown; a 409 tax_changed says so and the shopper stays on the page", async ({
  page,
}) => {
  await cartOfOne(page);
  await page.goto("/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Email address").fill("e2e.tax.changed@example.com");
  await fillAddress(page, { country: "CA", city: "Toronto", region: "ON", postalCode: "M5V 2T6", line2: "" });
  await expect(summaryOf(page).getByTestId("summary-tax-line")).toHaveText("HST 13%CA$6.23");
  // The page's request as it left, then altered in flight as a stale page would send it (a tax one cent off):
  // the shop's own server answers it, with its real 409.
  const sent: Record<string, unknown>[] = [];
  await page.route("**/api/checkout/create-session", async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    sent.push(body);
    await route.continue({ postData: JSON.stringify({ ...body, taxCents: Number(body.taxCents) + 1 }) });
  });
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  // The toasts' region ("Notifications (F8)"): its live announcement repeats the words outside it.
  const toasts = page.getByRole("region", { name: /Notifications \(F8\)/ });
  await expect(toasts.getByText("Your tax changed", { exact: true })).toBeVisible();
  await expect(
    toasts.getByText("The tax on your order has changed since this page was loaded."),
  ).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]?.taxCents).toBe(623);
  // The page stays the checkout, in the Canadian order's currency.
  await expect(page).toHaveURL(/\/checkout\?currency=CAD$/);
  await expect(page.getByRole("button", { name: "Proceed to Secure Checkout" })).toBeEnabled();
});

test("an order begun without an address is taxed on the payment page for the address typed there (decision 050)", async ({
  page,
}) => {
  await cartOfOne(page);
  const cartItems = (await (await page.request.get("/api/cart")).json()).map(
    (i: { productId: number; quantity: number; isSubscription: boolean }) => ({
      productId: i.productId,
      quantity: i.quantity,
      isSubscription: i.isSubscription,
    }),
  );
  // The product spec's own call: no address, in Canadian dollars (decisions 027 and 051).
  const res = await page.request.post("/api/checkout/create-session", {
    data: { email: "e2e.bare.ontario@example.com", userId: null, cartItems, currency: "CAD" },
  });
  expect(res.status()).toBe(200);
  await page.goto((await res.json()).url);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByTestId("summary-tax-pending")).toHaveText("Calculated from your address");
  await expect(page.getByRole("button", { name: "Pay CA$47.95" })).toBeVisible();
  await fillAddress(page, {
    country: "CA",
    fullName: "Bea Bare",
    line1: "200 King St W",
    line2: "",
    city: "Toronto",
    region: "ON",
    postalCode: "M5V 2T6",
  });
  // HST 13% of CA$47.95 is CA$6.23, shown as a line with the new total before the card pays it.
  await expect(page.getByTestId("summary-tax-line")).toHaveText("HST 13%CA$6.23");
  await expect(page.getByRole("button", { name: "Pay CA$54.18" })).toBeVisible();
  await payWithTestCard(page, "Bea Bare");
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByText("CA$54.18", { exact: true }).first()).toBeVisible();
});
