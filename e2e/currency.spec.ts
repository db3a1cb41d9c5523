import { expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { checkLooks } from "./support/looks.ts";
import { payWithTestCard } from "./support/shopper.ts";

// The shopper browses in the currency they choose (docs/decisions/051-markets-and-currencies.md): the
// header's switcher keeps it in the mana_currency cookie, every price comes from that currency's list
// (content/price-lists.json: Ashwagandha $30, CA$40, €29, £25), and the order is in the currency of the
// market it ships to, said before paying when it is not the one browsed in.

const base = () => test.info().project.use.baseURL as string;

async function chooseCurrency(page: Page, currency: string) {
  await page.context().addCookies([{ name: "mana_currency", value: currency, url: base() }]);
}

async function openCart(page: Page) {
  await page.locator("[data-cart-button]").click();
  return page.getByRole("dialog", { name: "Your MANA Cart" });
}

test("a shopper picks CAD in the header: CA$ on the home page, a product page and the cart; a reload keeps it; Ontario pays in CAD with HST", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Ashwagandha" }) });
  await expect(card.getByText("$30.00", { exact: true })).toBeVisible();

  // A real label, by keyboard or pointer: the header's select.
  const switcher = page.getByRole("banner").getByLabel("Currency");
  await switcher.selectOption("CAD");
  await expect(card.getByText("CA$40.00", { exact: true })).toBeVisible();
  // The bundle's price, its products' sum and the saving, all in the list's Canadian dollars.
  const bundle = page.getByRole("region", { name: "The Complete MANA System" });
  await expect(bundle.getByText("CA$135", { exact: true }).first()).toBeVisible();
  await expect(bundle.getByText("Save CA$39", { exact: true })).toBeVisible();

  // The server renders the next page in it (the cookie), from its first byte.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("banner").getByLabel("Currency")).toHaveValue("CAD");
  await expect(card.getByText("CA$40.00", { exact: true })).toBeVisible();
  const html = await (await page.request.get("/products/ashwagandha")).text();
  expect(html).toContain('"priceCurrency":"CAD"');

  await page.goto("/products/ashwagandha");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByText("CA$40.00", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/CA\$1\.33 per day/)).toBeVisible();
  await page.getByRole("button", { name: "Add to cart · CA$40.00" }).click();
  const cart = await openCart(page);
  await expect(cart.getByTestId("cart-total")).toHaveText("CA$40.00");
  await expect(cart.getByText(/Free shipping on orders over CA\$100 and on bundles\./)).toBeVisible();
  await page.keyboard.press("Escape");

  // Ontario is in the Canadian market: the order is in CAD, as browsed, with HST 13% of the goods and the
  // shipping (CA$40.00 + CA$7.95 = CA$47.95; 13% is CA$6.23), and nothing to say about its currency.
  await page.goto("/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Email address").fill("e2e.cad@example.com");
  await fillAddress(page, {
    country: "CA",
    fullName: "Olive Ontario",
    line1: "200 King St W",
    line2: "",
    city: "Toronto",
    region: "ON",
    postalCode: "M5V 2T6",
  });
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByTestId("summary-tax-line")).toHaveText("HST 13%CA$6.23");
  await expect(summary.getByText("CA$54.18", { exact: true })).toBeVisible();
  await expect(page.getByTestId("checkout-currency-notice")).toHaveCount(0);
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await expect(page.getByRole("button", { name: "Pay CA$54.18" })).toBeVisible();
  await payWithTestCard(page, "Olive Ontario");
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByText("CA$54.18", { exact: true }).first()).toBeVisible();
});

test("a shopper browsing in GBP who ships to the United States is told before paying that the order is in US dollars", async ({
  page,
}) => {
  await chooseCurrency(page, "GBP");
  await page.goto("/products/ashwagandha");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByText("£25.00", { exact: true }).first()).toBeVisible();
  const added = await page.request.post("/api/cart", { data: { productId: 3, quantity: 1 } });
  expect(added.status()).toBe(201);

  await page.goto("/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // The shop ships to the United Kingdom too (decision 051: the owner's markets decide where it ships), so
  // the checkout starts there; the shopper chooses a US address.
  await page.getByLabel("Email address").fill("e2e.gbp@example.com");
  await fillAddress(page);
  const notice = page.getByTestId("checkout-currency-notice");
  await expect(notice).toHaveText("Your order ships to the United States, so it is in US dollars: $35.95.");
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByText("$35.95", { exact: true })).toBeVisible();
  await expect(notice).toBeVisible();

  // The page sends the currency it showed: USD.
  const sent: Record<string, unknown>[] = [];
  await page.route("**/api/checkout/create-session", async (route) => {
    sent.push(route.request().postDataJSON() as Record<string, unknown>);
    await route.continue();
  });
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  expect(sent[0]?.currency).toBe("USD");
  await expect(page.getByRole("button", { name: "Pay $35.95" })).toBeVisible();
});

test("a checkout sent in another currency than its address's answers 409 currency_changed: the shopper is told and stays", async ({
  page,
}) => {
  const added = await page.request.post("/api/cart", { data: { productId: 3, quantity: 1 } });
  expect(added.status()).toBe(201);
  await page.goto("/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Email address").fill("e2e.currency.changed@example.com");
  await fillAddress(page);
  // The page's request altered in flight, as a stale page in euros would send it; the shop's server answers.
  await page.route("**/api/checkout/create-session", async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, currency: "EUR" }) });
  });
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  const toasts = page.getByRole("region", { name: /Notifications \(F8\)/ });
  await expect(toasts.getByText("Your order's currency changed", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByRole("button", { name: "Proceed to Secure Checkout" })).toBeEnabled();
});

for (const currency of ["CAD", "EUR"] as const) {
  test(`the home, product, stacks and checkout pages in ${currency}: axe finds nothing, nothing is wider than the screen`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const added = await page.request.post("/api/cart", { data: { productId: 1, quantity: 1 } });
    expect(added.status()).toBe(201);
    await chooseCurrency(page, currency);
    await checkLooks(
      page,
      base(),
      [
        [`home-${currency}`, "/"],
        [`product-${currency}`, "/products/korean-ginseng"],
        [`stacks-${currency}`, "/stacks"],
        [`checkout-${currency}`, "/checkout"],
      ],
      async (p) => {
        // Prices in the page's currency, in the main content (not only the switcher's options); the checkout
        // in euros ships to the EU market first (decision 051: the owner's markets decide where it ships).
        await expect(
          p
            .getByRole("main")
            .getByText(currency === "CAD" ? /CA\$\d/ : /€\d/)
            .first(),
        ).toBeVisible();
      },
    );
  });
}

test("the cart drawer and the product page's first screen in CA$ and €, at 1280 and 390 px, light and dark", async ({
  page,
}) => {
  test.slow();
  const added = await page.request.post("/api/cart", {
    data: { productId: 1, quantity: 1, bundleId: "complete-mana-system" },
  });
  expect(added.status()).toBe(201);
  for (const [productId, quantity] of [
    [2, 1],
    [3, 1],
    [4, 1],
  ] as const) {
    const more = await page.request.post("/api/cart", {
      data: { productId, quantity, bundleId: "complete-mana-system" },
    });
    expect(more.status()).toBe(201);
  }
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const currency of ["CAD", "EUR"] as const) {
    await chooseCurrency(page, currency);
    for (const theme of ["light", "dark"] as const) {
      await page.context().addCookies([{ name: "mana_theme", value: theme, url: base() }]);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/");
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        const cart = await openCart(page);
        // The stack's CAD price: CA$135.00 for the four; €97.00 in euros.
        await expect(cart.getByTestId("cart-total")).toHaveText(currency === "CAD" ? "CA$135.00" : "€97.00");
        await page.screenshot({ path: test.info().outputPath(`cart-${currency}-${width}-${theme}.png`) });
        await page.keyboard.press("Escape");
        // The product page's first screen, its prices in the currency (the full pages are checkLooks').
        await page.goto("/products/total-restore");
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        await page.screenshot({
          path: test.info().outputPath(`product-top-${currency}-${width}-${theme}.png`),
        });
      }
    }
  }
});

test("in Spanish and French: the switcher's label, prices with their sign, and the checkout's words on the currency", async ({
  page,
}) => {
  await chooseCurrency(page, "EUR");
  await page.goto("/es");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("contentinfo").getByLabel("Moneda")).toHaveValue("EUR");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Ashwagandha" }) });
  await expect(card.getByText("€29.00", { exact: true })).toBeVisible();
  const added = await page.request.post("/api/cart", { data: { productId: 3, quantity: 1 } });
  expect(added.status()).toBe(201);
  // The shop ships to the EU market too (decision 051), so the checkout starts there; the shopper chooses
  // the United States.
  await page.goto("/es/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("País").selectOption("US");
  await expect(page.getByTestId("checkout-currency-notice")).toHaveText(
    "Tu pedido se envía a Estados Unidos, así que está en dólares estadounidenses: $35.95.",
  );
  await page.goto("/fr/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Pays").selectOption("US");
  await expect(page.getByTestId("checkout-currency-notice")).toHaveText(
    "Votre commande est expédiée aux États-Unis : elle est donc en dollars américains, soit $35.95.",
  );
  await expect(page.getByRole("contentinfo").getByLabel("Devise")).toHaveValue("EUR");
});
