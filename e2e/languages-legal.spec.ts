import { expect, test } from "@playwright/test";
import { consoleProblems } from "./support/console.ts";

// The legal pages in Spanish and French (docs/decisions/049-languages.md, "Content"): the text is the
// translation in content/i18n/<locale>/legal/, the page's own words come from area `legal`, the date is
// written in the page's language, and links in the text stay in the page's language. English stays as it is.

test("the terms in Spanish: heading, title, text, date and links in Spanish", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/es/terms");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Términos del servicio" })).toBeVisible();
  await expect(page).toHaveTitle("Términos del servicio | MANA");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "Los términos para comprar en MANA, las suscripciones, la garantía y tu cuenta.",
  );
  const main = page.getByRole("main");
  for (const name of ["A quién le compras", "Suscripciones", "Garantía de devolución del dinero de 60 días"])
    await expect(main.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  // The section keeps its English anchor, so a link to /terms#subscriptions finds it in every language.
  await expect(main.getByRole("heading", { level: 2, name: "Suscripciones" })).toHaveAttribute(
    "id",
    "subscriptions",
  );
  await expect(main.getByText(/Última actualización: \d+ de \S+ de \d{4}\./)).toBeVisible();
  // The owner's markets (decision 051), named as the sentence names them in Spanish.
  await expect(
    main.getByText(
      /Enviamos a Estados Unidos, Canadá, Reino Unido, Irlanda, Francia, Alemania, España, Italia, Países Bajos y Bélgica\./,
    ),
  ).toBeVisible();
  await expect(main.getByText(/no están destinados a diagnosticar, tratar, curar ni prevenir/)).toBeVisible();
  await expect(main.getByRole("link", { name: "Política de privacidad" })).toHaveAttribute(
    "href",
    "/es/privacy",
  );
  await expect(main.getByRole("link", { name: "página de contacto" }).first()).toHaveAttribute(
    "href",
    "/es/contact",
  );
  await expect(main.getByText("Who you buy from")).toHaveCount(0);
  await expect(main.getByText(/Last updated/)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("the privacy policy in French: heading, title, text, date and the cookie table in French", async ({
  page,
}) => {
  const problems = consoleProblems(page);
  await page.goto("/fr/privacy");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Politique de confidentialité" })).toBeVisible();
  await expect(page).toHaveTitle("Politique de confidentialité | MANA");
  const main = page.getByRole("main");
  for (const name of [
    "Qui nous sommes",
    "Données de santé",
    "Cookies et stockage du navigateur",
    "Vos droits",
  ])
    await expect(main.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  await expect(main.getByText(/Dernière mise à jour\u00a0: \d+ \S+ \d{4}\./)).toBeVisible();
  await expect(
    main.getByText(/Nous ne vendons ni ne partageons vos informations personnelles/),
  ).toBeVisible();
  await expect(main.getByRole("link", { name: "page de votre compte" })).toHaveAttribute(
    "href",
    "/fr/account",
  );
  // The cookie table: its caption, headers and words in French, the cookies' names as they are.
  const cookies = main.getByRole("table", { name: "Cookies déposés par la boutique" });
  for (const name of ["Nom", "Finalité", "Durée", "Strictement nécessaire"])
    await expect(cookies.getByRole("columnheader", { name, exact: true })).toBeVisible();
  const session = cookies.getByRole("row").filter({ hasText: "mana.session_token" });
  await expect(session).toContainText("Vous garde connecté.");
  await expect(session).toContainText("Oui");
  await expect(main.getByRole("table", { name: "Conservé uniquement dans votre navigateur" })).toBeVisible();
  await expect(main.getByText("Keeps you signed in.", { exact: false })).toHaveCount(0);
  await expect(main.getByText("Who we are")).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("the other legal pages in Spanish and French, English where the page is English", async ({ page }) => {
  const problems = consoleProblems(page);
  for (const [path, heading, words] of [
    ["/es/privacy", "Política de privacidad", "Cookies que establece la tienda"],
    [
      "/fr/terms",
      "Conditions générales",
      "Nous expédions vers les États-Unis, le Canada, le Royaume-Uni, l’Irlande, la France, l’Allemagne, l’Espagne, l’Italie, les Pays-Bas et la Belgique.",
    ],
    ["/es/shipping-returns", "Envíos y devoluciones", "Transportistas"],
    ["/fr/shipping-returns", "Livraison et retours", "Postes Canada"],
    ["/es/accessibility", "Accesibilidad", "Límites conocidos"],
    ["/fr/accessibility", "Accessibilité", "Limites connues"],
    ["/es/reviews/policy", "Política de reseñas", "Comprador verificado"],
    ["/fr/reviews/policy", "Politique des avis", "Acheteur vérifié"],
    ["/terms", "Terms of Service", "Who you buy from"],
    ["/privacy", "Privacy Policy", "Cookies the shop sets"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText(words).first()).toBeVisible();
  }
  expect(problems).toEqual([]);
});
