import { expect, type Locator, type Page, test } from "@playwright/test";
import { axe, setTheme } from "./support/looks.ts";

// The address book at /account/addresses: add, check, make default, edit and delete, by mouse and keyboard,
// on a wide screen and a phone, in both themes.

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const ZIP_MESSAGE = "Enter a 5-digit ZIP code (or ZIP+4), e.g. 90210";

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;
const toast = (page: Page) => page.getByRole("region", { name: /Notification/ });

async function signUp(page: Page, email: string) {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Full Name").fill("Maya Rivers");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
  // The page at rest: no toast fading in over what is measured or analysed.
  await page.getByRole("button", { name: "Close notification" }).click();
  await expect(toast(page).getByRole("status")).toHaveCount(0);
}

async function closeToast(page: Page) {
  await toast(page).getByRole("button", { name: "Close notification" }).click();
  await expect(toast(page).getByRole("status")).toHaveCount(0);
}

async function noAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

const card = (page: Page, text: string): Locator =>
  page.getByRole("list", { name: "Saved addresses" }).getByRole("listitem").filter({ hasText: text });

async function fillUs(dialog: Locator, zip: string) {
  await expect(dialog.getByLabel("Country")).toHaveValue("US");
  await dialog.getByLabel("Full name").fill("Maya Rivers");
  await dialog.getByLabel("Address", { exact: true }).fill("1 Main St");
  await dialog.getByLabel("Apartment, suite, etc. (optional)").fill("Apt 4B");
  await dialog.getByLabel("City").fill("Springfield");
  await dialog.getByLabel("State").selectOption({ label: "Illinois" });
  await dialog.getByLabel("ZIP code").fill(zip);
}

test.describe("address book", () => {
  // A journey of many steps with several accessibility scans.
  test.setTimeout(90_000);

  test("add a US and a Canadian address, a bad ZIP, make default, edit, delete", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signUp(page, uniqueEmail("addresses"));
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Addresses" }).click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(page.getByRole("tab", { name: "Addresses", selected: true })).toBeVisible();
    await expect(
      page.getByText("No saved addresses yet. Add one here or save one at checkout."),
    ).toBeVisible();
    await noAxeViolations(page);

    // A US address: the fields carry their autocomplete tokens, a bad ZIP gets the server's message.
    const add = page.getByRole("button", { name: "Add address" });
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Add address" });
    await expect(dialog).toBeVisible();
    for (const [label, token] of [
      ["Country", "country"],
      ["Full name", "name"],
      ["Address", "address-line1"],
      ["Apartment, suite, etc. (optional)", "address-line2"],
      ["City", "address-level2"],
      ["State", "address-level1"],
      ["ZIP code", "postal-code"],
      ["Phone (optional)", "tel"],
    ]) {
      await expect(dialog.getByLabel(label as string, { exact: true })).toHaveAttribute(
        "autocomplete",
        token as string,
      );
    }
    await fillUs(dialog, "6270");
    await dialog.getByRole("button", { name: "Save address" }).click();
    const zip = dialog.getByLabel("ZIP code");
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    await expect(zip).toHaveAccessibleDescription(ZIP_MESSAGE);
    await expect(dialog.getByText(ZIP_MESSAGE)).toBeVisible();
    // The first field with a message takes the focus, so it is read out with its message.
    await expect(zip).toBeFocused();
    await noAxeViolations(page);
    // Typing in the field takes its message away; the next check finds it good.
    await zip.fill("62701");
    await expect(zip).not.toHaveAttribute("aria-invalid", "true");
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText("Address saved");
    await expect(add).toBeFocused();
    const us = card(page, "1 Main St");
    await expect(us).toContainText("Springfield, IL 62701");
    await expect(us).toContainText("United States");
    await expect(us.getByText("Default", { exact: true })).toBeVisible();
    await closeToast(page);

    // A Canadian address: the region and postal fields follow the country.
    await add.click();
    await dialog.getByLabel("Country").selectOption("CA");
    await expect(dialog.getByLabel("Province")).toBeVisible();
    await expect(dialog.getByLabel("Postal code")).toBeVisible();
    await expect(dialog.getByLabel("State")).toHaveCount(0);
    await dialog.getByLabel("Full name").fill("Chloé Tremblay");
    await dialog.getByLabel("Address", { exact: true }).fill("24 Sussex Dr");
    await dialog.getByLabel("City").fill("Ottawa");
    await dialog.getByLabel("Province").selectOption({ label: "Ontario" });
    await dialog.getByLabel("Postal code").fill("k1m1m4");
    await dialog.getByLabel("Phone (optional)").fill("+1 613 555 0100");
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(dialog).toBeHidden();
    const ca = card(page, "24 Sussex Dr");
    await expect(ca).toContainText("Ottawa, ON K1M 1M4");
    await expect(ca).toContainText("Canada");
    await expect(ca.getByText("Default", { exact: true })).toHaveCount(0);
    await closeToast(page);
    await noAxeViolations(page);

    // Make the second the default: the badge moves, focus lands on its Edit.
    await ca.getByRole("button", { name: /^Make default/ }).click();
    await expect(toast(page)).toContainText("Default address updated");
    await expect(ca.getByText("Default", { exact: true })).toBeVisible();
    await expect(us.getByText("Default", { exact: true })).toHaveCount(0);
    await expect(ca.getByRole("button", { name: /^Make default/ })).toHaveCount(0);
    await expect(ca.getByRole("button", { name: /^Edit/ })).toBeFocused();
    await closeToast(page);

    // Edit the first: the form opens filled in, the card shows the change, focus goes back to Edit.
    const editUs = us.getByRole("button", { name: /^Edit/ });
    await expect(editUs).toHaveAccessibleName("Edit Maya Rivers, 1 Main St");
    await editUs.click();
    const edit = page.getByRole("dialog", { name: "Edit address" });
    await expect(edit.getByLabel("City")).toHaveValue("Springfield");
    await expect(edit.getByLabel("State")).toHaveValue("IL");
    await edit.getByLabel("City").fill("Chicago");
    await edit.getByLabel("ZIP code").fill("60601");
    await edit.getByRole("button", { name: "Save address" }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page)).toContainText("Address updated");
    await expect(us).toContainText("Chicago, IL 60601");
    await expect(editUs).toBeFocused();
    await closeToast(page);

    // Delete asks first; keeping it changes nothing and gives focus back to Delete.
    const deleteUs = us.getByRole("button", { name: /^Delete/ });
    await deleteUs.click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this address?" });
    await expect(confirm).toContainText("Chicago, IL 60601");
    await confirm.getByRole("button", { name: "Keep address" }).click();
    await expect(confirm).toBeHidden();
    await expect(deleteUs).toBeFocused();
    await expect(us).toBeVisible();
    await deleteUs.click();
    await confirm.getByRole("button", { name: "Delete address" }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page)).toContainText("Address deleted");
    await expect(us).toHaveCount(0);
    await expect(add).toBeFocused();

    // The server kept it all.
    await page.reload();
    await expect(page.getByRole("list", { name: "Saved addresses" }).getByRole("listitem")).toHaveCount(1);
    await expect(card(page, "24 Sussex Dr").getByText("Default", { exact: true })).toBeVisible();
  });

  test("works from the keyboard: open, fill, save, and Escape gives focus back", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signUp(page, uniqueEmail("addresses-keys"));
    await page.goto("/account/addresses");
    const add = page.getByRole("button", { name: "Add address" });
    await add.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add address" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog.getByLabel("Country")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.type("Maya Rivers");
    await page.keyboard.press("Tab");
    await page.keyboard.type("1 Main St");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Springfield");
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("State")).toBeFocused();
    await dialog.getByLabel("State").selectOption("IL");
    await page.keyboard.press("Tab");
    await page.keyboard.type("62701");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
    await expect(card(page, "1 Main St")).toContainText("Springfield, IL 62701");
  });

  test("a full book: the server's refusal shows in the dialog", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signUp(page, uniqueEmail("addresses-full"));
    for (let n = 1; n <= 20; n++) {
      const res = await page.request.post("/api/addresses", {
        data: {
          fullName: "Maya Rivers",
          line1: `${n} Main St`,
          city: "Springfield",
          region: "IL",
          postalCode: "62701",
          country: "US",
        },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto("/account/addresses");
    await expect(page.getByRole("list", { name: "Saved addresses" }).getByRole("listitem")).toHaveCount(20);
    await page.getByRole("button", { name: "Add address" }).click();
    const dialog = page.getByRole("dialog", { name: "Add address" });
    await fillUs(dialog, "62701");
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "You can keep up to 20 addresses. Delete one to add another.",
    );
    await expect(dialog).toBeVisible();
  });

  test("a failed load says so and tries again", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signUp(page, uniqueEmail("addresses-offline"));
    // The book is the account page's loader data: the request that reads it on the way to the tab fails.
    const read = "**/account/addresses.data*";
    await page.route(read, (route) => route.abort("internetdisconnected"));
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Addresses" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "We couldn't load your addresses." });
    await expect(alert).toBeVisible();
    await page.unroute(read);
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByText("No saved addresses yet.")).toBeVisible();
  });
});

test.describe("address book on a phone", () => {
  test.setTimeout(90_000);

  for (const theme of ["light", "dark"] as const) {
    test(`fits 390 px and has no accessibility violations (${theme})`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      if (theme === "dark") {
        await setTheme(page, "dark");
      }
      await signUp(page, uniqueEmail(`addresses-phone-${theme}`));
      // The tabs are the phone's navigation: Addresses is one of them.
      const tabs = page.getByRole("tablist", { name: "Account sections" });
      await tabs.getByRole("tab", { name: "Addresses" }).click();
      await expect(page).toHaveURL(/\/account\/addresses$/);
      await expect(page.getByText("No saved addresses yet.")).toBeVisible();
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
      await noAxeViolations(page);

      const add = page.getByRole("button", { name: "Add address" });
      await add.click();
      const dialog = page.getByRole("dialog", { name: "Add address" });
      await fillUs(dialog, "9021");
      await dialog.getByRole("button", { name: "Save address" }).click();
      await expect(dialog.getByLabel("ZIP code")).toHaveAccessibleDescription(ZIP_MESSAGE);
      const box = await dialog.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(PHONE.width);
      await noAxeViolations(page);
      await dialog.getByLabel("ZIP code").fill("90210");
      await dialog.getByRole("button", { name: "Save address" }).click();
      await expect(dialog).toBeHidden();
      await expect(card(page, "1 Main St")).toBeVisible();
      await closeToast(page);
      expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
      await noAxeViolations(page);
    });
  }
});
