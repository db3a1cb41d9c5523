import { type Browser, expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { signedUp } from "./support/shopper.ts";

// The wishlist a guest keeps in the browser and brings into the account at sign-in, and Notify Me's
// one e-mail when the owner brings a product back in stock.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const shop = new OwnShop("wishlist");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
const shopperEmail = `wisher-${stamp}@example.com`;
const waiterEmail = `waiter-${stamp}@example.com`;

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
const heart = (page: Page, name: string) =>
  page.getByRole("button", { name: new RegExp(`^(Save ${name} to|Remove ${name} from) wishlist$`) });

async function guestPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function setStock(owner: Page, name: string, stock: string) {
  await owner.goto(`${shop.base}/admin/products`);
  const form = owner.getByRole("form", { name: `Edit ${name}` });
  await form.getByLabel("Stock on hand").fill(stock);
  await form.getByRole("button", { name: `Save ${name}` }).click();
  await expect(owner.getByText(`${name} is updated in the shop.`, { exact: true })).toBeVisible();
}

let owner: Page;
let shopper: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  await shop.start();
  owner = await signedUp(browser, shop.base, ownerEmail, "Olive Owner");
  const account = await signedUp(browser, shop.base, shopperEmail, "Wren Wisher");
  await account.context().close();
  await shop.stop();
  await shop.admin("users", "promote", ownerEmail);
  await shop.start();
});

test.afterAll(async () => {
  await owner?.context().close();
  await shopper?.context().close();
  await shop.stop();
});

test("a guest hearts two products, signs in, finds them in the wishlist and adds all to the cart", async ({
  browser,
}) => {
  shopper = await guestPage(browser);
  await shopper.goto(`${shop.base}/`);
  await hydrated(shopper);
  for (const name of ["Korean Ginseng", "Total Restore"]) {
    await heart(shopper, name).click();
    await expect(heart(shopper, name)).toHaveAttribute("aria-pressed", "true");
    await expect(shopper.getByRole("button", { name: `Remove ${name} from wishlist` })).toBeVisible();
  }
  // Saved in this browser: the wishlist shows them with a note inviting the guest to sign in.
  await shopper.goto(`${shop.base}/wishlist`);
  await expect(shopper.getByText("2 of 2 items available")).toBeVisible();
  await expect(shopper.getByText("Your wishlist is kept in this browser.")).toBeVisible();

  await shopper.goto(`${shop.base}/auth`);
  await hydrated(shopper);
  await shopper.getByLabel("Email").fill(shopperEmail);
  await shopper.getByLabel("Password").fill("quiet forest 42");
  await shopper.getByRole("button", { name: "Sign In", exact: true }).click();
  await shopper.waitForURL("**/account");

  // The browser's list is now the account's: the server has it, the browser keeps no copy.
  const saved = await (await shopper.request.get(`${shop.base}/api/wishlist`)).json();
  expect(saved.items.map((i: { name: string }) => i.name).sort()).toEqual([
    "Korean Ginseng",
    "Total Restore",
  ]);
  expect(await shopper.evaluate(() => localStorage.getItem("mana-wishlist"))).toBeNull();

  await shopper.goto(`${shop.base}/wishlist`);
  await hydrated(shopper);
  const list = shopper.getByRole("list").filter({ hasText: "Korean Ginseng" });
  await expect(list.getByRole("heading", { name: "Korean Ginseng" })).toBeVisible();
  await expect(list.getByRole("heading", { name: "Total Restore" })).toBeVisible();
  await expect(shopper.getByText("2 of 2 items available")).toBeVisible();
  await expect(shopper.getByText("Your wishlist is kept in this browser.")).toHaveCount(0);

  await shopper.getByRole("button", { name: "Add All to Cart" }).click();
  await expect(shopper.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();
  await shopper.getByRole("button", { name: /^Open cart/ }).click();
  const drawer = shopper.getByRole("dialog", { name: "Your MANA Cart" });
  await expect(drawer.getByText("Korean Ginseng")).toBeVisible();
  await expect(drawer.getByText("Total Restore")).toBeVisible();
  await drawer.getByRole("button", { name: "Close cart" }).click();

  // The product page's heart knows it is saved, and unsaves it.
  await shopper.goto(`${shop.base}/products/total-restore`);
  await hydrated(shopper);
  await expect(heart(shopper, "Total Restore")).toHaveAttribute("aria-pressed", "true");
});

test("Notify Me: the owner sets stock 0 then 10, and the shopper gets exactly one e-mail", async ({
  browser,
}) => {
  await setStock(owner, "Ashwagandha", "0");
  const waiter = await guestPage(browser);
  await waiter.goto(`${shop.base}/products/ashwagandha`);
  await hydrated(waiter);
  await expect(waiter.getByRole("status").getByText("Out of stock")).toBeVisible();
  await waiter.getByLabel("Your e-mail").fill(waiterEmail);
  await waiter.getByRole("button", { name: /^Notify Me/ }).click();
  await expect(
    waiter.getByText(`We'll e-mail ${waiterEmail} once when Ashwagandha is back in stock.`),
  ).toBeVisible();

  // Saved to the wishlist while sold out: Out of Stock and Notify Me, no Add to Cart.
  await heart(waiter, "Ashwagandha").click();
  await expect(heart(waiter, "Ashwagandha")).toHaveAttribute("aria-pressed", "true");
  await waiter.goto(`${shop.base}/wishlist`);
  await expect(waiter.getByText("0 of 1 items available")).toBeVisible();
  await expect(waiter.getByText("Out of Stock", { exact: true })).toBeVisible();
  await expect(waiter.getByRole("button", { name: /^Notify Me/ })).toBeVisible();
  await expect(waiter.getByRole("button", { name: /^Add to Cart/ })).toHaveCount(0);
  await checkLooks(waiter, shop.base, [["product-out-of-stock", "/products/ashwagandha"]], async (p) => {
    await hydrated(p);
    await expect(heart(p, "Ashwagandha")).toHaveAttribute("aria-pressed", "true");
  });
  await waiter.context().close();

  await setStock(owner, "Ashwagandha", "10");
  await setStock(owner, "Ashwagandha", "12");
  await owner.goto(`${shop.base}/dev/outbox`);
  const mails = owner
    .getByRole("listitem")
    .filter({ hasText: waiterEmail })
    .filter({ has: owner.getByRole("heading", { name: "Ashwagandha is back in stock" }) });
  await expect(mails).toHaveCount(1);
  await expect(mails.getByText(`${shop.base}/products/ashwagandha`)).toBeVisible();
});

test("a stack's heart saves the stack; while one of its products is sold out it offers Notify Me for that one", async () => {
  const stack = "Focus & Calm Stack"; // Korean Ginseng and Ashwagandha
  await shopper.goto(`${shop.base}/stacks`);
  await hydrated(shopper);
  await heart(shopper, stack).click();
  await expect(heart(shopper, stack)).toHaveAttribute("aria-pressed", "true");
  const saved = await (await shopper.request.get(`${shop.base}/api/wishlist`)).json();
  expect(saved.items.map((i: { name: string }) => i.name)).toContain(stack);

  await setStock(owner, "Ashwagandha", "0");
  await shopper.goto(`${shop.base}/wishlist`);
  await hydrated(shopper);
  const card = shopper.getByRole("listitem").filter({ has: shopper.getByRole("heading", { name: stack }) });
  await expect(card.getByText("Out of Stock", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: /^Add to Cart/ })).toHaveCount(0);
  await card.getByRole("button", { name: "Notify Me when Ashwagandha is back in stock" }).click();
  await expect(
    card.getByText(`We'll e-mail ${shopperEmail} once when Ashwagandha is back in stock.`),
  ).toBeVisible();

  await setStock(owner, "Ashwagandha", "10");
  await shopper.reload();
  await expect(card.getByRole("button", { name: `Add to Cart: ${stack}` })).toBeVisible();
  await owner.goto(`${shop.base}/dev/outbox`);
  const mails = owner
    .getByRole("listitem")
    .filter({ hasText: shopperEmail })
    .filter({ has: owner.getByRole("heading", { name: "Ashwagandha is back in stock" }) });
  await expect(mails).toHaveCount(1);
});

test("looks: the wishlist filled and empty, and a product page's heart", async ({ browser }) => {
  await checkLooks(
    shopper,
    shop.base,
    [
      ["wishlist-filled", "/wishlist"],
      ["product-heart", "/products/korean-ginseng"],
    ],
    async (page, name) => {
      await hydrated(page);
      // Two products and the stack, all in stock again.
      if (name === "wishlist-filled") await expect(page.getByText("3 of 3 items available")).toBeVisible();
      else await expect(heart(page, "Korean Ginseng")).toHaveAttribute("aria-pressed", "true");
    },
  );
  const guest = await guestPage(browser);
  await checkLooks(guest, shop.base, [["wishlist-empty", "/wishlist"]], async (page) => {
    await hydrated(page);
    await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  });
  await guest.context().close();
});
