import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page, test } from "@playwright/test";

// The checks pa11y runs: HTML_CodeSniffer's WCAG 2 AA sniffs, on the pages shoppers land on. Errors
// only (its warnings and notices ask a person to look); axe runs beside it in the other journeys.
const HTMLCS = readFileSync(
  createRequire(import.meta.url).resolve("html_codesniffer/build/HTMLCS.js"),
  "utf8",
);

/** Something in the cart, so /checkout shows its address form rather than the empty cart. */
const withCart = async (page: Page) => {
  const res = await page.request.post("/api/cart", {
    data: { productId: 1, quantity: 1, isSubscription: false },
  });
  expect(res.ok()).toBe(true);
};

const pages: [path: string, prepare?: (page: Page) => Promise<void>][] = [
  ["/"],
  ["/knowledge"],
  ["/knowledge/ginsenosides-explained"],
  ["/products/ashwagandha"],
  ["/stacks"],
  ["/checkout"],
  ["/checkout", withCart],
  ["/auth"],
  ["/preferences"],
];

// The sniffer is injected as a script: the shop's CSP (rightly) refuses inline scripts without its nonce.
test.use({ bypassCSP: true });

for (const [path, prepare] of pages) {
  const what = prepare ? `${path} (with something in the cart)` : path;
  test(`HTML_CodeSniffer (WCAG 2 AA) reports no errors on ${what}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await prepare?.(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    if (prepare) await expect(page.getByLabel("Address", { exact: true })).toBeVisible();
    await page.addScriptTag({ content: HTMLCS });
    const errors = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const htmlcs = (window as unknown as { HTMLCS: HtmlCs }).HTMLCS;
          htmlcs.process("WCAG2AA", document, () => {
            resolve(
              htmlcs
                .getMessages()
                .filter((m) => m.type === 1)
                .map((m) => `${m.code}: ${m.msg} (${m.element.outerHTML.slice(0, 120)})`),
            );
          });
        }),
    );
    expect(errors).toEqual([]);
  });
}

interface HtmlCs {
  process(standard: string, root: Document, done: () => void): void;
  getMessages(): { type: number; code: string; msg: string; element: Element }[];
}
