import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { axe, checkLooks } from "./support/looks.ts";
import { signedUp } from "./support/shopper.ts";

/**
 * The quiz that builds a personal stack (/quiz, docs/decisions/053-quiz.md): answered by keyboard alone,
 * its result with reasons and one-click buying, the answers saved only with consent and deleted from the
 * account.
 */

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** Presses Tab until `target` has the focus (the keyboard's way there), at most `max` times. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("never reached by Tab");
}

/** A radio question by keyboard: into the group, the answer `down` places below the first, then Next. */
async function answerRadio(page: Page, question: string, down: number) {
  await expect(page.getByRole("heading", { name: question })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  for (let i = 0; i < down; i++) await page.keyboard.press("ArrowDown");
  await tabTo(page, page.getByRole("button", { name: /^(Next|See my stack)$/ }), 3);
  await page.keyboard.press("Enter");
}

/** The Focus & Calm answers, by pointer: focus and stress, an afternoon dip, often stressed. */
async function answerByClicks(page: Page) {
  await page.getByLabel("Enhanced focus").check();
  await page.getByLabel("Stress resilience").check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Well, most nights").check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("It dips in the afternoon").check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Often").check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Rarely").check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Either is fine").check();
  await page.getByRole("button", { name: "See my stack" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Focus & Calm Stack" })).toBeVisible();
}

test("a shopper answers by keyboard alone, gets a stack with reasons and subscribes in one click", async ({
  page,
}) => {
  await page.goto("/quiz");
  await hydrated(page);
  await expect(page.getByText("Question 1 of 7")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Quiz progress" })).toHaveAttribute(
    "aria-valuetext",
    "Question 1 of 7",
  );
  // Goals: two checkboxes, Space on each; Next without any says what is missing.
  await tabTo(page, page.getByLabel("Enhanced focus"));
  await tabTo(page, page.getByRole("button", { name: "Next" }), 6);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Choose one to three goals to continue.");
  await expect(page.getByLabel("Enhanced focus")).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Stress resilience")).toBeFocused();
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: "Next" }), 6);
  await page.keyboard.press("Enter");

  await answerRadio(page, "How do you sleep?", 0);
  await expect(page.getByText("Question 3 of 7")).toBeVisible();
  await answerRadio(page, "How is your energy through the day?", 1);
  // Back keeps the answers given.
  await expect(page.getByRole("heading", { name: "How often do you feel stressed?" })).toBeFocused();
  await tabTo(page, page.getByRole("button", { name: "Back" }), 6);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "How is your energy through the day?" })).toBeFocused();
  await expect(page.getByLabel("It dips in the afternoon")).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Next" }), 6);
  await page.keyboard.press("Enter");

  await answerRadio(page, "How often do you feel stressed?", 2);
  await answerRadio(page, "How often do you exercise or train?", 0);
  // None taken already: straight to Next.
  await expect(page.getByRole("heading", { name: "Do you take any MANA formula already?" })).toBeFocused();
  await tabTo(page, page.getByRole("button", { name: "Next" }), 8);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Question 7 of 7")).toBeVisible();
  await answerRadio(page, "Which format do you prefer?", 2);

  // The result: the curated stack, each product's reasons, the FDA statement, reading on the goals.
  const result = page.getByRole("heading", { level: 2, name: "Focus & Calm Stack" });
  await expect(result).toBeFocused();
  const ginseng = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Korean Ginseng" }) });
  await expect(ginseng.getByText("Your goal: Enhanced focus")).toBeVisible();
  await expect(ginseng.getByText("Your energy dips in the afternoon")).toBeVisible();
  const ashwagandha = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Ashwagandha" }) });
  await expect(ashwagandha.getByText("Your goal: Stress resilience")).toBeVisible();
  await expect(ashwagandha.getByText("You often feel stressed")).toBeVisible();
  await expect(page.getByRole("main").getByText(/These statements have not been evaluated/)).toBeVisible();
  const why = page.getByRole("region", { name: "Why these?" });
  await expect(why.getByRole("link").first()).toHaveAttribute("href", /^\/knowledge\/[a-z0-9-]+$/);
  // Signed out: told the answers are not kept.
  await expect(page.getByText(/Your answers are not kept/)).toBeVisible();
  await expect(page.getByLabel("Save my answers to my account")).toHaveCount(0);

  // Subscribe, one click: the cart holds the stack's two products as subscription lines.
  await page.getByRole("button", { name: /^Subscribe & Save/ }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: /^Open cart/ }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByText(/^Monthly subscription, \d+% off · Focus & Calm Stack$/)).toHaveCount(2);
  const items = (await (await page.request.get("/api/cart")).json()) as {
    productId: number;
    isSubscription: boolean;
    bundleId: string | null;
  }[];
  expect(items.map((i) => [i.productId, i.isSubscription, i.bundleId]).sort()).toEqual([
    [1, true, "focus-and-calm"],
    [3, true, "focus-and-calm"],
  ]);
});

test("a single goal gives the personal combination, priced once and subscribed in the shopper's currency", async ({
  page,
  baseURL,
}) => {
  // A Canadian shopper: every price from the Canadian dollar list (decision 051).
  await page.context().addCookies([{ name: "mana_currency", value: "CAD", url: baseURL as string }]);
  await page.goto("/quiz");
  await hydrated(page);
  await page.getByLabel("Deep sleep").check();
  await page.getByRole("button", { name: "Next" }).click();
  for (const answer of ["Well, most nights", "Steady from morning to evening", "Rarely", "Rarely"]) {
    await page.getByLabel(answer, { exact: true }).check();
    await page.getByRole("button", { name: "Next" }).click();
  }
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Capsules").check();
  await page.getByRole("button", { name: "See my stack" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Your personal stack" })).toBeFocused();
  await expect(page.getByText("Your answers point to one formula.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Total Restore" })).toBeVisible();
  await expect(page.getByText("Supports restful sleep and overnight recovery.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Add to cart · CA\$\d+\.\d\d$/ })).toBeVisible();
  await page.getByRole("button", { name: /^Subscribe · CA\$\d+\.\d\d\/month$/ }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  const items = (await (await page.request.get("/api/cart")).json()) as {
    productId: number;
    isSubscription: boolean;
  }[];
  expect(items.map((i) => [i.productId, i.isSubscription])).toEqual([[2, true]]);
});

/** The quiz's English sentences (three words or more, no values) that `locale` words differently. */
function quizEnglish(locale: string): string[] {
  const read = (l: string) =>
    JSON.parse(
      readFileSync(new URL(`../app/i18n/messages/${l}/quiz.json`, import.meta.url), "utf8"),
    ) as Record<string, string>;
  const en = read("en");
  const other = read(locale);
  return Object.entries(en)
    .filter(([key, text]) => !/[{<]/.test(text) && text.split(/\s+/).length >= 3 && other[key] !== text)
    .map(([, text]) => text);
}

for (const [locale, words] of [
  ["es", { title: "Encuentra tu stack", step: "Pregunta 1 de 7", next: "Siguiente", done: "Ver mi stack" }],
  ["fr", { title: "Trouvez votre stack", step: "Question 1 sur 7", next: "Suivant", done: "Voir mon stack" }],
] as const) {
  test(`the quiz and its result speak ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}/quiz`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: words.title })).toBeVisible();
    await expect(page.getByText(words.step)).toBeVisible();
    // The first two goals, then each question's first answer.
    await page.getByRole("checkbox").nth(0).check();
    await page.getByRole("checkbox").nth(2).check();
    await page.getByRole("button", { name: words.next }).click();
    for (let i = 0; i < 4; i++) {
      await page.getByRole("radio").first().check();
      await page.getByRole("button", { name: words.next }).click();
    }
    await page.getByRole("button", { name: words.next }).click();
    await page.getByRole("radio").first().check();
    await page.getByRole("button", { name: words.done }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Focus & Calm Stack" })).toBeFocused();
    const text = (await page.getByRole("main").textContent()) ?? "";
    expect(quizEnglish(locale).filter((english) => text.includes(english))).toEqual([]);
    await expect(page.getByRole("main").getByRole("link", { name: /./ }).last()).toHaveAttribute(
      "href",
      new RegExp(`^/${locale}/`),
    );
  });
}

test("the home page links the quiz in its language", async ({ page }) => {
  await page.goto("/fr");
  await expect(page.getByRole("link", { name: /Faites le quiz de 2 minutes/ })).toHaveAttribute(
    "href",
    "/fr/quiz",
  );
});

test("a signed-in customer saves the answers with consent, and deletes them from the account", async ({
  browser,
  baseURL,
}) => {
  const page = await signedUp(browser, baseURL as string, `quiz-${Date.now()}@example.com`, "Quinn Quiz");
  await page.goto("/quiz");
  await hydrated(page);
  await answerByClicks(page);
  const box = page.getByLabel("Save my answers to my account");
  await expect(box).not.toBeChecked();
  // Nothing kept until the box is ticked.
  expect((await (await page.request.get("/api/quiz")).json()).saved).toBeNull();
  await box.check();
  await expect(page.getByRole("status").filter({ hasText: "Saved to your account." })).toBeVisible();
  await expect(box).toBeChecked();
  await expect(box).toBeFocused();
  const saved = (await (await page.request.get("/api/quiz")).json()).saved;
  expect(saved.answers.goals).toEqual(["enhanced-focus", "stress-resilience"]);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("quiz-saved.png"), fullPage: true });

  await page.goto("/account");
  await hydrated(page);
  const card = page.getByRole("region", { name: "Your quiz answers" });
  await expect(card.getByRole("link", { name: "Focus & Calm Stack" })).toBeVisible();
  await expect(card.getByText("Enhanced focus, Stress resilience")).toBeVisible();
  await expectNoAxeViolations(page);
  await card.screenshot({ path: test.info().outputPath("account-quiz-card.png") });
  await card.getByRole("button", { name: "Delete my answers" }).click();
  await expect(card.getByRole("status")).toHaveText("Your quiz answers are deleted.");
  await expect(card.getByRole("heading", { name: "Your quiz answers" })).toBeFocused();
  await expect(card.getByRole("button", { name: "Delete my answers" })).toHaveCount(0);
  expect((await (await page.request.get("/api/quiz")).json()).saved).toBeNull();
  await card.screenshot({ path: test.info().outputPath("account-quiz-card-deleted.png") });
  await page.context().close();
});

test("looks: the quiz and its result pass axe at both widths in both themes", async ({ page, baseURL }) => {
  await checkLooks(
    page,
    baseURL as string,
    [
      ["quiz", "/quiz"],
      ["quiz-result", "/quiz"],
    ],
    async (p, name) => {
      await hydrated(p);
      if (name === "quiz-result") await answerByClicks(p);
    },
  );
});
