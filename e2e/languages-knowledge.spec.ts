import { expect, type Page, test } from "@playwright/test";
import esArticle from "../content/i18n/es/articles/ginsenosides-explained.json" with { type: "json" };
import frStory from "../content/i18n/fr/stories/the-root-that-looked-like-a-person.json" with {
  type: "json",
};
import frReference from "../content/i18n/fr/story-reference.json" with { type: "json" };
import { consoleProblems } from "./support/console.ts";

// The knowledge hub and the bedtime stories in the shopper's language (docs/decisions/049-languages.md):
// the pages' own words, Listen's language and voice, dates and the article's address.
const STORY = "/story/the-root-that-looked-like-a-person";
// The story's own words in French (content/i18n/fr/stories/), its title "La racine qui ressemblait…".
const TITLE = frStory.title;
const ARTICLE = "/knowledge/ginsenosides-explained";

/**
 * The browser's speech synthesis stood in for at the edge (a headless browser has no voices): it knows an
 * English voice (its default) and a French one, and keeps each utterance's language and voice.
 */
async function standInVoices(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { spoken: { lang: string; voice: string | null }[] };
    w.spoken = [];
    const voices = [
      { name: "Samantha", lang: "en-US", default: true },
      { name: "Amélie", lang: "fr-CA", default: false },
    ];
    const synth = {
      getVoices: () => voices,
      speak(u: { lang: string; voice: { name: string } | null }) {
        w.spoken.push({ lang: u.lang, voice: u.voice?.name ?? null });
      },
      cancel() {},
      pause() {},
      resume() {},
    };
    Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
    (window as unknown as { SpeechSynthesisUtterance: unknown }).SpeechSynthesisUtterance = class {
      text: string;
      rate = 1;
      lang = "";
      voice: unknown = null;
      constructor(text: string) {
        this.text = text;
      }
    };
  });
}

test("a French shopper names the child, reads the story's chapters and listens, all in French", async ({
  page,
}) => {
  const problems = consoleProblems(page);
  await standInVoices(page);
  await page.goto(`/fr${STORY}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");

  const name = page.getByRole("textbox", { name: "Quel est le prénom ou le surnom de votre enfant\u202f?" });
  await expect(name).toBeFocused();
  const dialog = page.getByRole("dialog");
  await expect(
    dialog.getByText("Nous le glisserons dans l’histoire. Il reste sur cet appareil."),
  ).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Plus tard" })).toBeVisible();
  await name.fill("Mia");
  await dialog.getByRole("button", { name: "Personnaliser l’histoire" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${TITLE} pour Mia`);
  // The story itself is in French: its first chapter's title and words, the child's name in them.
  await expect(page.getByRole("heading", { name: frStory.contentBlocks[0]?.text })).toBeVisible();
  await expect(page.getByText("Min-jun était aussi curieux que Mia.")).toBeVisible();
  await expect(page.getByText("Histoire du soir")).toBeVisible();
  await expect(page.getByRole("button", { name: "Changer le prénom" })).toBeVisible();

  const chapters = page.getByRole("navigation", { name: "Chapitres" });
  await expect(chapters.getByRole("button", { name: "Chapitre précédent" })).toBeDisabled();
  const progress = page.getByText(/^Chapitre \d+ sur \d+\u00a0: /);
  await expect(progress).toContainText("Chapitre 1 sur");
  await chapters.getByRole("button", { name: "Chapitre suivant" }).click();
  await expect(progress).toContainText("Chapitre 2 sur");
  await expect(chapters.getByRole("button", { name: /^Chapitre 1\s: .* \(lu\)$/ })).toBeVisible();

  // Listen speaks French, with the browser's French voice rather than its default English one.
  const listen = page.getByRole("group", { name: "Lire le chapitre à voix haute" });
  await listen.getByRole("button", { name: "Écouter" }).click();
  await expect(listen.getByRole("button", { name: "Mettre la lecture en pause" })).toBeVisible();
  await expect(listen.getByText(/^Phrase 1 sur \d+$/)).toBeVisible();
  const spoken = await page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken);
  expect(spoken[0]).toEqual({ lang: "fr", voice: "Amélie" });
  expect(problems).toEqual([]);
});

test("the Spanish knowledge hub filters and searches in Spanish", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/es/knowledge");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page).toHaveTitle("Centro de conocimiento | MANA");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Ciencia y sabiduría ancestral, explicadas",
  );
  await expect(page.getByRole("heading", { name: "Expertos destacados" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Artículos recientes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cuentos para dormir" })).toBeVisible();
  await expect(page.getByText(/^\d+ min de lectura$/).first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Buscar artículos" }).fill("ginseng");
  await expect(page.getByRole("heading", { name: "Resultados para “ginseng”" })).toBeVisible();
  await expect(page.getByText(/^\d+ artículos? encontrados?$/)).toBeVisible();
  await page.getByRole("button", { name: "Borrar la búsqueda" }).click();
  await expect(page.getByRole("heading", { name: "Artículos recientes" })).toBeVisible();

  const types = page.getByRole("navigation", { name: "Tipos de artículo" });
  await types.getByRole("button", { name: "Investigación" }).click();
  await expect(page).toHaveURL(/\/es\/knowledge\?type=research$/);
  await expect(types.getByRole("button", { name: "Investigación" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { level: 2, name: "Investigación" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a French story's info boxes read the French reference data", async ({ request }) => {
  const html = await (await request.get(`/fr${STORY}`)).text();
  expect(html).toContain(frReference.plants.koreanGinseng.kidFriendlyName);
  expect(html).toContain(frReference.culturalTerms.ginseng.meaning);
  expect(html).not.toContain("The Patient Person Root");
});

test("a Spanish article dates itself in Spanish and names its Spanish address", async ({ request }) => {
  const html = await (await request.get(`/es${ARTICLE}`)).text();
  // Its words are Spanish (content/i18n/es/articles/), English nowhere in its title.
  expect(html).toContain(`<title>${esArticle.title} | MANA</title>`);
  expect(html).toContain(esArticle.excerpt);
  expect(html).not.toContain("What Are Ginsenosides?");
  expect(html).toContain('<html lang="es"');
  expect(html).toMatch(/<link rel="canonical" href="[^"]*\/es\/knowledge\/ginsenosides-explained"/);
  expect(html).toMatch(/<meta property="og:url" content="[^"]*\/es\/knowledge\/ginsenosides-explained"/);
  expect(html).toMatch(/>\d{1,2} de [a-z]+ de \d{4}</);
  expect(html).toContain("Centro de conocimiento");
  expect(html).toContain("min de lectura");
});
