import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

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

const storedPreferences = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("mana.preferences") ?? "null"));

/** Every control of the preferences page with its text and default, in page order. */
const TOGGLES: [group: string, label: string, description: string, on: boolean][] = [
  ["Notifications", "Email notifications", "News and account updates by e-mail", true],
  ["Notifications", "Push notifications", "Alerts in your browser", true],
  ["Notifications", "Newsletter", "Our monthly letter on science and tradition", true],
  ["Notifications", "Order updates", "Shipping and delivery news", true],
  ["Notifications", "Promotions", "Offers and new products", false],
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

test("preferences: every control named and described, each change saved with its toast, kept after reload", async ({
  page,
}) => {
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
  expect(await storedPreferences(page)).toMatchObject({
    notifications: { promotions: true, email: true },
    privacy: { shareAnalytics: false, cookiesAccepted: true },
    display: { theme: "dark", language: "en", currency: "USD" },
    communication: { frequency: "monthly" },
  });

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
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
