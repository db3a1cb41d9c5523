import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { axe } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;
const toast = (page: Page) => page.getByRole("region", { name: /Notification/ });

async function signUp(page: Page, email: string, password = "quiet forest 42") {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Full Name").fill("Maya Rivers");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
}

/** The newest e-mail to an address with a subject, as the dev outbox shows it: the link it carries to `path`. */
async function linkFromOutbox(browser: Browser, to: string, subject: string, path: string): Promise<string> {
  const page = await browser.newPage();
  try {
    let href: string | null = null;
    await expect(async () => {
      await page.goto("/dev/outbox");
      const message = page
        .getByRole("listitem")
        .filter({ hasText: to })
        .filter({ has: page.getByRole("heading", { name: subject }) })
        .first();
      href = await message
        .locator(`a[href*="${path}?token="]`)
        .first()
        .getAttribute("href", { timeout: 1000 });
      expect(href).toBeTruthy();
    }).toPass({ timeout: 10_000 });
    return new URL(href as unknown as string).pathname + new URL(href as unknown as string).search;
  } finally {
    await page.close();
  }
}

async function expectNoAxeViolations(page: Page) {
  const result = await axe(page).analyze();
  expect(result.violations).toEqual([]);
}

test.describe("account e-mails", () => {
  // Each journey reads the outbox and runs axe several times.
  test.describe.configure({ timeout: 120_000 });

  test("forgot password: from the e-mail to signing in with the new password, the old session gone", async ({
    browser,
  }) => {
    const email = uniqueEmail("forgot");
    const old = await browser.newPage();
    await signUp(old, email);

    // Another browser (a context of its own: no cookies shared with the old session).
    const page = await (await browser.newContext()).newPage();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/auth/forgot");
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    // The address typed on the sign-in form comes along.
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeFocused();
    await expect(page.getByRole("status")).toContainText(`If an account uses ${email}`);

    const link = await linkFromOutbox(browser, email, "Reset your MANA password", "/auth/reset");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expectNoAxeViolations(page);
    const field = page.getByLabel("New password");
    await expect(field).toHaveAccessibleDescription(/At least 6 characters/);
    // The sign-up rules: a common password is refused beside the field, with what was typed kept.
    await field.fill("iloveyou");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page.locator("#reset-password-error")).toContainText("most common passwords");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveValue("iloveyou");
    await expect(field).toBeFocused();
    await expectNoAxeViolations(page);
    await field.fill("a brand new phrase 9");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.waitForURL(/\/auth$/);
    await expect(toast(page)).toContainText("Password changed");

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("quiet forest 42");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(toast(page)).toContainText("Incorrect password");
    await page.getByLabel("Password").fill("a brand new phrase 9");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL("**/account");

    // The session from before the reset has ended.
    await old.goto("/account");
    await expect(old).toHaveURL(/\/auth$/);

    // The link worked once.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Request a New Link" }).click();
    await page.waitForURL("**/auth/forgot");
  });

  test("the verification link verifies, and the account page shows it", async ({ page, browser }) => {
    const email = uniqueEmail("verify");
    await signUp(page, email);
    await expect(page.getByText("Not verified yet")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(/Not verified yet/);
    await page.getByRole("button", { name: "Resend Verification E-mail" }).click();
    await expect(toast(page)).toContainText("Verification e-mail sent");

    const link = await linkFromOutbox(browser, email, "Confirm your e-mail address for MANA", "/auth/verify");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm My E-mail" }).click();
    await expect(
      page.getByRole("heading", { name: "Thank you, your e-mail address is verified" }),
    ).toBeFocused();
    await page.getByRole("link", { name: "Go to My Account" }).click();
    await page.waitForURL("**/account");
    await expect(page.getByText("Verified", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend Verification E-mail" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("opening a verification link alone verifies nothing; a forged one is refused", async ({ page }) => {
    await page.goto("/auth/verify?token=forged.token.value");
    await page.getByRole("button", { name: "Confirm My E-mail" }).click();
    await expect(page.getByRole("heading", { name: "The link is not valid" })).toBeVisible();
  });

  test("the newsletter's confirmation link subscribes after asking; its unsubscribe link unsubscribes, after asking", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("letter");
    await page.goto("/");
    const subscribed = await page.request.post("/api/newsletter", { data: { email, consent: true } });
    expect(subscribed.ok()).toBe(true);
    // Double opt-in (decision 026): the address's owner confirms from the link in the e-mail.
    const confirm = await linkFromOutbox(
      browser,
      email,
      "Confirm your subscription to the MANA letter",
      "/newsletter/confirm",
    );
    await page.goto(confirm);
    await expect(page.getByText(`Send the MANA letter to ${email}?`)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: "You are subscribed" })).toBeFocused();
    // The link works once.
    await page.goto(confirm);
    await expect(page.getByRole("heading", { name: "This confirmation link is not valid" })).toBeVisible();
    const link = await linkFromOutbox(browser, email, "Welcome to MANA!", "/newsletter/unsubscribe");
    await page.goto(link);
    await expect(page.getByText(`Stop the MANA letter for ${email}?`)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeFocused();
    // Opening the link again shows it is done.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
    await page.goto(`${link.slice(0, -3)}xyz`);
    await expect(page.getByRole("heading", { name: "This unsubscribe link is not valid" })).toBeVisible();
  });
});

/**
 * `npm start` on a fresh data directory, as a newcomer runs it: no DEV_OUTBOX and no BETTER_AUTH_SECRET.
 * A server of its own, started twice on the same directory.
 */
test.describe("a first start", () => {
  test.describe.configure({ mode: "serial" });
  // The outbox rule and the generated secret are what these journeys check: neither is set for them.
  const shop = new OwnShop(
    "first-start",
    {
      DEV_OUTBOX: "",
      BETTER_AUTH_SECRET: "",
      SMTP_URL: "",
      TWILIO_ACCOUNT_SID: "",
    },
    { firstStart: true },
  );
  const dataDir = shop.dataDir;
  let base = "";
  async function start(extra: Record<string, string> = {}) {
    await shop.start(extra);
    base = shop.base;
  }
  const stop = () => shop.stop();
  test.afterAll(stop);

  test("shows the outbox to this machine only, keeps a generated secret, and sessions survive a restart", async () => {
    test.setTimeout(180_000);
    await start();
    expect((await fetch(`${base}/dev/outbox`)).status).toBe(200);
    expect((await fetch(`${base}/dev/outbox.data`)).status).toBe(200);
    // A request that came through a proxy is not this machine's own visitor.
    expect(
      (await fetch(`${base}/dev/outbox`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status,
    ).toBe(404);

    const file = join(dataDir, "auth-secret");
    const secret = readFileSync(file, "utf8").trim();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: uniqueEmail("restart"), password: "quiet forest 42", name: "Re Start" }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");

    // Once a real mail server is configured, the outbox closes, even to this machine.
    await stop();
    await start({ SMTP_URL: "smtp://127.0.0.1:9" });
    expect(readFileSync(file, "utf8").trim()).toBe(secret);
    const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
    expect((await session.json())?.user?.name).toBe("Re Start");
    expect((await fetch(`${base}/dev/outbox`)).status).toBe(404);
  });
});
