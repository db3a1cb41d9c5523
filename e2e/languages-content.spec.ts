import { expect, test } from "@playwright/test";
import { consoleProblems } from "./support/console.ts";

// The catalogue's own words in Spanish and French (docs/decisions/049-languages.md, "Content"): a product's
// tagline, description, benefits, label and questions, and the stacks' descriptions, from content/i18n/;
// product names stay the brand's; nothing errs in the console.

const ASHWAGANDHA = {
  es: {
    tagline: "Resiliencia serena desde el Ayurveda",
    description: "el adaptógeno de la tradición ayurvédica",
    benefit: "Favorece una respuesta saludable al estrés",
    ingredient: "estandarizado en witanólidos",
    directions: "Adultos: tomar 2 mL (2 goteros llenos) una vez al día",
    question: "¿Mañana o noche?",
    jsonLd: "el adaptógeno de la tradición ayurvédica",
    jsonLdProperty: '"name":"Porciones por envase"',
  },
  fr: {
    tagline: "La sérénité résiliente de l’Ayurveda",
    description: "l’adaptogène de la tradition ayurvédique",
    benefit: "Soutient une réponse saine au stress",
    ingredient: "standardisé en withanolides",
    directions: "Adultes : prendre 2 mL (2 compte-gouttes pleins) une fois par jour",
    question: "Le matin ou le soir ?",
    jsonLd: "l’adaptogène de la tradition ayurvédique",
    jsonLdProperty: '"name":"Portions par contenant"',
  },
} as const;

const STACKS = {
  es: "Las cuatro fórmulas MANA, ordenadas según la forma de un día",
  fr: "Les quatre formules MANA, réparties selon le déroulé d’une journée",
} as const;

for (const locale of ["es", "fr"] as const) {
  test(`a product's own words in ${locale}`, async ({ page }) => {
    const problems = consoleProblems(page);
    const words = ASHWAGANDHA[locale];
    await page.goto(`/${locale}/products/ashwagandha`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("heading", { level: 1, name: "Ashwagandha" })).toBeVisible();
    const main = page.locator("main");
    for (const text of [words.tagline, words.description, words.benefit, words.ingredient, words.directions])
      await expect(main).toContainText(text);
    await expect(main).not.toContainText("Calm resilience from Ayurveda");
    await expect(page.getByText(words.question, { exact: true })).toBeVisible();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join("\n")).toContain(words.jsonLd);
    // The label's facts are named in the page's language too.
    expect(jsonLd.join("\n")).toContain(words.jsonLdProperty);
    expect(jsonLd.join("\n")).not.toContain("Servings per container");
    expect(jsonLd.join("\n")).toContain(`/${locale}/products/ashwagandha"`);
    expect(problems).toEqual([]);
  });

  test(`the stacks' descriptions in ${locale}`, async ({ page }) => {
    const problems = consoleProblems(page);
    await page.goto(`/${locale}/stacks`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.locator("main")).toContainText(STACKS[locale]);
    await expect(page.locator("main")).not.toContainText("All four MANA formulas, arranged around");
    expect(problems).toEqual([]);
  });
}
