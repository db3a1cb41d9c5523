import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES } from "../../core/contracts/preferences.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { ServerTranslatorContext, TranslatorProvider } from "../i18n/i18n.tsx";
import PreferencesPage from "./preferences.tsx";

type PageProps = Parameters<typeof PreferencesPage>[0];

/**
 * The page as the server renders it in English: a signed-in customer's saved (default) preferences, or a
 * guest's.
 */
function render(signedIn: boolean): string {
  const loaderData = signedIn
    ? { signedIn, preferences: DEFAULT_PREFERENCES }
    : { signedIn, preferences: null };
  const page = createElement(PreferencesPage, { loaderData } as PageProps);
  // A data router, as the shop's: the page's writes are fetchers of its route.
  const router = createMemoryRouter([{ path: "/preferences", element: page }], {
    initialEntries: ["/preferences"],
  });
  const translated = createElement(TranslatorProvider, null, createElement(RouterProvider, { router }));
  return renderToStaticMarkup(
    createElement(ServerTranslatorContext, { value: requestTranslator("en", new Set()) }, translated),
  );
}

/**
 * React's generated ids depend on where a component sits in the tree: rename each distinct id to id0, id1…
 * in order of first appearance, so the markup compares exactly while every label-for / aria-describedby
 * link to its element is still checked.
 */
function normalizeIds(html: string): string {
  const ids = new Map<string, string>();
  const rename = (id: string) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size}`);
    return ids.get(id) as string;
  };
  return html.replace(
    /(id|for|aria-describedby|aria-labelledby|aria-controls)="([^"]*)"/g,
    (_m, attr, value) => {
      const base = value.replace(/-d$/, "");
      const suffix = value.endsWith("-d") ? "-d" : "";
      return `${attr}="${rename(base)}${suffix}"`;
    },
  );
}

describe("preferences page markup", () => {
  it("renders every group, label, description, control and accessibility attribute as the page promises them", () => {
    const html = normalizeIds(render(true));
    expect(html.replace(/></g, ">\n<")).toMatchSnapshot();
  });

  it("each toggle is a switch named by its label (for= and aria-labelledby) and described by its text; each choice a labelled select", () => {
    const html = render(true);
    const switches = [...html.matchAll(/<button type="button" role="switch"[^>]*>/g)].map((m) => m[0]);
    expect(switches).toHaveLength(9);
    for (const tag of switches) {
      const id = tag.match(/ id="([^"]+)"/)?.[1] as string;
      expect(tag).toContain(`aria-describedby="${id}-d"`);
      // Named by its label for checkers that read only aria-labelledby on a button (HTML_CodeSniffer H91).
      expect(tag).toContain(`aria-labelledby="${id}-l"`);
      expect(html).toContain(`<label id="${id}-l" for="${id}"`);
      expect(html).toContain(`<p id="${id}-d"`);
    }
    const selects = [...html.matchAll(/<select id="([^"]+)"/g)].map((m) => m[1] as string);
    expect(selects).toHaveLength(4);
    for (const id of selects) expect(html).toContain(`<label for="${id}"`);
  });

  it("shows a guest the same controls, kept in this browser, with an invitation to sign in", () => {
    const html = render(false);
    expect(html).not.toContain("Sign In Required");
    expect(html).toContain("These settings stay in this browser;");
    expect(html).toMatch(/<a [^>]*href="\/auth"/);
    expect([...html.matchAll(/role="switch"/g)]).toHaveLength(9);
  });
});
