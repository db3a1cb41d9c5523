import { expect, type Page, test } from "@playwright/test";
import { axe } from "./support/looks.ts";

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;
const toast = (page: Page) => page.getByRole("region", { name: /Notification/ });

async function signUp(page: Page, email: string, name = "Maya Rivers", password = "quiet forest 42") {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
}

async function signIn(page: Page, email: string, password = "quiet forest 42") {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test.describe("identity", () => {
  test("sign up, edit the display name, sign out, sign in again, see the initials", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = uniqueEmail("journey");
    await signUp(page, email);
    await expect(page.getByRole("heading", { name: "Welcome back, Maya Rivers" })).toBeVisible();
    await expect(toast(page)).toContainText("Account created!");
    await expect(page.getByRole("heading", { name: "Profile Information", exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Display Name").fill("Nia Okafor");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Profile updated");
    await expect(page.getByLabel("Display Name")).toHaveValue("Nia Okafor");
    await expect(page.getByTestId("avatar")).toHaveText("NO");

    await page.getByTestId("avatar").click();
    await expect(page.getByRole("menu")).toContainText(email);
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(toast(page)).toContainText("You have been signed out successfully");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();

    await signIn(page, email);
    await page.waitForURL("**/account");
    await expect(toast(page)).toContainText("Welcome back!");
    await expect(page.getByRole("heading", { name: "Welcome back, Nia Okafor" })).toBeVisible();
    await expect(page.getByTestId("avatar")).toHaveText("NO");
    await page.getByTestId("avatar").click();
    for (const item of ["My Account", "Order History", "Wishlist", "Preferences", "Sign Out"]) {
      await expect(page.getByRole("menuitem", { name: item })).toBeVisible();
    }
  });

  test("an invalid phone number shows the server's message beside the field and keeps what was typed", async ({
    page,
  }) => {
    await signUp(page, uniqueEmail("phone"));
    await page.getByRole("button", { name: "Edit" }).click();
    const phone = page.getByLabel("Phone Number");
    await phone.fill("12345");
    await page.getByRole("button", { name: "Save" }).click();
    const message = page.locator("#profile-phone-error");
    await expect(message).toContainText("international format, e.g. +15550000000");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAttribute("aria-describedby", /profile-phone-error/);
    await expect(phone).toHaveAccessibleDescription(/international format/);
    await expect(phone).toHaveValue("12345");
    await expect(toast(page)).not.toContainText("Update failed");
  });

  test("a wrong password and an unknown e-mail show their toasts", async ({ page }) => {
    const email = uniqueEmail("toasts");
    await signUp(page, email);
    await page.context().clearCookies();
    await signIn(page, email, "not the password");
    await expect(toast(page)).toContainText("Incorrect password");
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, uniqueEmail("nobody"));
    await expect(toast(page)).toContainText("No account found with this email");
  });

  test("phone sign-in: human check, code from the outbox, account created", async ({ page }) => {
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    await page.goto("/auth");
    await page.getByLabel("Phone number").fill(phone);
    const widget = page.locator("altcha-widget");
    await expect(widget).toBeVisible();
    await widget.getByText("I'm not a robot").click();
    // The widget puts its signed payload in a hidden field once the proof of work is verified.
    await expect(page.locator('input[name="altcha"]')).toHaveValue(/.{20,}/, { timeout: 20_000 });
    await page.getByRole("button", { name: "Send Code" }).click();
    await expect(page.getByText(`Code sent to ${phone}`)).toBeVisible();
    await expect(toast(page)).toContainText("Verification code sent to your phone");

    const outbox = await page.context().newPage();
    await outbox.goto("/dev/outbox");
    const message = outbox.getByRole("listitem").filter({ hasText: phone }).first();
    const text = (await message.textContent()) ?? "";
    const code = text.match(/\b(\d{6})\b/)?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    await outbox.close();

    await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify & Sign In" }).click();
    await expect(toast(page)).toContainText("Invalid verification code");
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify & Sign In" }).click();
    await page.waitForURL("**/account");
    await expect(page.getByRole("heading", { name: `Welcome back, ${phone}` })).toBeVisible();

    // No e-mail yet: the profile says so, the menu names the phone, the placeholder never shows.
    const email = page.getByLabel("Email", { exact: true });
    await expect(email).toHaveValue("");
    await expect(email).toHaveAttribute("placeholder", "No e-mail yet");
    await expect(email).toHaveAccessibleDescription(/You sign in with your phone number/);
    // No e-mail, so nothing to verify: neither the state nor the resend button.
    await expect(page.getByText("Not verified yet")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Resend Verification E-mail" })).toHaveCount(0);
    await page.getByTestId("avatar").click();
    await expect(page.getByRole("menu")).toContainText(phone);
    await page.keyboard.press("Escape");
    await expect(page.locator("html")).not.toContainText("phone.mana.invalid");
    // At checkout a phone-only account gives an address for the confirmation, like a guest.
    expect((await page.request.post("/api/cart", { data: { productId: 1, quantity: 1 } })).status()).toBe(
      201,
    );
    await page.goto("/checkout");
    await expect(page.getByLabel("Email address")).toBeEditable();
    await expect(page.getByLabel("Email address")).toHaveValue("");
    await expect(page.getByText("We send your order confirmation to this address.")).toBeVisible();
    await expect(page.locator("html")).not.toContainText("phone.mana.invalid");
  });

  test("OIDC sign-in against the local provider creates the account", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Local OIDC" }).click();
    await page.waitForURL("**/account");
    await expect(page.getByRole("heading", { name: "Welcome back, Olivia Oidc" })).toBeVisible();
    await expect(toast(page)).toContainText("Signed in as olivia.oidc@example.com");
  });

  test("a deployed shop offers only the sign-in providers it has credentials for", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: "Continue with Local OIDC" })).toBeVisible();
    for (const name of ["Google", "GitHub", "X", "Apple"]) {
      await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);
    }
    await expect(page.getByText("Development only")).toHaveCount(0);
  });

  test("signed-out visitors are guarded", async ({ page }) => {
    await page.goto("/account");
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/account/orders");
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/orders");
    await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
    await expect(page.getByText("Please sign in to view your order history.")).toBeVisible();
    // A guest's wishlist and preferences stay in the browser; each page invites them to keep them on an account.
    await page.goto("/wishlist");
    await expect(page.getByText("Your wishlist is kept in this browser.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/auth",
    );
    await page.goto("/preferences");
    await expect(page.getByText("These settings stay in this browser")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "sign in" })).toHaveAttribute(
      "href",
      "/auth",
    );
  });

  test("a signed-in visitor is sent from /auth to /account", async ({ page }) => {
    await signUp(page, uniqueEmail("redirect"));
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/account$/);
  });

  test("a guest cart survives sign-in", async ({ page }) => {
    const email = uniqueEmail("cart");
    await signUp(page, email);
    await page.context().clearCookies();
    await page.goto("/");
    const add = await page.request.post("/api/cart", { data: { productId: 2, quantity: 2 } });
    expect(add.ok()).toBe(true);
    await signIn(page, email);
    await page.waitForURL("**/account");
    const cart = await (await page.request.get("/api/cart")).json();
    expect(cart).toEqual([expect.objectContaining({ productId: 2, quantity: 2 })]);
  });

  test("/auth and /account have no accessibility violations", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.locator("altcha-widget")).toBeVisible();
    const auth = await axe(page).analyze();
    expect(auth.violations).toEqual([]);
    await signUp(page, uniqueEmail("axe"));
    await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
    // Analyse the page at rest, not a toast halfway through its fade-in.
    await page.getByRole("button", { name: "Close notification" }).click();
    await expect(toast(page).getByRole("status")).toHaveCount(0);
    const account = await axe(page).analyze();
    expect(account.violations).toEqual([]);
  });
  test("opened at another address than the shop's own, sign-up says which address to use", async ({
    page,
    baseURL,
  }) => {
    // The journeys' shop names PUBLIC_URL http://127.0.0.1:PORT; the same shop opened at localhost.
    const own = new URL(baseURL as string);
    const elsewhere = `http://localhost:${own.port}`;
    await page.goto(`${elsewhere}/auth?tab=signup`);
    await page.getByLabel("Full Name").fill("Maya Rivers");
    await page.getByLabel("Email").fill(uniqueEmail("wrong-address"));
    await page.getByLabel("Password").fill("quiet forest 42");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText(`Open the shop at ${own.origin} to sign in.`);
    await expect(page).toHaveURL(/\/auth/);
  });
});
