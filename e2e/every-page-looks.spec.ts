import { expect, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";
import { signedUp } from "./support/shopper.ts";

// Every page of the shop, drawn in both themes at 1280 and 390 px: readable (axe's contrast checks among
// the rest), nothing wider than the screen, and a screenshot of each kept with the test's output.
// The dashboard's pages are checked the same way in e2e/admin*.spec.ts.

const PUBLIC: [string, string][] = [
  ["home", "/"],
  ["products", "/products"],
  ["product", "/products/korean-ginseng"],
  ["knowledge", "/knowledge"],
  ["article", "/knowledge/ginsenosides-explained"],
  ["stacks", "/stacks"],
  ["stack", "/stacks/complete-mana-system"],
  ["auth", "/auth"],
  ["checkout-empty", "/checkout"],
  ["contact", "/contact"],
  ["terms", "/terms"],
  ["privacy", "/privacy"],
  ["preferences-guest", "/preferences"],
];

test.setTimeout(240_000);

test("every public page reads well in the light and the dark theme", async ({ page, baseURL }) => {
  await checkLooks(page, baseURL as string, PUBLIC);
});

test("a story reads well in both themes, with the child's name in it", async ({ page, baseURL }) => {
  // The name is already known, so the reader opens on the story rather than on its name dialog.
  await page.addInitScript(() => localStorage.setItem("storyChildName", "Mina"));
  await checkLooks(
    page,
    baseURL as string,
    [["story", "/story/the-root-that-looked-like-a-person"]],
    async (p) => {
      await expect(p.getByRole("heading", { level: 1 })).toContainText("for Mina");
    },
  );
});

test("every account page reads well in the light and the dark theme", async ({ browser, baseURL }) => {
  const base = baseURL as string;
  const page = await signedUp(browser, base, `looks-${Date.now()}@example.com`, "Lena Looks");
  await checkLooks(page, base, [
    ["account", "/account"],
    ["account-orders", "/account/orders"],
    ["account-subscriptions", "/account/subscriptions"],
    ["account-addresses", "/account/addresses"],
    ["orders", "/orders"],
    ["preferences", "/preferences"],
  ]);
  await page.close();
});
