import { expect, type Page, test } from "@playwright/test";
import { axe, setTheme } from "./support/looks.ts";

const cartBadge = (page: Page) => page.getByRole("button", { name: /^Open cart/ });

async function openCart(page: Page) {
  await cartBadge(page).click();
  const drawer = page.getByRole("dialog", { name: "Your MANA Cart" });
  await expect(drawer).toBeVisible();
  return drawer;
}

test.describe("home page", () => {
  test("section links scroll to their anchors on the home page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Science" }).click();
    await expect(page).toHaveURL(/#science$/);
    await expect(page.locator("#science")).toBeInViewport();
    await page.getByRole("link", { name: "Start Your Journey" }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("link", { name: "Start Your Journey" }).click();
    await expect(page.locator("#products")).toBeInViewport();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page.locator("#about")).toBeInViewport();
  });

  test("shows the products with three benefits, daily prices and the FDA statement", async ({ page }) => {
    await page.goto("/");
    const grid = page.locator("#products");
    await expect(grid.getByRole("article")).toHaveCount(4);
    await expect(grid.getByRole("article").first().getByRole("listitem")).toHaveCount(3);
    await expect(grid.getByText("$1.33 per day")).toBeVisible(); // Total Restore: 40 / 30
    await expect(
      grid.getByText(/not intended to diagnose, treat, cure, or prevent any disease/),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "The MANA Difference" })).toBeVisible();
    for (const point of [
      "NSF Certified",
      "Laboratory Tested",
      "Ancestral Wisdom Verified",
      "Clinical Research",
    ]) {
      await expect(page.getByRole("heading", { name: point })).toBeVisible();
    }
  });

  test("the footer's Account link sends a guest to sign in (every footer page: e2e/account-data.spec.ts)", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/");
    const results = await axe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });

  test("has no accessibility violations in the dark theme (the bundle banner turns light)", async ({
    page,
  }) => {
    await setTheme(page, "dark");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    const results = await axe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });
});

test.describe("cart", () => {
  test("add each product, step a line up and down to removal, then clear", async ({ page }) => {
    await page.goto("/");
    for (const name of ["Korean Ginseng", "Total Restore", "Ashwagandha", "Verdant Edge"]) {
      await page.getByRole("button", { name: `Add to Cart: ${name}` }).click();
      await expect(page.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();
    }
    await expect(cartBadge(page)).toHaveAccessibleName("Open cart, 4 items");
    const drawer = await openCart(page);
    await expect(drawer.getByRole("listitem")).toHaveCount(4);
    await expect(drawer.getByTestId("cart-total")).toHaveText("$130.00");

    await drawer.getByRole("button", { name: "Increase quantity of Total Restore" }).click();
    await expect(drawer.getByRole("group", { name: "Quantity of Total Restore" })).toContainText("2");
    await expect(drawer.getByTestId("cart-total")).toHaveText("$170.00");
    await drawer.getByRole("button", { name: "Decrease quantity of Total Restore" }).click();
    await expect(drawer.getByRole("group", { name: "Quantity of Total Restore" })).toContainText("1");
    await drawer.getByRole("button", { name: "Decrease quantity of Total Restore" }).click();
    await expect(drawer.getByText("Total Restore")).toBeHidden();
    await expect(drawer.getByRole("listitem")).toHaveCount(3);
    // The open drawer is modal: the header behind it is hidden until it closes.
    await drawer.getByRole("button", { name: "Close cart" }).click();
    await expect(cartBadge(page)).toHaveAccessibleName("Open cart, 3 items");

    const reopened = await openCart(page);
    await reopened.getByRole("button", { name: "Clear Cart" }).click();
    await expect(reopened.getByText("Your cart is empty")).toBeVisible();
    await reopened.getByRole("button", { name: "Close cart" }).click();
    await expect(cartBadge(page)).toHaveAccessibleName("Open cart, 0 items");
  });

  test("two adds clicked at once on a first visit both land in one cart", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Add to Cart: Verdant Edge" })).toBeEnabled();
    // Both clicks in the same tick, before either answer (or its cookie) is back.
    await page.evaluate(() => {
      for (const name of ["Add to Cart: Korean Ginseng", "Add to Cart: Verdant Edge"]) {
        (document.querySelector(`button[aria-label="${name}"]`) as HTMLButtonElement).click();
      }
    });
    await expect(cartBadge(page)).toHaveAccessibleName("Open cart, 2 items");
    const items = (await (await page.request.get("/api/cart")).json()) as Array<{ productId: number }>;
    expect(items.map((i) => i.productId).sort()).toEqual([1, 4]);
  });

  test("the cart survives a reload, and another browser does not see it", async ({ page, browser }) => {
    await page.goto("/products/ashwagandha");
    await page.getByRole("radio", { name: /Subscribe & save 15%/ }).check();
    await page.getByRole("button", { name: "Increase quantity of Ashwagandha" }).click();
    await page.getByRole("button", { name: /^Add to cart/ }).click();
    await expect(cartBadge(page)).toHaveAccessibleName("Open cart, 2 items");
    await page.reload();
    await expect(cartBadge(page)).toHaveAccessibleName("Open cart, 2 items");
    const drawer = await openCart(page);
    await expect(drawer).toContainText("Monthly subscription, 15% off");
    await expect(drawer.getByTestId("cart-total")).toHaveText("$51.00");

    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.goto("/");
    await expect(cartBadge(stranger)).toHaveAccessibleName("Open cart, 0 items");
    expect(await (await stranger.request.get("/api/cart")).json()).toEqual([]);
    await other.close();
  });

  test("the bundle adds all four products and lands on /checkout priced at the bundle", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Get the Complete System" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const items = (await (await page.request.get("/api/cart")).json()) as Array<{
      bundleId: string;
      quantity: number;
    }>;
    expect(items).toHaveLength(4);
    expect(items.every((i) => i.bundleId === "complete-mana-system" && i.quantity === 1)).toBe(true);
    const drawer = await openCart(page);
    await expect(drawer).toContainText("Complete MANA System savings");
    await expect(drawer.getByTestId("cart-total")).toHaveText("$100.00");
  });
});

test.describe("product page", () => {
  test("is server-rendered with its price, meta tags and Product JSON-LD", async ({ request }) => {
    const html = await (await request.get("/products/total-restore")).text();
    expect(html).toContain("<title>Total Restore | MANA</title>");
    expect(html).toContain('property="og:image"');
    expect(html).toMatch(/<meta property="og:image:alt" content="Total Restore[^"]+"\/>/);
    expect(html).toMatch(/<meta name="twitter:image:alt" content="Total Restore[^"]+"\/>/);
    expect(html).toMatch(/"@type":"Product"/);
    expect(html).toMatch(/"price":"40.00"/);
    expect(html).toContain("120 capsules");
  });

  test("an unknown slug says 'Product not found' with a link home and status 404", async ({ page }) => {
    const res = await page.goto("/products/unicorn-dust");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/products/korean-ginseng");
    const results = await axe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });
});

/** The toast itself (not the visually hidden copy Radix announces), found whether or not it is aria-hidden. */
const toastOnScreen = (page: Page) =>
  page.locator('[role="region"][aria-label^="Notifications"] li', { hasText: "Added to cart" });

/** Names of the visible buttons and links inside `container` (but not inside the toast) that the toast overlaps. */
async function controlsUnderToast(page: Page, container: string): Promise<string[]> {
  const toast = toastOnScreen(page);
  await expect(toast).toBeVisible();
  return toast.evaluate((el, selector) => {
    const t = el.getBoundingClientRect();
    const scope = document.querySelector(selector);
    if (!scope) throw new Error(`${selector} is not on the page`);
    return [...scope.querySelectorAll<HTMLElement>("button, a[href]")]
      .filter((c) => !el.contains(c) && c.checkVisibility({ visibilityProperty: true }))
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return r.width > 0 && r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
      })
      .map((c) => c.getAttribute("aria-label") || c.textContent?.trim() || c.tagName);
  }, container);
}

test.describe("toasts", () => {
  for (const { width, height } of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${width} px a toast hides no control: header cart button, Add to cart, or the open drawer's`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.goto("/products/ashwagandha");
      await page.getByRole("button", { name: /^Add to cart/ }).click();
      await expect(cartBadge(page)).toHaveAccessibleName("Open cart, 1 item");
      await expect(toastOnScreen(page)).toBeVisible();
      // Hold the toast past its 5 s on a slow machine: Radix pauses toasts while the window is blurred.
      await page.evaluate(() => window.dispatchEvent(new Event("blur")));
      expect(await controlsUnderToast(page, "header")).toEqual([]);
      // Nor the purchase controls the shopper just used.
      const toastBox = await toastOnScreen(page).boundingBox();
      for (const control of [
        page.getByRole("button", { name: /^Add to cart/ }),
        page.getByRole("group", { name: "Quantity of Ashwagandha" }),
      ]) {
        const box = await control.boundingBox();
        if (!box || !toastBox) throw new Error("no box");
        const overlaps =
          box.x < toastBox.x + toastBox.width &&
          toastBox.x < box.x + box.width &&
          box.y < toastBox.y + toastBox.height &&
          toastBox.y < box.y + box.height;
        expect(overlaps, `the toast covers ${control}`).toBe(false);
      }
      const drawer = await openCart(page);
      await expect(drawer.getByRole("button", { name: "Clear Cart" })).toBeVisible();
      expect(await controlsUnderToast(page, '[role="dialog"]')).toEqual([]);
      // The toast's own close button still answers inside the modal drawer.
      await page.getByRole("button", { name: "Close notification" }).click();
      await expect(page.getByText("Added to cart", { exact: true })).toBeHidden();
      await expect(drawer).toBeVisible();
    });
  }
});

test.describe("newsletter", () => {
  test("asks for both fields, subscribes, resets, and accepts a duplicate", async ({ page }) => {
    await page.goto("/#about");
    const form = page.getByRole("form", { name: "Newsletter signup" });
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Please complete the form" })).toBeVisible();
    await form.getByLabel("Email address").fill("reader@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Enter your email address and agree to receive updates." }),
    ).toBeVisible();
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Welcome to MANA!" })).toBeVisible();
    await expect(
      page.getByRole("status").filter({
        hasText: "If the address is new to us, that e-mail first asks you to confirm it: follow its link.",
      }),
    ).toBeVisible();
    await expect(form.getByLabel("Email address")).toHaveValue("");
    await expect(form.getByRole("checkbox")).not.toBeChecked();

    await form.getByLabel("Email address").fill("reader@example.com");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Welcome to MANA!" })).toBeVisible();

    await page.goto("/dev/outbox");
    // One confirmation e-mail (double opt-in, decision 026), not one per sign-up.
    const mails = page.getByRole("listitem").filter({ hasText: "reader@example.com" });
    await expect(mails).toHaveCount(1);
    await expect(
      mails.getByRole("heading", { name: "Confirm your subscription to the MANA letter" }),
    ).toBeVisible();
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the nav moves into a side sheet that traps focus and closes on Escape", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(sheet).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Wellness Stacks" }).click();
    await expect(page).toHaveURL(/\/stacks$/);
  });
});
