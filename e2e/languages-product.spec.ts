import { expect, test } from "@playwright/test";
import { consoleProblems } from "./support/console.ts";

// The home page and a product page in Spanish and French (docs/decisions/049-languages.md): the fixed words
// in the page's language from the first byte and after hydrating, the head's words and the canonical
// address in that language, nothing erring in the console.

// The bundle's heading is its name, which stays English in every language like the stacks' and the
// products' names (docs/decisions/049-languages.md, "Content"): the search, the cart and the order say the same.
const HOME = {
  es: {
    heading: "Cuatro fórmulas, una filosofía",
    bundle: "The Complete MANA System",
    add: "Agregar al carrito: Ashwagandha",
    title: "MANA | Ciencia integrada y sabiduría ancestral",
  },
  fr: {
    heading: "Quatre formules, une philosophie",
    bundle: "The Complete MANA System",
    add: "Ajouter au panier : Ashwagandha",
    title: "MANA | Science intégrée et sagesse ancestrale",
  },
} as const;

const PRODUCT = {
  es: {
    option: "Opción de compra",
    once: "Compra única",
    facts: "Información del suplemento",
    reviews: "Reseñas de clientes",
    quantity: "Cantidad de Ashwagandha",
  },
  fr: {
    option: "Option d’achat",
    once: "Achat unique",
    facts: "Information sur le supplément",
    reviews: "Avis des clients",
    quantity: "Quantité de Ashwagandha",
  },
} as const;

for (const locale of ["es", "fr"] as const) {
  test(`the home page speaks ${locale}`, async ({ page }) => {
    const problems = consoleProblems(page);
    const words = HOME[locale];
    await page.goto(`/${locale}`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page).toHaveTitle(words.title);
    await expect(page.getByRole("heading", { level: 2, name: words.heading })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: words.bundle })).toBeVisible();
    await expect(page.getByRole("button", { name: words.add })).toBeVisible();
    await expect(page.getByText("Four formulas, one philosophy")).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test(`the product page speaks ${locale}`, async ({ page }) => {
    const problems = consoleProblems(page);
    const words = PRODUCT[locale];
    await page.goto(`/${locale}/products/ashwagandha`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/${locale}/products/ashwagandha$`),
    );
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      "content",
      new RegExp(`/${locale}/products/ashwagandha$`),
    );
    const options = page.getByRole("group", { name: words.option });
    await expect(options.getByRole("radio", { name: new RegExp(words.once) })).toBeChecked();
    await expect(page.getByRole("group", { name: words.quantity })).toBeVisible();
    await expect(page.getByText(words.facts, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: words.reviews })).toBeVisible();
    await expect(page.getByText("Purchase option")).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}

test("a product missing in Spanish says so in Spanish", async ({ page }) => {
  const res = await page.goto("/es/products/no-such-thing");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Producto no encontrado" })).toBeVisible();
  await expect(page).toHaveTitle("Producto no encontrado | MANA");
});

test("/fr/products leads to the French product grid", async ({ request }) => {
  const res = await request.get("/fr/products", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/fr#products");
});
