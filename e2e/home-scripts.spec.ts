import { expect, test } from "@playwright/test";

// The home-page JavaScript budget (docs/performance.md): the scripts the home page loads before hydration carry only
// the icons the page draws. An icon imported through the `lucide-react` barrel, or grouped with the
// icons of other pages, would bring every icon of the app to every page (docs/performance.md).
test("the home page's scripts carry only the icons the page draws", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const drawn = new Set([...html.matchAll(/\blucide-([a-z0-9-]+)/g)].map((m) => m[1]));
  const scripts = new Set(
    [
      ...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g),
      ...html.matchAll(/import(?: \* as \w+ from |\()"(\/assets\/[^"]+\.js)"/g),
    ].map((m) => m[1] as string),
  );
  expect(scripts.size).toBeGreaterThan(0);

  const shipped = new Set<string>();
  for (const src of scripts) {
    const code = await (await request.get(src)).text();
    // Each lucide icon module holds its data as { name: "<icon>", size: 24, node: [...] }.
    for (const m of code.matchAll(/\bname:\s*["'`]([a-z0-9-]+)["'`],\s*size:\s*24\b/g))
      shipped.add(m[1] as string);
  }
  // The header's cart icon and the home page's own icons are found, so the pattern above still matches.
  expect(shipped).toContain("shopping-bag");
  expect(shipped).toContain("flask-conical");
  expect([...shipped].filter((name) => !drawn.has(name)).sort()).toEqual([]);
});

// The validation library (zod) checks what the server receives and the forms that send it; the pages a
// visitor lands on never load it. A price list or a constant imported from a contract with schemas would
// bring all of it into every page (it did once: core/price-lists.ts and core/gift-card-amounts.ts).
test("the home page's scripts carry no validation library", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const scripts = [
    ...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g),
    ...html.matchAll(/import(?: \* as \w+ from |\()"(\/assets\/[^"]+\.js)"/g),
  ].map((m) => m[1] as string);
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of new Set(scripts)) {
    const code = await (await request.get(src)).text();
    expect(code, src).not.toContain("ZodError");
  }
});
