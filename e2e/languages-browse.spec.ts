import { expect, type Page, test } from "@playwright/test";
import { consoleProblems } from "./support/console.ts";

// Stacks, the wishlist, search, gift cards and the missing page in Spanish and French
// (docs/decisions/049-languages.md): each page speaks its URL's language, with no console error.

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

test("the stacks page in Spanish: its words, its filter and its cards", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/es/stacks");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await hydrated(page);
  await expect(page).toHaveTitle("Combinaciones de bienestar | MANA");
  await expect(
    page.getByRole("heading", { level: 1, name: "Fórmulas que funcionan mejor juntas" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Encuentra tu combinación ideal" })).toBeVisible();
  await page.getByRole("button", { name: "Sueño profundo" }).click();
  await expect(page).toHaveURL(/\/es\/stacks\?outcome=deep-sleep$/);
  const list = page.getByRole("region", { name: "Combinaciones" });
  await expect(
    list.getByRole("button", { name: /^Agregar la combinación completa - \$/ }).first(),
  ).toBeVisible();
  await expect(list.getByRole("link", { name: /^Ver detalles ?: / }).first()).toHaveAttribute(
    "href",
    /^\/es\/stacks\//,
  );
  await expect(page.getByText("Garantía de devolución de 60 días en cada combinación")).toBeVisible();
  expect(problems).toEqual([]);
});

test("the wishlist in French, empty", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/fr/wishlist");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await hydrated(page);
  await expect(page).toHaveTitle("Liste d’envies | MANA");
  await expect(page.getByRole("heading", { level: 1, name: "Ma liste d’envies" })).toBeVisible();
  await expect(page.getByText("Votre liste d’envies est vide")).toBeVisible();
  await expect(page.getByRole("link", { name: "Connectez-vous" })).toHaveAttribute("href", "/fr/auth");
  await expect(page.getByRole("link", { name: "Découvrir les produits" })).toHaveAttribute(
    "href",
    "/fr/products",
  );
  expect(problems).toEqual([]);
});

test("the search box in Spanish finds a product and opens it in Spanish", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/es/");
  await hydrated(page);
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog", { name: "Buscar en MANA" })).toBeVisible();
  const box = page.getByRole("combobox", { name: "Busca productos, artículos e historias" });
  await expect(box).toBeFocused();
  await page.keyboard.type("ashw");
  const listbox = page.getByRole("listbox", { name: "Sugerencias de búsqueda" });
  const product = listbox
    .getByRole("group", { name: "Productos" })
    .getByRole("option", { name: /Ashwagandha/ });
  await expect(product).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /\d+ resultados? para ashw/ })).toHaveCount(1);
  await product.click();
  await expect(page).toHaveURL(/\/es\/products\/ashwagandha$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect(problems).toEqual([]);
});

test("the gift cards page in Spanish, its form's messages too", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/es/gift-cards");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await hydrated(page);
  await expect(page).toHaveTitle("Tarjetas de regalo | MANA");
  await expect(page.getByRole("heading", { level: 1, name: "Tarjetas de regalo" })).toBeVisible();
  await page.getByText("Para otra persona").click();
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page.getByLabel("Correo electrónico de la persona")).toBeFocused();
  await expect(page.getByText(/^Ingresa el correo electrónico de tu amigo o amiga/)).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Consultar el saldo de una tarjeta de regalo" }),
  ).toHaveAttribute("href", "/es/gift-cards/balance");
  expect(problems).toEqual([]);
});

test("a missing page in French is a French 404", async ({ page }) => {
  const problems = consoleProblems(page);
  const res = await page.goto("/fr/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await hydrated(page);
  await expect(page).toHaveTitle("404 Page introuvable | MANA");
  await expect(page.getByRole("heading", { level: 1, name: "404 Page introuvable" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à la boutique" })).toHaveAttribute("href", "/fr");
  // The browser reports the 404 response itself; nothing else may err.
  expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
});
