import { expect, test } from "@playwright/test";
import { axeReduced } from "./support/looks.ts";

test.describe("wellness stacks", () => {
  test("filters by outcome on and off", async ({ page }) => {
    await page.goto("/stacks");
    const cards = page.getByRole("region", { name: "Stacks" }).getByRole("article");
    const all = await cards.count();
    expect(all).toBeGreaterThanOrEqual(6);
    await expect(page.getByRole("button", { name: "All Stacks" })).toHaveAttribute("aria-pressed", "true");

    const sleep = page.getByRole("button", { name: "Deep sleep" });
    await sleep.click();
    await expect(sleep).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/outcome=deep-sleep/);
    await expect(cards.first()).toBeVisible();
    const n = await cards.count();
    expect(n).toBeLessThan(all);
    for (let i = 0; i < n; i++) await expect(cards.nth(i).getByText("Deep sleep")).toBeVisible();

    await sleep.click();
    await expect(sleep).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("button", { name: "All Stacks" })).toHaveAttribute("aria-pressed", "true");
    await expect(cards).toHaveCount(all);
  });

  test("shows every figure of a stack card", async ({ page }) => {
    await page.goto("/stacks");
    const card = page.getByRole("article").filter({ hasText: "Focus & Calm Stack" });
    await expect(card.getByText("Expert Endorsed")).toBeVisible();
    await expect(card.getByText("Popular")).toBeVisible(); // score 88 > 85
    await expect(card.getByText("Save 15% ($9.00)")).toBeVisible(); // (60 - 51) / 60
    await expect(card.getByText("Includes (2 Products)")).toBeVisible();
    await expect(card.getByText("30-day supply")).toHaveCount(2);
    await expect(card.getByText("$1.70/day")).toBeVisible();
    await expect(card.getByText("880 customers")).toBeVisible();
    await expect(card.getByText("4.4")).toBeVisible();
    await expect(card.getByText("60-day guarantee")).toBeVisible();
    await expect(card.getByRole("button", { name: "Add Complete Stack - $51.00" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Subscribe & Save 20%" })).toBeVisible();
    await card.getByRole("link", { name: /View Details/ }).click();
    await expect(page).toHaveURL("/stacks/focus-and-calm");
    await expect(page.getByRole("heading", { level: 1, name: "Focus & Calm Stack" })).toBeVisible();
  });

  test("'Add Complete Stack' puts each product in the cart under the stack", async ({ page }) => {
    await page.goto("/stacks");
    const card = page.getByRole("article").filter({ hasText: "Focus & Calm Stack" });
    await card.getByRole("button", { name: /Add Complete Stack/ }).click();
    await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
    const items = (await (await page.request.get("/api/cart")).json()) as Array<{
      productId: number;
      quantity: number;
      isSubscription: boolean;
      bundleId: string | null;
    }>;
    const lines = items.filter((i) => i.bundleId === "focus-and-calm");
    expect(lines.map((l) => [l.productId, l.quantity, l.isSubscription]).sort()).toEqual([
      [1, 1, false],
      [3, 1, false],
    ]);
  });

  test("'Subscribe & Save' adds them as subscriptions", async ({ page }) => {
    await page.goto("/stacks/sleep-and-unwind");
    await page.getByRole("button", { name: /Subscribe & Save/ }).click();
    await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
    const items = (await (await page.request.get("/api/cart")).json()) as Array<{
      productId: number;
      isSubscription: boolean;
      bundleId: string | null;
    }>;
    expect(
      items
        .filter((i) => i.bundleId === "sleep-and-unwind" && i.isSubscription)
        .map((i) => i.productId)
        .sort(),
    ).toEqual([2, 3]);
  });

  test("an unknown stack is a 404", async ({ page }) => {
    const res = await page.goto("/stacks/no-such-stack");
    expect(res?.status()).toBe(404);
  });

  test("axe finds no violations on /stacks", async ({ page }) => {
    await page.goto("/stacks");
    await expect(page.locator("h1")).toBeVisible();
    const results = await axeReduced(page);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });
});
