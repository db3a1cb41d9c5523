import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import PreferencesPage from "./preferences.tsx";

type PageProps = Parameters<typeof PreferencesPage>[0];

/** The page as the server renders it for a signed-in visitor (default preferences). */
function render(signedIn: boolean): string {
  const page = createElement(PreferencesPage, { loaderData: { signedIn } } as PageProps);
  return renderToStaticMarkup(createElement(MemoryRouter, null, page));
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

  it("each toggle is a switch named by its label and described by its text; each choice a labelled select", () => {
    const html = render(true);
    const switches = [...html.matchAll(/<button type="button" role="switch"[^>]*>/g)].map((m) => m[0]);
    expect(switches).toHaveLength(9);
    for (const tag of switches) {
      const id = tag.match(/ id="([^"]+)"/)?.[1] as string;
      expect(tag).toContain(`aria-describedby="${id}-d"`);
      expect(html).toContain(`<label for="${id}"`);
      expect(html).toContain(`<p id="${id}-d"`);
    }
    const selects = [...html.matchAll(/<select id="([^"]+)"/g)].map((m) => m[1] as string);
    expect(selects).toHaveLength(4);
    for (const id of selects) expect(html).toContain(`<label for="${id}"`);
  });

  it("shows Sign In Required when signed out", () => {
    expect(render(false)).toContain("Sign In Required");
  });
});
