import { createRequire } from "node:module";
import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { boughtOnSandbox, signedUp } from "./support/shopper.ts";

// A delivered buyer reviews a product, the owner publishes it on /admin/reviews, and the product page,
// its card and its JSON-LD carry it.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const require = createRequire(import.meta.url);
const { structuredDataTest } = require("structured-data-testing-tool") as {
  structuredDataTest: (html: string, options: object) => Promise<{ failed: { test: string }[] }>;
};
const { Google } = require("structured-data-testing-tool/presets");

const shop = new OwnShop("reviews");
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
const buyerEmail = `rae-${stamp}@example.com`;
const PRODUCT = "/products/total-restore";
const TITLE = "Steady energy all afternoon";

let owner: Page;
let buyer: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(170_000);
  await shop.start();
  owner = await signedUp(browser, shop.base, ownerEmail, "Olive Owner");
  buyer = await signedUp(browser, shop.base, buyerEmail, "Rae Reviewer");
  expect((await shop.admin("users", "promote", ownerEmail)).stdout).toContain(`${ownerEmail} is now admin`);
  const order = await boughtOnSandbox(buyer, shop.base, [{ productId: 2 }], "new");
  await shop.admin("orders", "ship", order, "--carrier", "ups", "--tracking", "1Z999AA1");
  await shop.admin("orders", "deliver", order);
});

test.afterAll(async () => {
  await owner?.context().close();
  await buyer?.context().close();
  await shop.stop();
});

test("a delivered buyer reviews the product; it waits for the owner", async ({ request }) => {
  const anonymous = await (await request.get(`${shop.base}${PRODUCT}`)).text();
  expect(anonymous).toContain("No reviews yet");
  expect(anonymous).not.toContain("aggregateRating");

  // The empty section with the form, as the buyer first sees it.
  await checkLooks(buyer, shop.base, [["review-form", PRODUCT]], async (page) => {
    await expect(page.getByText("No reviews yet")).toBeVisible();
    const theme = await page.locator("html").getAttribute("data-theme");
    await page.locator("#reviews").screenshot({
      path: test.info().outputPath(`review-form-section-${page.viewportSize()?.width}-${theme}.png`),
    });
  });
  await buyer.goto(`${shop.base}${PRODUCT}#write-review`);
  await expect(buyer.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(buyer.getByRole("heading", { name: "Write a review" })).toBeVisible();
  await buyer.getByRole("radio", { name: "5 stars" }).check();
  await buyer.getByLabel("Title").fill(TITLE);
  await buyer.getByLabel("Your review").fill("Visit cheapest.example for more");
  await buyer.getByRole("button", { name: "Submit review" }).click();
  await expect(buyer.getByRole("alert")).toContainText("must not contain links");
  await buyer
    .getByLabel("Your review")
    .fill("I take it with breakfast and no longer need a coffee at three. Easy on the stomach too.");
  await buyer.getByRole("button", { name: "Submit review" }).click();
  await expect(
    buyer.getByText("Thank you: your review will appear once the shop has read it."),
  ).toBeVisible();
  await buyer.reload();
  await expect(buyer.getByRole("heading", { name: "Your review" })).toBeVisible();
  await expect(buyer.getByText("Waiting for the shop to read it")).toBeVisible();
  // Not shown to anyone else yet.
  expect(await (await request.get(`${shop.base}${PRODUCT}`)).text()).not.toContain(TITLE);
});

test("the public pages a signed-in customer reads are the anonymous pages, from the shared cache", async ({
  request,
}) => {
  // The buyer has an order, a name and a review only they can see: none of it may reach a shared page.
  const cookie = (await buyer.context().cookies())
    .filter((c) => c.name.includes("session_token"))
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  expect(cookie).toContain("mana.session_token=");
  const sitemap = await (await request.get(`${shop.base}/sitemap.xml`)).text();
  const first = (pattern: RegExp) => new URL(sitemap.match(pattern)?.[0] ?? "http://x/").pathname;
  const paths = [
    "/",
    PRODUCT,
    `${PRODUCT}.data`,
    "/knowledge",
    first(/http[^<]*\/knowledge\/[a-z0-9-]+/),
    first(/http[^<]*\/story\/[a-z0-9-]+/),
    "/stacks",
    first(/http[^<]*\/stacks\/[a-z0-9-]+/),
    "/search",
    "/sitemap.xml",
    "/robots.txt",
  ];
  expect(paths.filter((p) => p === "/")).toHaveLength(1);
  // Each render is a fresh one (a query no one asked before), signed in and not, compared byte for byte
  // but for the per-answer CSP nonce and the query itself.
  const render = async (path: string, signedIn: boolean) => {
    const token = `${signedIn ? "s" : "a"}${Math.random().toString(36).slice(2, 10)}`;
    const res = await request.get(`${shop.base}${path}?fresh=${token}`, {
      headers: signedIn ? { cookie } : {},
    });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["x-page-cache"], path).toBeUndefined();
    return (await res.text()).replaceAll(token, "TOKEN").replace(/nonce="[^"]*"/g, 'nonce=""');
  };
  for (const path of paths) {
    const mine = await render(path, true);
    expect(mine, path).not.toContain("Rae");
    expect(mine, path).not.toContain(TITLE);
    expect(mine, path).toBe(await render(path, false));
  }
  // So the signed-in customer is answered from the cache, and their panel comes from the browser.
  await request.get(`${shop.base}${PRODUCT}`);
  const hit = await request.get(`${shop.base}${PRODUCT}`, { headers: { cookie } });
  expect(hit.headers()["x-page-cache"]).toBe("hit");
  await buyer.goto(`${shop.base}${PRODUCT}`);
  await expect(buyer.getByRole("heading", { name: "Your review" })).toBeVisible();
});

test("the owner publishes it on /admin/reviews; page, card and JSON-LD show it", async ({
  request,
  browser,
}) => {
  await owner.goto(`${shop.base}/admin/reviews`);
  await expect(owner.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(owner.getByRole("link", { name: "Waiting (1)" })).toBeVisible();
  await owner.getByRole("button", { name: `Publish: ${TITLE} by Rae R.` }).click();
  await expect(owner.getByText("No review is waiting to be read.")).toBeVisible();

  const html = await (await request.get(`${shop.base}${PRODUCT}`)).text();
  expect(html).toContain(TITLE);
  expect(html).toContain("Verified buyer");
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1] as string))
    .find((d) => d["@type"] === "Product");
  expect(ld.aggregateRating).toMatchObject({ ratingValue: "5.0", reviewCount: 1 });
  expect(ld.review[0]).toMatchObject({
    author: { "@type": "Person", name: "Rae R." },
    name: TITLE,
    reviewRating: { ratingValue: 5 },
  });
  let failed: { test: string }[] = [];
  try {
    failed = (await structuredDataTest(html, { presets: [Google], schemas: ["Product"] })).failed;
  } catch (err) {
    failed = (err as { res?: { failed: { test: string }[] } }).res?.failed ?? [{ test: String(err) }];
  }
  expect(failed.map((f) => f.test)).toEqual([]);

  // Its writer sees it once, as their own review with Edit and Delete, not again in the list.
  await buyer.goto(`${shop.base}${PRODUCT}`);
  await expect(buyer.getByText("Published.")).toBeVisible();
  await expect(buyer.getByRole("heading", { name: TITLE })).toHaveCount(1);
  await expect(buyer.getByText("Yours is the first review of this product: thank you.")).toBeVisible();

  const home = await request.get(`${shop.base}/`);
  const card = (await home.text()).includes("Rated 5.0 out of 5");
  expect(card).toBe(true);

  // Another shopper reports it, once; the owner sees the flag and the reason.
  const reader = await signedUp(browser, shop.base, `reader-${stamp}@example.com`, "Reed Reader");
  await reader.goto(`${shop.base}${PRODUCT}`);
  await expect(reader.locator("html")).toHaveAttribute("data-hydrated", "true");
  await reader.getByRole("button", { name: "Report" }).click();
  await expect(reader.getByLabel("Why should the shop look at this review?")).toBeFocused();
  await reader.getByLabel("Why should the shop look at this review?").selectOption("off-topic");
  await reader.getByRole("button", { name: "Send report" }).click();
  await expect(reader.getByText("Thank you: the shop will look at this review.")).toBeVisible();
  await reader.context().close();
  await owner.goto(`${shop.base}/admin/reviews?status=published`);
  const listed = owner.getByRole("article", { name: TITLE });
  await expect(listed.getByText("Reported 1 time")).toBeVisible();
  await expect(listed).toContainText("Not about this product");
});

test("the reviews section and /admin/reviews are axe clean at 1280 and 390 px in both themes", async () => {
  await checkLooks(buyer, shop.base, [["product-reviews", PRODUCT]], async (page) => {
    await expect(page.getByRole("heading", { name: "Customer reviews" })).toBeVisible();
    // The section alone too, at full size, beside checkLooks' whole-page picture.
    const theme = await page.locator("html").getAttribute("data-theme");
    await page.locator("#reviews").screenshot({
      path: test.info().outputPath(`reviews-section-${page.viewportSize()?.width}-${theme}.png`),
    });
  });
  await checkLooks(owner, shop.base, [["admin-reviews", "/admin/reviews?status=published"]], async (page) => {
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    await expect(page.getByRole("article", { name: TITLE })).toBeVisible();
  });
});
