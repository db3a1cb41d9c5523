import { expect, type Page, test } from "@playwright/test";
import { axe } from "./support/looks.ts";

// Layout rules measured in the browser: equal product cards, unbroken price phrases, the account page's
// one navigation on a phone, the checkout form before the summary on a phone, and a modest space above
// the footer.

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;

async function signUp(page: Page, email: string) {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Full Name").fill("Lena Layout");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
}

test.describe("home product cards", () => {
  test("on a wide screen the cards in a row are equally tall and their buttons line up", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    const cards = page.locator("#products").getByRole("article");
    await expect(cards).toHaveCount(4);
    // Measured in one pass once fonts and images have settled: boxes read one by one could straddle a
    // layout shift above the grid and differ by the shift alone.
    await page.waitForLoadState("load");
    const boxes = await page.locator("#products").evaluate(async (section) => {
      await document.fonts.ready;
      return [...section.querySelectorAll("article")].map((card) => {
        const button = [...card.querySelectorAll("button")].find((b) =>
          b.getAttribute("aria-label")?.startsWith("Add to Cart"),
        );
        if (!button) throw new Error("a card has no Add to Cart button");
        const c = card.getBoundingClientRect();
        const b = button.getBoundingClientRect();
        return { cardBox: { y: c.y, height: c.height }, buttonBox: { y: b.y } };
      });
    });
    // One row of four at 1280 px.
    const [first] = boxes;
    if (!first) throw new Error("no cards");
    for (const { cardBox, buttonBox } of boxes) {
      expect(Math.abs(cardBox.y - first.cardBox.y)).toBeLessThanOrEqual(1);
      expect(Math.abs(cardBox.height - first.cardBox.height)).toBeLessThanOrEqual(1);
      expect(Math.abs(buttonBox.y - first.buttonBox.y)).toBeLessThanOrEqual(1);
    }
  });

  test("on a phone every card's button sits inside its card", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const cards = page.locator("#products").getByRole("article");
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) {
      const cardBox = await card.boundingBox();
      const buttonBox = await card.getByRole("button", { name: /^Add to Cart/ }).boundingBox();
      if (!cardBox || !buttonBox) throw new Error("a card or its button is not rendered");
      expect(buttonBox.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(buttonBox.y).toBeGreaterThanOrEqual(cardBox.y);
      expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(cardBox.y + cardBox.height);
    }
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`the per-day price stays on one line at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const phrases = page.locator("#products").getByText(/per day$/);
      await expect(phrases).toHaveCount(4);
      for (const phrase of await phrases.all()) {
        const lines = await phrase.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
          return { tops: tops.size, height: el.getBoundingClientRect().height, lineHeight };
        });
        expect(lines.tops, (await phrase.textContent()) ?? "").toBe(1);
        expect(lines.height).toBeLessThan(1.5 * lines.lineHeight);
      }
    });
  }
});

test.describe("account page on a phone", () => {
  test("shows one navigation and the selected tab's content on the first screen", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUp(page, uniqueEmail("layout-account"));
    await expect(page.getByRole("heading", { name: "Welcome back, Lena Layout" })).toBeVisible();

    const sideMenu = page.getByRole("navigation", { name: "Account" });
    const tabs = page.getByRole("tablist", { name: "Account sections" });
    const shown = [await sideMenu.isVisible(), await tabs.isVisible()].filter(Boolean);
    expect(shown).toHaveLength(1);

    const panel = page.getByRole("tabpanel", { name: "Overview" });
    await expect(panel).toBeVisible();
    const top = (await panel.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(top).toBeLessThan(PHONE.height);

    // The one navigation still reaches the other sections.
    await tabs.getByRole("tab", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    const ordersPanel = page.getByRole("tabpanel", { name: "Orders" });
    await expect(ordersPanel).toBeVisible();
    const ordersTop = (await ordersPanel.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(ordersTop).toBeLessThan(PHONE.height);
  });

  test("keeps the side menu beside the tabs on a wide screen", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signUp(page, uniqueEmail("layout-account-wide"));
    await expect(page.getByRole("navigation", { name: "Account" })).toBeVisible();
    await expect(page.getByRole("tablist", { name: "Account sections" })).toBeVisible();
  });
});

test.describe("checkout on a phone", () => {
  test.beforeEach(async ({ page }) => {
    for (const productId of [1, 2, 3, 4]) {
      const res = await page.request.post("/api/cart", {
        data: { productId, quantity: 1, isSubscription: productId % 2 === 0 },
      });
      expect(res.status()).toBe(201);
    }
  });

  test("puts the e-mail form first and the summary behind a toggle that opens by keyboard", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/checkout");
    const email = page.getByLabel("Email address");
    const emailBox = await email.boundingBox();
    if (!emailBox) throw new Error("the e-mail field is not rendered");
    expect(emailBox.y + emailBox.height).toBeLessThan(PHONE.height);

    const summary = page.getByRole("region", { name: "Order Summary" });
    const line = summary.getByRole("listitem").first();
    await expect(line).toBeHidden();
    const toggle = page.getByText(/Show order summary/);
    await expect(toggle).toBeVisible();
    await expect(toggle.locator("xpath=ancestor-or-self::summary")).toContainText("$");

    // Tab from the e-mail field to the toggle, then open it with the keyboard. On the way: the address
    // fields, the renewal consent's box (the cart holds subscriptions, decision 042) and the pay button.
    await email.focus();
    const toggleElement = toggle.locator("xpath=ancestor-or-self::summary");
    for (let i = 0; i < 20; i++) {
      if (await toggleElement.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    await expect(toggleElement).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(line).toBeVisible();
    await expect(summary.getByText("Total", { exact: true })).toBeVisible();
    const lineBox = await line.boundingBox();
    if (!lineBox) throw new Error("the summary's line is not rendered");
    expect(emailBox.y).toBeLessThan(lineBox.y);
    const results = await axe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });

  test("keeps the summary open beside the form on a wide screen", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/checkout");
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByRole("listitem").first()).toBeVisible();
    await expect(page.getByText(/Show order summary/)).toBeHidden();
    const formBox = await page.getByLabel("Email address").boundingBox();
    const summaryBox = await summary.boundingBox();
    if (!formBox || !summaryBox) throw new Error("the form or the summary is not rendered");
    expect(summaryBox.x).toBeGreaterThan(formBox.x + formBox.width);
  });
});

/** Where the page's last text or image ends, and where the footer begins, in page coordinates. */
async function footerGap(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector("main");
    const footer = document.querySelector("footer");
    if (!main || !footer) throw new Error("no main or footer");
    let contentBottom = 0;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let rect: DOMRect;
      if (node.nodeType === Node.TEXT_NODE) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rect = range.getBoundingClientRect();
      } else if (
        ["IMG", "svg", "INPUT", "BUTTON", "TEXTAREA", "SELECT"].includes((node as Element).tagName)
      ) {
        rect = (node as Element).getBoundingClientRect();
      } else continue;
      if (rect.height > 0) contentBottom = Math.max(contentBottom, rect.bottom + window.scrollY);
    }
    const footerBox = footer.getBoundingClientRect();
    return {
      gap: footerBox.top + window.scrollY - contentBottom,
      footerBottom: footerBox.bottom + window.scrollY,
      pageHeight: document.documentElement.scrollHeight,
    };
  });
}

test.describe("space above the footer", () => {
  const MAX_GAP = 112;
  const pages = [
    "/contact",
    "/terms",
    "/stacks",
    "/stacks/sleep-and-unwind",
    "/knowledge",
    "/knowledge/ginsenosides-explained",
    "/products/ashwagandha",
    "/wishlist",
    "/no-such-page",
  ];
  for (const viewport of [DESKTOP, PHONE]) {
    test(`is modest on every page at ${viewport.width} px, or the footer closes a short page`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      for (const path of pages) {
        await page.goto(path);
        const { gap, footerBottom, pageHeight } = await footerGap(page);
        if (pageHeight <= viewport.height) {
          // A page shorter than the screen: the footer ends where the screen does.
          expect(Math.abs(footerBottom - viewport.height), path).toBeLessThanOrEqual(1);
        } else {
          expect(gap, path).toBeLessThanOrEqual(MAX_GAP);
        }
      }
    });
  }
});
