import { type Browser, expect, type Page } from "@playwright/test";
import { fillAddress } from "./address.ts";

/** A new account, signed up on /auth in a browser context of its own; answers its page on /account. */
export async function signedUp(browser: Browser, base: string, email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}/auth?tab=signup`);
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
  return page;
}

/**
 * A test card the sandbox's page accepts (4242 unless another is given, such as the Mastercard
 * 5200 8282 8282 8210), typed as a shopper types it.
 */
export async function payWithTestCard(
  page: Page,
  nameOnCard: string,
  cardNumber = "4242 4242 4242 4242",
): Promise<void> {
  await expect(page).toHaveURL(/\/pay\/cs_sandbox_/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill(nameOnCard);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_/);
}

/**
 * Ticks the box beside the pay button that agrees to a subscription's automatic renewal (a cart with a
 * subscription pays only with it: docs/decisions/042-renewal-consent-at-checkout.md), once the page's
 * script runs (a box ticked before would be reset).
 */
export async function agreeToRenewal(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("checkbox", { name: /renews automatically/ }).check();
}

type Line = { productId: number; quantity?: number; isSubscription?: boolean };

/**
 * A signed-in shopper buys `lines` on the sandbox's card page and answers the new order's number. The
 * first checkout types the address (and keeps it); later ones ship to the kept address, chosen first.
 */
export async function boughtOnSandbox(
  page: Page,
  base: string,
  lines: Line[],
  address: "new" | "saved",
): Promise<string> {
  for (const { productId, quantity = 1, isSubscription = false } of lines) {
    const added = await page.request.post(`${base}/api/cart`, {
      data: { productId, quantity, isSubscription },
    });
    expect(added.status()).toBe(201);
  }
  await page.goto(`${base}/checkout`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  if (address === "new") await fillAddress(page);
  else await expect(page.getByRole("radio", { name: /Sam Shopper/ })).toBeChecked();
  if (lines.some((l) => l.isSubscription)) await agreeToRenewal(page);
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await payWithTestCard(page, "Sam Shopper");
  const orders = await (await page.request.get(`${base}/api/orders`)).json();
  return orders[0].orderNumber as string;
}
