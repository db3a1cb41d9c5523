import type { Page } from "@playwright/test";

export interface AddressFields {
  country?: string;
  fullName?: string;
  line1?: string;
  line2?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  phone?: string;
}

/** A US address that passes every rule; tests override the field they are about. */
export const HOME: Required<AddressFields> = {
  country: "US",
  fullName: "Sam Shopper",
  line1: "1 Main St",
  line2: "Apt 4",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  phone: "",
};

/** Types an address into the checkout's (or the address book's) form, by its labels. */
export async function fillAddress(page: Page, fields: AddressFields = {}) {
  const a = { ...HOME, ...fields };
  await page.getByLabel("Country").selectOption(a.country);
  await page.getByLabel("Full name").fill(a.fullName);
  await page.getByLabel("Address", { exact: true }).fill(a.line1);
  await page.getByLabel("Apartment, suite, etc. (optional)").fill(a.line2);
  await page.getByLabel("City").fill(a.city);
  const region = page.getByLabel(a.country === "CA" ? "Province" : a.country === "US" ? "State" : /Region/);
  if ((await region.evaluate((el) => el.tagName)) === "SELECT") await region.selectOption(a.region);
  else await region.fill(a.region);
  await page.getByLabel(a.country === "US" ? "ZIP code" : "Postal code").fill(a.postalCode);
  await page.getByLabel("Phone (optional)").fill(a.phone);
}
