import { expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";

// A signed-in user's paid order shows on /orders and in the account Overview.
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}@example.com`;

async function signUp(page: Page, email: string) {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Full Name").fill("Olive Orders");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
}

test("a signed-in user's paid order appears on /orders and in the Overview's Total Orders", async ({
  page,
}) => {
  const email = uniqueEmail("orders");
  await signUp(page, email);
  await expect(page.getByText("Total Orders")).toBeVisible();
  const stat = page.getByText("Total Orders").locator("..");
  await expect(stat).toContainText("0");

  const added = await page.request.post("/api/cart", {
    data: { productId: 1, quantity: 2, isSubscription: false },
  });
  expect(added.status()).toBe(201);
  await page.goto("/checkout");
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await fillAddress(page, { fullName: "Olive Orders" });
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Olive Orders");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();

  await page.goto("/orders");
  const card = page.getByRole("heading", { name: /^Order #MANA-/ });
  await expect(card).toHaveCount(1);
  await expect(page.getByText("Processing", { exact: false }).first()).toBeVisible();

  await page.goto("/account");
  await expect(page.getByText("Total Orders").locator("..")).toContainText("1");
});
