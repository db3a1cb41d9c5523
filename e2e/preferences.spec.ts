import { expect, type Page, test } from "@playwright/test";
import { axe } from "./support/looks.ts";

// The toast viewport ("Notifications (F8)"), not the page's Notifications group.
const toast = (page: Page) => page.getByRole("region", { name: /^Notifications \(/ });

async function signUp(page: Page) {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Full Name").fill("Pia Prefs");
  await page.getByLabel("Email").fill(`prefs-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
}

/** What the account keeps (GET /api/preferences with the page's session). */
const savedPreferences = async (page: Page) => (await page.request.get("/api/preferences")).json();

/** Every control of the preferences page with its text and default, in page order. */
const TOGGLES: [group: string, label: string, description: string, on: boolean][] = [
  ["Notifications", "Email notifications", "News and account updates by e-mail", true],
  ["Notifications", "Push notifications", "Alerts in your browser", true],
  ["Notifications", "Newsletter", "Our monthly letter on science and tradition", true],
  ["Notifications", "Order updates", "Shipping and delivery news", true],
  ["Notifications", "Promotions", "Offers, new products and invitations to review what you bought", false],
  ["Privacy", "Public profile", "Let others see your profile", false],
  ["Privacy", "Share analytics", "Help us improve with anonymous usage data", true],
  ["Communication", "Product recommendations", "Suggestions based on your orders", true],
  ["Communication", "Health tips", "Short evidence-minded wellness tips", true],
];
const CHOICES: [group: string, label: string, value: string, options: string[]][] = [
  ["Display", "Theme", "light", ["Light", "Dark", "System"]],
  ["Display", "Language", "en", ["English", "Español", "Français"]],
  ["Display", "Currency", "USD", ["USD", "EUR", "GBP", "CAD"]],
  ["Communication", "Email frequency", "weekly", ["Daily", "Weekly", "Monthly", "Never"]],
];

test("preferences: every control named and described, each change saved to the account with its toast, kept after reload", async ({
  page,
}) => {
  // The theme changes below fade the colours: with motion reduced, as in the looks checks
  // (support/looks.ts), axe never reads a colour halfway through the fade.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await signUp(page);
  await page.goto("/preferences");
  await expect(page.getByRole("heading", { name: "Preferences", level: 1 })).toBeVisible();

  for (const [group, label, description, on] of TOGGLES) {
    const control = page
      .getByRole("region", { name: group })
      .getByRole("switch", { name: label, exact: true });
    await expect(control).toHaveAccessibleDescription(description);
    await expect(control).toHaveAttribute("aria-checked", String(on));
  }
  for (const [group, label, value, options] of CHOICES) {
    const control = page.getByRole("region", { name: group }).getByLabel(label, { exact: true });
    await expect(control).toHaveValue(value);
    await expect(control.getByRole("option")).toHaveText(options);
  }
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("switch")).toHaveCount(5);

  await page.getByRole("switch", { name: "Promotions" }).click();
  await expect(page.getByRole("switch", { name: "Promotions" })).toHaveAttribute("aria-checked", "true");
  await expect(toast(page)).toContainText("Preference Updated");
  await expect(toast(page)).toContainText("Your preference has been saved.");
  await page.getByRole("switch", { name: "Share analytics" }).click();
  await page.getByLabel("Theme", { exact: true }).selectOption("dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.getByLabel("Email frequency").selectOption("monthly");
  await expect.poll(async () => (await savedPreferences(page)).communication.frequency).toBe("monthly");
  expect(await savedPreferences(page)).toMatchObject({
    notifications: { promotions: true, email: true },
    privacy: { shareAnalytics: false, cookiesAccepted: true },
    display: { theme: "dark", language: "en", currency: "USD" },
    communication: { frequency: "monthly" },
  });
  // Nothing of a signed-in customer's is left in the browser's storage.
  expect(await page.evaluate(() => localStorage.getItem("mana.preferences"))).toBeNull();

  await page.reload();
  await expect(page.getByRole("switch", { name: "Promotions" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Share analytics" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await expect(page.getByLabel("Theme", { exact: true })).toHaveValue("dark");
  await expect(page.getByLabel("Email frequency")).toHaveValue("monthly");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  await page.getByRole("button", { name: "Save All Changes" }).click();
  await expect(toast(page)).toContainText("Preferences Saved");
  await expect(toast(page)).toContainText("All your preferences have been successfully updated.");
  await page.getByLabel("Theme", { exact: true }).selectOption("light");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  for (const close of await page.getByRole("button", { name: "Close notification" }).all())
    await close.click();
  await expect(toast(page).getByRole("status")).toHaveCount(0);
  expect((await axe(page).analyze()).violations).toEqual([]);
});

/** The theme <html> carried when the document was parsed: what the first paint is drawn in. */
async function recordFirstPaintTheme(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as { firstTheme?: string }).firstTheme = document.documentElement.dataset.theme;
    });
  });
}
const firstPaintTheme = (page: Page) => page.evaluate(() => (window as { firstTheme?: string }).firstTheme);

test("dark theme chosen once: the next page and a reload are dark from the first paint (guest, in this browser)", async ({
  page,
}) => {
  await recordFirstPaintTheme(page);
  await page.goto("/preferences");
  await expect(page.getByText("These settings stay in this browser")).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByLabel("Theme", { exact: true }).selectOption("dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(toast(page)).toContainText("Preference Updated");

  await page.goto("/knowledge");
  expect(await firstPaintTheme(page)).toBe("dark");
  await page.reload();
  expect(await firstPaintTheme(page)).toBe("dark");
  // The server draws it: the document itself arrives dark, from the page cache too.
  for (let i = 0; i < 2; i++) {
    const html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<html[^>]* data-theme="dark"/);
  }
  const light = await (await page.request.get("/", { headers: { cookie: "" } })).text();
  expect(light).toMatch(/<html[^>]* data-theme="light"/);

  // "System" follows the device from the first paint as well.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/preferences");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByLabel("Theme", { exact: true }).selectOption("system");
  await page.goto("/stacks");
  expect(await firstPaintTheme(page)).toBe("dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  expect(await firstPaintTheme(page)).toBe("light");
});

test("the theme saved on the account follows the customer to another browser", async ({ browser }) => {
  const email = `prefs-theme-${Date.now()}@example.com`;
  const first = await browser.newPage();
  await first.goto("/auth?tab=signup");
  await first.getByLabel("Full Name").fill("Theo Theme");
  await first.getByLabel("Email").fill(email);
  await first.getByLabel("Password").fill("quiet forest 42");
  await first.getByRole("button", { name: "Create Account" }).click();
  await first.waitForURL("**/account");
  await first.goto("/preferences");
  await expect(first.locator("html[data-hydrated]")).toBeAttached();
  await first.getByLabel("Theme", { exact: true }).selectOption("dark");
  await expect.poll(async () => (await savedPreferences(first)).display.theme).toBe("dark");
  await first.close();

  const other = await browser.newPage();
  await recordFirstPaintTheme(other);
  await other.goto("/auth");
  await expect(other.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(other.locator("html[data-hydrated]")).toBeAttached();
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill("quiet forest 42");
  await other.getByRole("button", { name: "Sign In", exact: true }).click();
  await other.waitForURL("**/account");
  await expect(other.locator("html")).toHaveAttribute("data-theme", "dark");
  await other.goto("/");
  expect(await firstPaintTheme(other)).toBe("dark");
  await other.close();
});
