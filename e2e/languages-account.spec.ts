import { expect, type Page, test } from "@playwright/test";
import { consoleProblems } from "./support/console.ts";

// The account page in the shopper's language (docs/decisions/049-languages.md): its title, tabs, profile
// card, stat cards and toasts in Spanish and French, and the tabs keep the page's language.

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;
const toast = (page: Page) => page.getByRole("region", { name: /Notification/ });
const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

async function signUp(page: Page, email: string, name: string) {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
}

test("a Spanish shopper reads the account page in Spanish, edits the profile and moves between tabs", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, uniqueEmail("cuenta"), "Maya Rivers");
  const problems = consoleProblems(page);
  await page.goto("/es/account");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Mi cuenta | MANA");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Qué gusto verte de nuevo, Maya Rivers");
  await expect(
    page.getByText("Tus pedidos, suscripciones, direcciones y perfil en un solo lugar."),
  ).toBeVisible();
  const tabs = page.getByRole("tablist", { name: "Secciones de la cuenta" });
  await expect(tabs.getByRole("tab", { name: "Resumen" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Información del perfil" })).toBeVisible();
  await expect(page.getByText("Pedidos en total")).toBeVisible();
  await expect(page.getByText("100 puntos = $5.00 de descuento")).toBeVisible();
  await expect(page.getByText("Miembro desde")).toBeVisible();
  // The balances, the referral link and "Your data" in Spanish.
  await expect(page.getByRole("heading", { name: "Historial de puntos y crédito" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Invita a un amigo" })).toBeVisible();
  await expect(page.getByText("Aún no tienes recomendaciones.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tus datos" })).toBeVisible();
  await expect(
    page.getByRole("tabpanel", { name: "Resumen" }).getByRole("link", { name: "Política de privacidad" }),
  ).toHaveAttribute("href", "/es/privacy");

  await hydrated(page);
  await page.getByRole("button", { name: "Editar" }).click();
  await page.getByLabel("Nombre visible").fill("Nia Okafor");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(toast(page)).toContainText("Perfil actualizado");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Qué gusto verte de nuevo, Nia Okafor");

  // A tab stays in Spanish.
  await tabs.getByRole("tab", { name: "Pedidos" }).click();
  await expect(page).toHaveURL(/\/es\/account\/orders$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByText("Aún no tienes pedidos")).toBeVisible();
  await expect(page.getByRole("link", { name: "Empezar a comprar" })).toHaveAttribute("href", "/es/products");
  expect(problems).toEqual([]);
});

test("a French shopper reads the account page in French", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, uniqueEmail("compte"), "Maya Rivers");
  const problems = consoleProblems(page);
  await page.goto("/fr/account");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle("Mon compte | MANA");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ravis de vous revoir, Maya Rivers");
  const tabs = page.getByRole("tablist", { name: "Sections du compte" });
  await expect(tabs.getByRole("tab", { name: "Aperçu" })).toBeVisible();
  await expect(tabs.getByRole("tab", { name: "Abonnements" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Informations du profil" })).toBeVisible();
  await expect(
    page.getByText("Pas encore vérifié\u00a0: ouvrez le lien que nous avons envoyé à cette adresse."),
  ).toBeVisible();
  await expect(page.getByTestId("stat-credit").getByText("Crédit boutique")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Compte" }).getByRole("link", { name: "Adresses" }),
  ).toHaveAttribute("href", "/fr/account/addresses");
  await expect(page.getByRole("heading", { name: "Vos données" })).toBeVisible();
  await hydrated(page);
  // The deletion dialog, opened after the page's first render, is French too.
  await page.getByRole("button", { name: "Supprimer le compte" }).click();
  const dialog = page.getByRole("dialog", { name: "Supprimer votre compte\u00a0?" });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText("Cette action est irréversible. Lorsque vous confirmez\u00a0:"),
  ).toBeVisible();
  await expect(dialog.getByLabel("Votre mot de passe")).toBeVisible();
  await dialog.getByRole("button", { name: "Supprimer mon compte" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Saisissez votre mot de passe.");
  await dialog.getByRole("button", { name: "Garder mon compte" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The "Sign-in and security" card and its password form (decision 052) are French too, the sign-up's
  // rule in the sign-up's words.
  const security = page.getByRole("region", { name: "Connexion et sécurité" });
  await expect(security.getByText("Un mot de passe est défini")).toBeVisible();
  await security.getByRole("button", { name: "Changer le mot de passe" }).click();
  const change = page.getByRole("dialog", { name: "Changer votre mot de passe" });
  await change.getByLabel("Nouveau mot de passe").fill("abc");
  await change.getByLabel("Mot de passe actuel").fill("quiet forest 42");
  await change.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(change.getByRole("alert")).toHaveText("Le mot de passe doit contenir au moins 6 caractères");
  await change.getByRole("button", { name: "Annuler" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(problems).toEqual([]);
});
