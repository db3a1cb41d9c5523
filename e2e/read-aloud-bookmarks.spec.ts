import { expect, type Page, test } from "@playwright/test";
import { signedUp } from "./support/shopper.ts";

const ARTICLE = "/knowledge/ginsenosides-explained";
const STORY = "/story/the-root-that-looked-like-a-person";

/**
 * The browser's speech synthesis, stood in for at the edge: a headless browser has no voices and never
 * finishes an utterance. With `timed`, each utterance "speaks" for 400 ms (scaled by its rate) unless paused
 * or cancelled; without it, an utterance ends only when the test calls `finishSentence` (the engine reaching
 * the end of the sentence), so nothing races the test's own checks. What was spoken is kept in window.spoken.
 */
async function standInSpeech(page: Page, { timed }: { timed: boolean }) {
  await page.addInitScript((timed) => {
    type U = { text: string; rate: number; onend?: () => void; onerror?: (e: { error: string }) => void };
    const w = window as unknown as {
      spoken: { text: string; rate: number }[];
      speechPaused: boolean;
      finishSentence: () => boolean;
    };
    w.spoken = [];
    w.speechPaused = false;
    let current: { u: U; left: number; timer?: ReturnType<typeof setTimeout>; at: number } | null = null;
    const end = (c: NonNullable<typeof current>) => {
      if (current !== c) return;
      current = null;
      c.u.onend?.();
    };
    const run = () => {
      if (!current || !timed) return;
      const c = current;
      c.at = Date.now();
      c.timer = setTimeout(() => end(c), c.left);
    };
    // A paused engine does not reach the end of its sentence.
    w.finishSentence = () => {
      if (!current || w.speechPaused) return false;
      end(current);
      return true;
    };
    const synth = {
      speak(u: U) {
        w.spoken.push({ text: u.text, rate: u.rate });
        current = { u, left: 400 / (u.rate || 1), at: 0 };
        if (!w.speechPaused) run();
      },
      cancel() {
        if (current?.timer) clearTimeout(current.timer);
        const c = current;
        current = null;
        w.speechPaused = false;
        c?.u.onerror?.({ error: "canceled" });
      },
      pause() {
        w.speechPaused = true;
        if (current?.timer) {
          clearTimeout(current.timer);
          current.left -= Date.now() - current.at;
        }
      },
      resume() {
        w.speechPaused = false;
        run();
      },
    };
    Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
    (window as unknown as { SpeechSynthesisUtterance: unknown }).SpeechSynthesisUtterance = class {
      text: string;
      rate = 1;
      lang = "";
      onend?: () => void;
      onerror?: (e: { error: string }) => void;
      constructor(text: string) {
        this.text = text;
      }
    };
  }, timed);
}

/** The stood-in engine reaches the end of the sentence it is speaking; false when it is paused or silent. */
const finishSentence = (page: Page) =>
  page.evaluate(() => (window as unknown as { finishSentence: () => boolean }).finishSentence());

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { spoken: { text: string; rate: number }[] }).spoken);
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const h = (CSS as unknown as { highlights: Map<string, Iterable<Range>> }).highlights.get("read-aloud");
    return h ? [...h].map((r) => r.toString()).join(" ") : null;
  });

test("Listen reads the article sentence by sentence, highlighted, with pause, resume, speed and stop", async ({
  page,
}) => {
  await standInSpeech(page, { timed: false });
  await page.goto(ARTICLE);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const controls = page.getByRole("group", { name: "Read the article aloud" });
  await controls.getByRole("button", { name: "Listen" }).click();
  await expect(controls.getByRole("button", { name: "Pause reading" })).toBeFocused();
  await expect(controls.getByText(/^Sentence 1 of \d+$/)).toBeVisible();
  const first = (await spoken(page))[0];
  expect(first?.text.length).toBeGreaterThan(10);
  expect(await highlighted(page)).toBe(first?.text);
  // When the engine ends a sentence, the reader moves on to the next by itself.
  expect(await finishSentence(page)).toBe(true);
  await expect(controls.getByText(/^Sentence 2 of/)).toBeVisible();
  expect(await highlighted(page)).toBe((await spoken(page))[1]?.text);

  await controls.getByRole("button", { name: "Pause reading" }).click();
  await expect(controls.getByRole("button", { name: "Resume reading" })).toBeFocused();
  const paused = (await spoken(page)).length;
  expect(await finishSentence(page)).toBe(false);
  await expect(controls.getByText(/^Sentence 2 of/)).toBeVisible();
  expect((await spoken(page)).length).toBe(paused);
  await controls.getByRole("button", { name: "Resume reading" }).click();
  await expect(controls.getByRole("button", { name: "Pause reading" })).toBeFocused();
  expect(await finishSentence(page)).toBe(true);
  await expect(controls.getByText(/^Sentence 3 of/)).toBeVisible();
  expect((await spoken(page)).length).toBeGreaterThan(paused);

  await controls.getByLabel("Reading speed").selectOption("1.25");
  await expect.poll(async () => (await spoken(page)).at(-1)?.rate).toBe(1.25);
  await controls.getByLabel("Reading speed").selectOption("0.75");
  await expect.poll(async () => (await spoken(page)).at(-1)?.rate).toBe(0.75);

  await controls.getByRole("button", { name: "Stop" }).click();
  await expect(controls.getByRole("button", { name: "Listen" })).toBeFocused();
  expect(await highlighted(page)).toBeNull();
  await expect(controls.getByRole("button", { name: "Stop" })).toHaveCount(0);
});

test("Listen reads a story's chapter with the child's name, and stops at the next chapter", async ({
  page,
}) => {
  await standInSpeech(page, { timed: true });
  await page.addInitScript(() => localStorage.setItem("storyChildName", "Mina"));
  await page.goto(STORY);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const controls = page.getByRole("group", { name: "Read the chapter aloud" });
  await controls.getByRole("button", { name: "Listen" }).click();
  await expect(controls.getByText(/^Sentence \d+ of \d+$/)).toBeVisible();
  // The chapter's title, then its text; the name the reader gave is read where the story says it.
  await expect.poll(async () => (await spoken(page)).map((s) => s.text).join(" ")).toContain("Mina");
  expect((await spoken(page)).map((s) => s.text).join(" ")).not.toContain("{childName}");
  await page.getByRole("button", { name: /Next Chapter/ }).click();
  await expect(controls.getByRole("button", { name: "Listen" })).toBeVisible();
  expect(await highlighted(page)).toBeNull();
});

test("without speech synthesis, Listen says the feature is coming", async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { speechSynthesis?: unknown }).speechSynthesis;
    // biome-ignore lint/suspicious/noExplicitAny: removing a browser API the page feature-detects
    delete (Window.prototype as any).speechSynthesis;
  });
  await page.goto(ARTICLE);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByRole("button", { name: "Listen" }).click();
  await expect(page.getByRole("alertdialog", { name: "Read Aloud feature coming soon!" })).toBeVisible();
});

test("with speech synthesis but no voice to speak with, Listen says the feature is coming", async ({
  page,
}) => {
  // Chromium on Linux without a speech engine: the API is there, its list of voices stays empty.
  await page.addInitScript(() => {
    Object.defineProperty(SpeechSynthesis.prototype, "getVoices", { value: () => [], configurable: true });
  });
  await page.goto(ARTICLE);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByRole("button", { name: "Listen" }).click();
  await expect(page.getByRole("alertdialog", { name: "Read Aloud feature coming soon!" })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toContainText("This browser cannot read aloud.");
});

test("when the browser's speech fails (synthesis-failed), Listen says so instead of falling silent", async ({
  page,
}) => {
  await standInSpeech(page, { timed: true });
  await page.addInitScript(() => {
    const synth = window.speechSynthesis as unknown as {
      speak: (u: { onerror?: (e: object) => void }) => void;
    };
    synth.speak = (u) => setTimeout(() => u.onerror?.({ error: "synthesis-failed" }), 10);
  });
  await page.goto(ARTICLE);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByRole("button", { name: "Listen" }).click();
  await expect(page.getByRole("alertdialog", { name: "Read Aloud feature coming soon!" })).toBeVisible();
});

test("Bookmark saves the article to the reading list on the account page, and takes it off again", async ({
  browser,
  baseURL,
}) => {
  const page = await signedUp(browser, baseURL as string, `reader-${Date.now()}@example.com`, "Rita Reader");
  await expect(page.getByRole("region", { name: "Reading list" })).toContainText("Nothing saved yet");
  await page.goto(ARTICLE);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const bookmark = page.getByRole("button", { name: "Bookmark" });
  await expect(bookmark).toBeEnabled();
  await expect(bookmark).toHaveAttribute("aria-pressed", "false");
  await bookmark.click();
  await expect(page.getByRole("status").filter({ hasText: "Bookmark saved!" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Bookmarked" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "Bookmarked" })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/account");
  const list = page.getByRole("region", { name: "Reading list" });
  await expect(list.getByRole("link", { name: title })).toHaveAttribute("href", ARTICLE);
  await list.getByRole("button", { name: `Remove ${title} from your reading list` }).click();
  await expect(list).toContainText("Nothing saved yet");
  // The removed row's button is gone: the focus is on the list's heading, and a toast says what happened.
  await expect(list.getByRole("heading", { name: "Reading list" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Bookmark removed" })).toBeVisible();
  await page.close();
});
