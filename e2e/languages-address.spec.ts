import { expect, type Page, test } from "@playwright/test";
import { consoleProblems } from "./support/console.ts";
import { signedUp } from "./support/shopper.ts";

// The address form, the address book and the report-a-reaction page in the shopper's language
// (docs/decisions/049-languages.md): their labels, the countries' names, the messages the page gives
// before anything is sent and the ones it words for the server's answer.

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

test("a shopper fills the checkout's address form in Spanish: labels, countries and a required field's message", async ({
  page,
}) => {
  const problems = consoleProblems(page);
  const added = await page.request.post("/api/cart", {
    data: { productId: 1, quantity: 1, isSubscription: false },
  });
  expect(added.status()).toBe(201);
  await page.goto("/es/checkout");
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  const country = page.getByLabel("País", { exact: true });
  await expect(country).toHaveValue("US");
  await expect(country.locator("option:checked")).toHaveText("Estados Unidos");
  await expect(country.locator('option[value="CA"]')).toHaveText("Canadá");
  await expect(page.getByLabel("Estado", { exact: true }).locator("option").first()).toHaveText(
    "Elige un estado",
  );
  for (const label of [
    "Nombre completo",
    "Dirección",
    "Apartamento, suite, etc. (opcional)",
    "Ciudad",
    "Código ZIP",
    "Teléfono (opcional)",
  ])
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByText("Full name")).toHaveCount(0);

  // The name left empty: the message is the page's, in Spanish, read with the field, which takes the focus.
  await page.getByLabel("Correo electrónico").fill("ana.direccion@example.com");
  await page.getByLabel("Dirección", { exact: true }).fill("1 Main St");
  await page.getByLabel("Ciudad", { exact: true }).fill("Springfield");
  await page.getByLabel("Estado", { exact: true }).selectOption("IL");
  await page.getByLabel("Código ZIP", { exact: true }).fill("6270");
  await page.getByRole("button", { name: "Continuar al pago seguro" }).click();
  const fullName = page.getByLabel("Nombre completo", { exact: true });
  await expect(fullName).toHaveAccessibleDescription("Indica tu nombre completo");
  await expect(fullName).toBeFocused();
  await expect(page.getByLabel("Código ZIP", { exact: true })).toHaveAccessibleDescription(
    "Escribe un código ZIP de 5 dígitos (o ZIP+4), p. ej., 90210",
  );

  // Canada: the province's and postal code's own words.
  await country.selectOption("CA");
  await expect(page.getByLabel("Provincia", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Código postal", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Provincia", { exact: true }).locator('option[value="BC"]')).toHaveText(
    "Columbia Británica",
  );
  expect(problems).toEqual([]);
});

test("a customer adds an address in the French address book; focus goes back to the button that opened it", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const page = await signedUp(browser, baseURL ?? "", `adresse-${Date.now()}@example.com`, "Claire Adresse");
  const problems = consoleProblems(page);
  const catalogue = page.waitForResponse((r) => r.url().includes("/i18n/fr.") && r.ok());
  await page.goto("/fr/account/addresses");
  await hydrated(page);
  await catalogue;
  await expect(page.getByRole("heading", { level: 2, name: "Adresses enregistrées" })).toBeVisible();
  await expect(
    page.getByText(
      "Aucune adresse enregistrée pour l’instant. Ajoutez-en une ici ou enregistrez-la lors du paiement.",
    ),
  ).toBeVisible();

  // Opened and cancelled: focus is back on Add address.
  const add = page.getByRole("button", { name: "Ajouter une adresse" });
  await add.click();
  const dialog = page.getByRole("dialog", { name: "Ajouter une adresse" });
  await expect(dialog).toBeVisible();
  // The countries of the owner's markets (decision 051).
  await expect(
    dialog.getByText(
      "Nous livrons vers\u00a0: États-Unis, Canada, Royaume-Uni, Irlande, France, Allemagne, Espagne, Italie, Pays-Bas et Belgique.",
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel("Pays", { exact: true })).toBeFocused();
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();

  // Sent empty: each field says what it needs, in French; then filled and saved.
  await add.click();
  await dialog.getByRole("button", { name: "Enregistrer l’adresse" }).click();
  await expect(dialog.getByLabel("Nom complet", { exact: true })).toHaveAccessibleDescription(
    "Indiquez votre nom complet",
  );
  await expect(dialog.getByLabel("Nom complet", { exact: true })).toBeFocused();
  await expect(dialog.getByLabel("État", { exact: true })).toHaveAccessibleDescription("Choisissez un État");
  await expect(dialog.getByLabel("Code ZIP", { exact: true })).toHaveAccessibleDescription(
    "Indiquez le code ZIP",
  );
  // Canada's provinces by their French names; back to the United States.
  await dialog.getByLabel("Pays", { exact: true }).selectOption("CA");
  await expect(dialog.getByLabel("Province", { exact: true }).locator('option[value="QC"]')).toHaveText(
    "Québec",
  );
  await dialog.getByLabel("Pays", { exact: true }).selectOption("US");
  await dialog.getByLabel("Nom complet", { exact: true }).fill("Claire Adresse");
  await dialog.getByLabel("Adresse", { exact: true }).fill("1 Main St");
  await dialog.getByLabel("Ville", { exact: true }).fill("Springfield");
  await dialog.getByLabel("État", { exact: true }).selectOption("IL");
  await dialog.getByLabel("Code ZIP", { exact: true }).fill("62701");
  await dialog.getByRole("button", { name: "Enregistrer l’adresse" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();
  await expect(page.getByText("Adresse enregistrée", { exact: true }).first()).toBeVisible();

  const saved = page.getByRole("list", { name: "Adresses enregistrées" }).getByRole("listitem");
  await expect(saved).toHaveCount(1);
  await expect(saved.getByText("Par défaut", { exact: true })).toBeVisible();
  await expect(saved.getByText("États-Unis", { exact: true })).toBeVisible();
  await expect(saved.getByRole("button", { name: "Modifier Claire Adresse, 1 Main St" })).toBeVisible();

  // The delete dialog, kept: focus back on its Delete button.
  const remove = saved.getByRole("button", { name: "Supprimer Claire Adresse, 1 Main St" });
  await remove.click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer cette adresse\u00a0?" });
  await expect(confirm.getByText("Les commandes déjà passées gardent")).toBeVisible();
  await confirm.getByRole("button", { name: "Garder l’adresse" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
  expect(problems).toEqual([]);
  await page.context().close();
});

test("the report-a-reaction page in French: heading, title, labels and the server's refusal in French", async ({
  page,
}) => {
  const problems = consoleProblems(page);
  await page.goto("/fr/report-a-reaction?product=total-restore");
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1, name: "Signaler une réaction" })).toBeVisible();
  await expect(page).toHaveTitle("Signaler une réaction | MANA");
  await expect(page.getByText("En cas d’urgence, appelez le 911.")).toBeVisible();
  await expect(page.getByLabel("Produit", { exact: true })).toHaveValue("2");
  await expect(page.getByLabel("Numéro de commande (facultatif)")).toBeVisible();
  await expect(page.getByLabel("Téléphone (facultatif)")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^J’accepte/ })).toBeVisible();

  // Too short a description and no consent: the server refuses, the page says so in French.
  await page.getByLabel("Ce qui s’est passé").fill("Urticaire");
  await page.getByLabel("Votre nom").fill("Rémi Réaction");
  await page.getByLabel("Courriel").fill("remi@example.com");
  await page.getByRole("button", { name: "Envoyer le signalement" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Votre signalement n’est pas encore envoyé\u00a0: vérifiez le champ signalé ci-dessous.",
  );
  await expect(page.getByLabel("Ce qui s’est passé")).toHaveAccessibleDescription(
    /Donnez-nous un peu plus de détails\u00a0: au moins 10 caractères\./,
  );
  await expect(page.getByRole("checkbox", { name: /^J’accepte/ })).toHaveAccessibleDescription(
    "Cochez la case pour accepter la façon dont votre signalement est conservé.",
  );
  await expect(page.getByText(/must be/)).toHaveCount(0);
  // The refusal itself is the browser's one console line (its 400): nothing else.
  expect(problems.filter((p) => !p.includes("status of 400"))).toEqual([]);
});
