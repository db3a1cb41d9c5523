import { expect, type Page, test } from "@playwright/test";
import { consoleProblems } from "./support/console.ts";

// The sign-in and preferences pages in Spanish and French (docs/decisions/049-languages.md): their words,
// Better Auth's refusals in the page's language, and the account reached after signing up stays in it.
// The toasts' region ("Notifications (F8)"), not the preferences page's group of the same word.
const toast = (page: Page) => page.getByRole("region", { name: /Notifications \(F8\)/ });

test("a shopper signs up in Spanish, lands on the Spanish account; a wrong password in French is refused in French", async ({
  page,
  context,
}) => {
  const problems = consoleProblems(page);
  const email = `idioma-${Date.now()}@example.com`;

  await page.goto("/es/auth?tab=signup");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(page.getByRole("heading", { level: 1, name: "Te damos la bienvenida a MANA" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Registrarse" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Al crear una cuenta, aceptas nuestros")).toBeVisible();
  await page.getByLabel("Nombre completo").fill("Lola Idioma");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill("quiet forest 42");
  await expect(page.getByText("Al menos 6 caracteres")).toBeVisible();
  await page.getByRole("button", { name: "Crear cuenta" }).click();

  await page.waitForURL("**/es/account");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(toast(page)).toContainText("¡Cuenta creada!");

  // Signed out, in French: the wrong password is named in French.
  await context.clearCookies();
  await page.goto("/fr/auth");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(page.getByRole("heading", { level: 1, name: "Bienvenue chez MANA" })).toBeVisible();
  await page.getByLabel("Courriel").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill("not the password 1");
  await page.getByRole("main").getByRole("button", { name: "Se connecter", exact: true }).click();
  await expect(toast(page)).toContainText("Échec de la connexion");
  await expect(toast(page)).toContainText("Mot de passe incorrect");
  await expect(page).toHaveURL(/\/fr\/auth$/);

  // A refused sign-in answers 401: the browser logs the failed request, nothing else errs.
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
});

test("a guest's preferences page in French: its groups, controls and invitation to sign in", async ({
  page,
}) => {
  const problems = consoleProblems(page);
  await page.goto("/fr/preferences");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Préférences" })).toBeVisible();
  for (const group of ["Notifications", "Confidentialité", "Affichage", "Communication"])
    await expect(main.getByRole("region", { name: group })).toBeVisible();
  await expect(main.getByRole("switch", { name: "Notifications par courriel" })).toBeVisible();
  await expect(main.getByLabel("Thème")).toContainText("Sombre");
  await expect(main.getByLabel("Langue", { exact: true })).toHaveValue("fr");
  await expect(main.getByRole("link", { name: "connectez-vous" })).toHaveAttribute("href", "/fr/auth");

  await main.getByRole("switch", { name: "Conseils santé" }).click();
  await expect(toast(page)).toContainText("Préférence mise à jour");
  expect(problems).toEqual([]);
});

test("the pages reached from an e-mail, and an unknown stack, are titled in their language", async ({
  request,
}) => {
  const titles: [path: string, title: string, status: number][] = [
    ["/auth/forgot", "Forgot Password | MANA", 200],
    ["/es/auth/forgot", "¿Olvidaste tu contraseña? | MANA", 200],
    ["/fr/auth/reset?token=nope", "Choisissez un nouveau mot de passe | MANA", 200],
    ["/es/auth/verify?token=nope", "Confirma tu correo electrónico | MANA", 200],
    ["/fr/newsletter/confirm?token=nope", "Confirmez votre abonnement | MANA", 200],
    ["/es/newsletter/unsubscribe?token=nope", "Cancelar la suscripción | MANA", 200],
    ["/stacks/no-such-stack", "404 Page Not Found | MANA", 404],
    ["/fr/stacks/no-such-stack", "404 Page introuvable | MANA", 404],
  ];
  for (const [path, title, status] of titles) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(status);
    expect(await res.text(), path).toContain(`<title>${title}</title>`);
  }
});
