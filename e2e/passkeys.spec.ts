import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { freePort } from "./support/free-port.ts";
import { axe, checkLooks } from "./support/looks.ts";
import { OwnShop } from "./support/own-shop.ts";
import { signedUp } from "./support/shopper.ts";

// Passkeys (docs/decisions/052-passkeys.md), with Chromium's virtual authenticator standing in for a
// fingerprint reader: a customer adds a passkey from the account, signs out, signs in with it from /auth,
// renames it, changes the password with it, then removes it, after which it signs no one in. WebAuthn refuses an IP address as the relying party, so
// this journey's shop lives at http://localhost:PORT (PUBLIC_URL), not at 127.0.0.1 like the others.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const shop = new OwnShop("passkeys");
const email = `pia-${Date.now()}@example.com`;
let customer: Page;
let authenticator: { cdp: CDPSession; id: string };

const toast = (page: Page) => page.getByRole("region", { name: /Notification/ });
const axeViolations = async (page: Page) =>
  (await axe(page).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);

/** A platform authenticator with user verification, as a laptop's fingerprint reader is. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

async function signOut(page: Page) {
  await page.goto(`${shop.base}/account`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL(`${shop.base}/`);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(110_000);
  shop.port = await freePort();
  shop.base = `http://localhost:${shop.port}`;
  await shop.start();
  customer = await signedUp(browser, shop.base, email, "Pia Keller");
  authenticator = await virtualAuthenticator(customer);
});

test.afterAll(async () => {
  await customer?.context().close();
  await shop.stop();
});

test("a customer adds a named passkey from the account; it is listed with the day it was added", async () => {
  await customer.goto(`${shop.base}/account`);
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  const card = customer.getByRole("region", { name: "Passkeys" });
  await expect(card.getByText("You have no passkeys yet.")).toBeVisible();
  const add = card.getByRole("button", { name: "Add a passkey" });
  await add.click();

  const dialog = customer.getByRole("dialog", { name: "Add a passkey" });
  const name = dialog.getByLabel("Passkey name");
  // Named after the browser and system by default, and editable.
  await expect(name).toHaveValue("Chrome on Linux");
  expect(await axeViolations(customer)).toEqual([]);
  await customer.screenshot({ path: test.info().outputPath("add-passkey-dialog.png") });
  // An empty name is refused beside the field, with the focus on it.
  await name.fill("  ");
  await dialog.getByRole("button", { name: "Create passkey" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please enter a name for this passkey.");
  await expect(name).toBeFocused();
  await name.fill("Work laptop");
  await dialog.getByRole("button", { name: "Create passkey" }).click();

  await expect(dialog).toBeHidden();
  await expect(toast(customer).getByText("Passkey added")).toBeVisible();
  // The focus is back on the button that opened the dialog.
  await expect(add).toBeFocused();
  const item = card.getByRole("list", { name: "Your passkeys" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Work laptop");
  const today = new Date().toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  await expect(item).toContainText(`Added ${today}`);
  const { credentials } = await authenticator.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: authenticator.id,
  });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(credentials[0]?.rpId).toBe("localhost");
});

test("the customer renames the passkey in place: Escape cancels, Save keeps the new name", async () => {
  const card = customer.getByRole("region", { name: "Passkeys" });
  const rename = card.getByRole("button", { name: "Rename Work laptop" });
  await rename.click();
  const field = card.getByLabel("Passkey name");
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("Work laptop");
  expect(await axeViolations(customer)).toEqual([]);
  // Escape leaves the name as it was, the focus back on Rename.
  await field.fill("Something else");
  await field.press("Escape");
  await expect(field).toBeHidden();
  await expect(rename).toBeFocused();
  await expect(card.getByRole("listitem")).toContainText("Work laptop");

  await rename.click();
  // An empty name is refused beside the field.
  await field.fill("   ");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByRole("alert")).toHaveText("Please enter a name for this passkey.");
  await expect(field).toBeFocused();
  await field.fill("Office laptop");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(toast(customer).getByText("Passkey renamed")).toBeVisible();
  await expect(card.getByRole("listitem")).toContainText("Office laptop");
  await expect(card.getByRole("button", { name: "Rename Office laptop" })).toBeFocused();
  // Read again from the shop, the new name stays.
  await customer.reload();
  await expect(customer.getByRole("region", { name: "Passkeys" }).getByRole("listitem")).toContainText(
    "Office laptop",
  );
});

test("signed out, the customer signs in with the passkey from /auth", async () => {
  await signOut(customer);
  await customer.goto(`${shop.base}/auth`);
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  // The e-mail field offers the browser's saved passkeys (conditional UI).
  await expect(customer.getByLabel("Email")).toHaveAttribute("autocomplete", "email webauthn");
  await customer.getByRole("button", { name: "Sign in with a passkey" }).click();
  await customer.waitForURL(`${shop.base}/account`);
  await expect(customer.getByRole("heading", { level: 1 })).toContainText("Pia Keller");
  await expect(toast(customer).getByText("Welcome back!")).toBeVisible();
});

test("the customer changes the password, confirmed with the passkey, then signs in with the new one", async ({
  browser,
}) => {
  await customer.setViewportSize({ width: 1280, height: 900 });
  await customer.goto(`${shop.base}/account`);
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  const card = customer.getByRole("region", { name: "Sign-in and security" });
  await expect(card).toContainText(email);
  await expect(card).toContainText("A password is set");
  const open = card.getByRole("button", { name: "Change password" });
  await open.click();
  const dialog = customer.getByRole("dialog", { name: "Change your password" });
  await expect(dialog.getByLabel("New password")).toBeFocused();
  expect(await axeViolations(customer)).toEqual([]);
  // The sign-up's rules, in the sign-up's words.
  await dialog.getByLabel("New password").fill("abc");
  await dialog.getByRole("button", { name: "Change with a passkey" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Password should be at least 6 characters");
  await dialog.getByLabel("New password").fill("password123");
  await dialog.getByRole("button", { name: "Change with a passkey" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/one of the most common passwords/);
  // A wrong current password is refused.
  await dialog.getByLabel("New password").fill("bright river 58");
  await dialog.getByLabel("Current password").fill("not my password");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("That password is not right.");
  await expect(dialog.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  // The passkey stands in for the current password.
  await dialog.getByLabel("Current password").fill("");
  await dialog.getByRole("button", { name: "Change with a passkey" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(customer).getByText("Password changed")).toBeVisible();
  await expect(open).toBeFocused();
  // Still signed in here.
  await customer.reload();
  await expect(customer.getByRole("heading", { level: 1 })).toContainText("Pia Keller");

  // On another device (no authenticator there, so no passkey autofill): the old password no longer works,
  // the new one does.
  const other = await browser.newPage();
  await other.goto(`${shop.base}/auth`);
  await expect(other.locator("html")).toHaveAttribute("data-hydrated", "true");
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill("quiet forest 42");
  await other.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(other).getByText("Sign In Failed")).toBeVisible();
  await expect(other).toHaveURL(`${shop.base}/auth`);
  await other.getByLabel("Password").fill("bright river 58");
  await other.getByRole("button", { name: "Sign In", exact: true }).click();
  await other.waitForURL(`${shop.base}/account`);
  await expect(other.getByRole("heading", { level: 1 })).toContainText("Pia Keller");
  await other.context().close();
});

test("the change-e-mail form asks for a proof and says where the link went", async () => {
  await customer.goto(`${shop.base}/account`);
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  const card = customer.getByRole("region", { name: "Sign-in and security" });
  const open = card.getByRole("button", { name: "Change e-mail" });
  await open.click();
  const dialog = customer.getByRole("dialog", { name: "Change your e-mail" });
  await dialog.getByLabel("New e-mail address").fill(email);
  await dialog.getByLabel("Current password").fill("bright river 58");
  await dialog.getByRole("button", { name: "Send the link" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("This is already your account's e-mail address.");
  const next = `pia-new-${Date.now()}@example.com`;
  await dialog.getByLabel("New e-mail address").fill(next);
  await dialog.getByRole("button", { name: "Confirm with a passkey" }).click();
  await expect(dialog.getByRole("status")).toContainText(`We sent a link to ${next}`);
  await expect(dialog).toContainText(`Until then, you keep signing in with ${email}.`);
  expect(await axeViolations(customer)).toEqual([]);
  await customer.screenshot({ path: test.info().outputPath("change-email-sent.png") });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(open).toBeFocused();
  // Nothing changes before the link is opened.
  await expect(card).toContainText(email);
});

test("the account's Passkeys card and /auth pass axe at 1280 and 390 px in both themes", async ({ page }) => {
  await checkLooks(customer, shop.base, [["account-passkeys", "/account"]], async (p) => {
    await expect(p.getByRole("region", { name: "Passkeys" }).getByText("Office laptop")).toBeVisible();
  });
  // The new forms, open: renaming in place, changing the password and the e-mail.
  await checkLooks(
    customer,
    shop.base,
    [
      ["account-rename-passkey", "/account"],
      ["account-change-password", "/account"],
      ["account-change-email", "/account"],
    ],
    async (p, name) => {
      await expect(p.locator("html")).toHaveAttribute("data-hydrated", "true");
      if (name === "account-rename-passkey") {
        await p.getByRole("button", { name: "Rename Office laptop" }).click();
        await p.getByLabel("Passkey name").fill("");
        await p.getByRole("button", { name: "Save" }).click();
        await expect(p.getByRole("region", { name: "Passkeys" }).getByRole("alert")).toBeVisible();
        return;
      }
      const card = p.getByRole("region", { name: "Sign-in and security" });
      if (name === "account-change-password") {
        await card.getByRole("button", { name: "Change password" }).click();
        const dialog = p.getByRole("dialog", { name: "Change your password" });
        await dialog.getByLabel("New password").fill("abc");
        await dialog.getByRole("button", { name: "Change password" }).click();
        await expect(dialog.getByRole("alert")).toBeVisible();
        return;
      }
      await card.getByRole("button", { name: "Change e-mail" }).click();
      await expect(p.getByRole("dialog", { name: "Change your e-mail" })).toBeVisible();
    },
  );
  await checkLooks(page, shop.base, [["auth-passkey", "/auth"]], async (p) => {
    await expect(p.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(p.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  });
});

test("the customer removes the passkey, confirmed; it no longer signs anyone in", async () => {
  await customer.setViewportSize({ width: 1280, height: 900 });
  await customer.goto(`${shop.base}/account`);
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  const card = customer.getByRole("region", { name: "Passkeys" });
  await card.getByRole("button", { name: "Remove Office laptop" }).click();
  const confirm = customer.getByRole("alertdialog", { name: "Remove Office laptop?" });
  await expect(confirm.getByRole("button", { name: "Keep passkey" })).toBeFocused();
  expect(await axeViolations(customer)).toEqual([]);
  await customer.screenshot({ path: test.info().outputPath("remove-passkey-dialog.png") });
  await confirm.getByRole("button", { name: "Remove passkey" }).click();
  await expect(confirm).toBeHidden();
  await expect(toast(customer).getByText("Passkey removed")).toBeVisible();
  await expect(card.getByText("You have no passkeys yet.")).toBeVisible();
  // The Remove button went with the passkey: the focus is on Add a passkey.
  await expect(card.getByRole("button", { name: "Add a passkey" })).toBeFocused();

  // The authenticator still holds the credential, but the shop no longer knows it.
  await signOut(customer);
  await customer.goto(`${shop.base}/auth`);
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  await customer.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(toast(customer).getByText(/isn't linked to an account here/)).toBeVisible();
  await expect(customer).toHaveURL(`${shop.base}/auth`);
});

test("a passkey confirms deleting the account instead of the password", async () => {
  // Signed out at the end of the last test: back in with the password, and a new passkey.
  await customer.goto(`${shop.base}/auth`);
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  await customer.getByLabel("Email").fill(email);
  await customer.getByLabel("Password").fill("bright river 58");
  await customer.getByRole("button", { name: "Sign In", exact: true }).click();
  await customer.waitForURL(`${shop.base}/account`);
  const card = customer.getByRole("region", { name: "Passkeys" });
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await customer
    .getByRole("dialog", { name: "Add a passkey" })
    .getByRole("button", { name: "Create passkey" })
    .click();
  await expect(card.getByRole("listitem")).toHaveCount(1);

  await customer
    .getByRole("region", { name: "Your data" })
    .getByRole("button", { name: "Delete account" })
    .click();
  const dialog = customer.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByLabel("Password")).toBeVisible();
  await expect(dialog.getByText("You can also confirm with one of your passkeys.")).toBeVisible();
  expect(await axeViolations(customer)).toEqual([]);
  await customer.screenshot({ path: test.info().outputPath("delete-with-passkey-dialog.png") });
  await dialog.getByRole("button", { name: "Delete with a passkey" }).click();
  await expect(customer.getByRole("dialog", { name: "Your account is deleted" })).toBeVisible();

  // Gone: the passkey signs no one in.
  await customer.goto(`${shop.base}/auth`);
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  await customer.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(toast(customer).getByText(/isn't linked to an account here/)).toBeVisible();
});
