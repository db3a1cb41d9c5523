import type { Page } from "@playwright/test";

/** Console errors and uncaught exceptions on the page from now on, for a journey to end with none. */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}
