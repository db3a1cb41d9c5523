import { readFileSync } from "node:fs";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { payWithTestCard } from "./support/shopper.ts";

// The rule (ePrivacy Directive Article 5(3), decision 045): storing or reading anything in a visitor's
// browser needs their consent unless it is strictly necessary for what they asked for. The shop has no
// consent banner, so every cookie it sets must be strictly necessary, and named in content/legal/cookies.json,
// the list the privacy page shows. A non-essential cookie or a third-party script must wait for consent:
// adding one means adding a consent step first, then listing it here as not strictly necessary.

interface ListedCookie {
  name: string;
  pattern: string;
  strictlyNecessary: boolean;
}
const listed: ListedCookie[] = JSON.parse(
  readFileSync(new URL("../content/legal/cookies.json", import.meta.url), "utf8"),
).cookies;

test.describe.configure({ timeout: 120_000 });

test("every cookie on the list is strictly necessary: there is no consent banner", () => {
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.filter((c) => !c.strictlyNecessary).map((c) => c.name)).toEqual([]);
});

/** Every cookie a visit saw: set by an answer of the shop (not a removal) or present in the browser. */
class CookieWatch {
  seen = new Map<string, string>();
  readonly context: BrowserContext;
  readonly origin: string;
  constructor(context: BrowserContext, origin: string) {
    this.context = context;
    this.origin = origin;
    context.on("response", async (res) => {
      const setCookies = (await res.headersArray().catch(() => []))
        .filter((h) => h.name.toLowerCase() === "set-cookie")
        .map((h) => h.value);
      for (const line of setCookies) {
        const [pair = ""] = line.split(";");
        const name = pair.slice(0, pair.indexOf("=")).trim();
        const value = pair.slice(pair.indexOf("=") + 1).trim();
        // A cookie being dropped (empty, or Max-Age=0) is not one the shop keeps in the browser.
        if (!name || !value || /max-age=0/i.test(line)) continue;
        this.seen.set(name, `Set-Cookie from ${new URL(res.url()).pathname}`);
      }
    });
  }
  /** The cookies the browser holds now (those set by the page's own scripts too). */
  async look(step: string) {
    for (const c of await this.context.cookies()) {
      const where = c.domain.replace(/^\./, "");
      if (where !== new URL(this.origin).hostname) {
        this.seen.set(`${c.name} (third party: ${c.domain})`, step);
        continue;
      }
      if (!this.seen.has(c.name)) this.seen.set(c.name, `in the browser after ${step}`);
    }
  }
}

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

test("a full visit sets only cookies on the list, each strictly necessary", async ({ browser, baseURL }) => {
  const origin = baseURL as string;
  const context = await browser.newContext();
  const watch = new CookieWatch(context, origin);
  const page = await context.newPage();

  // Browse: the home page and a product page, add to the cart, open the cart drawer.
  await page.goto("/");
  await hydrated(page);
  await watch.look("the home page");
  await page.goto("/products/korean-ginseng");
  await hydrated(page);
  await page
    .getByRole("button", { name: /^Add to cart/i })
    .first()
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();
  await page.getByRole("button", { name: /^Open cart/ }).click();
  const drawer = page.getByRole("dialog", { name: "Your MANA Cart" });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: "Close cart" }).click();
  await watch.look("adding to the cart");

  // Sign up (the guest cart joins the account), check out a one-time product and pay with the test card.
  const email = `cookies-${Date.now()}@example.com`;
  await page.goto("/auth?tab=signup");
  await hydrated(page);
  await page.getByLabel("Full Name").fill("Cora Cookie");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
  await watch.look("signing up");
  await page.goto("/checkout");
  await hydrated(page);
  await fillAddress(page);
  // A subscription asks for consent to its renewal; this cart is one-time, but tick the box if it is there.
  const renewal = page.getByRole("checkbox", { name: /renews automatically/ });
  if (await renewal.count()) await renewal.check();
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await payWithTestCard(page, "Cora Cookie");
  await watch.look("paying");

  // Preferences and the theme.
  await page.goto("/preferences");
  await hydrated(page);
  await page.getByRole("switch", { name: "Promotions" }).click();
  await page.getByLabel("Theme", { exact: true }).selectOption("dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await watch.look("changing preferences and the theme");

  // Sign out, then sign in again with the password.
  await page.goto("/account");
  await hydrated(page);
  await page.getByTestId("avatar").click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await watch.look("signing out");
  await page.goto("/auth");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL("**/account");
  await watch.look("signing in again");

  const seen = [...watch.seen];
  expect(seen.length).toBeGreaterThan(0);
  const unlisted = seen
    .filter(([name]) => !listed.some((c) => new RegExp(c.pattern).test(name)))
    .map(([name, where]) => `${name} (${where})`);
  expect(unlisted, "cookies the shop sets but content/legal/cookies.json does not list").toEqual([]);
  const notNecessary = seen
    .filter(([name]) => listed.some((c) => new RegExp(c.pattern).test(name) && !c.strictlyNecessary))
    .map(([name]) => name);
  expect(notNecessary, "cookies set without consent that are not strictly necessary").toEqual([]);
  // What was seen is what the visit needs: the session, the guest cart and the chosen theme.
  const names = seen.map(([name]) => name);
  expect(names).toEqual(expect.arrayContaining(["mana.session_token", "mana_cart", "mana_theme"]));
  await context.close();
});
