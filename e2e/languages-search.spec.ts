import { expect, type Page, test } from "@playwright/test";
import { consoleProblems } from "./support/console.ts";

// Search in the page's language (docs/decisions/049-languages.md): the knowledge hub's search and the
// header's box find an article by the words of its translation, show its title in the language and link
// to the page in the language.

const SLUG = "magnesium-and-sleep-evidence";
const FR_TITLE = "Magnésium et sommeil : ce que montrent les données, et ce qu’elles ne montrent pas";
const ES_TITLE = "Magnesio y sueño: lo que muestra la evidencia y lo que no";

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

test("the knowledge hub in French finds the French article by a French word", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/fr/knowledge");
  await hydrated(page);
  const search = page.getByRole("searchbox", { name: "Rechercher des articles" });
  await search.fill("sommeil");
  await expect(page).toHaveURL(/\/fr\/knowledge\?q=sommeil/);
  const link = page.getByRole("link", { name: FR_TITLE });
  await expect(link.first()).toBeVisible();
  await expect(link.first()).toHaveAttribute("href", `/fr/knowledge/${SLUG}`);

  // A typo of the French word still finds it.
  await search.fill("someil");
  await expect(page).toHaveURL(/q=someil/);
  await expect(page.getByRole("link", { name: FR_TITLE }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test("the header's search in Spanish finds the Spanish article and opens it in Spanish", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/es");
  await hydrated(page);
  await page.keyboard.press("Control+k");
  const box = page.getByRole("combobox", { name: "Busca productos, artículos e historias" });
  await expect(box).toBeFocused();
  await page.keyboard.type("magnesio");
  const articles = page
    .getByRole("listbox", { name: "Sugerencias de búsqueda" })
    .getByRole("group", { name: "Artículos" });
  const option = articles.getByRole("option", { name: new RegExp(ES_TITLE) });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/es/knowledge/${SLUG}$`));
  await expect(page.getByRole("heading", { level: 1, name: ES_TITLE })).toBeVisible();
  expect(problems).toEqual([]);
});
