import { expect, test } from "@playwright/test";

// The shop's languages in the URL (docs/decisions/049-languages.md): the switcher keeps the shopper on the
// same page, the page and every link stay in the chosen language, nothing errs while hydrating.
test("a shopper switches a product page to Español and stays on it, in Spanish", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));

  await page.goto("/products/ashwagandha");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Español" }).click();

  await expect(page).toHaveURL(/\/es\/products\/ashwagandha$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("heading", { level: 1, name: /Ashwagandha/ })).toBeVisible();
  const spanishFooter = page.getByRole("contentinfo");
  await expect(spanishFooter.getByRole("heading", { name: "Tienda" })).toBeVisible();
  await expect(
    spanishFooter.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "Español" }),
  ).toHaveAttribute("aria-current", "true");
  expect(await page.context().cookies()).toContainEqual(
    expect.objectContaining({ name: "mana_locale", value: "es" }),
  );

  // Search engines are told of the page in every language.
  for (const [lang, path] of [
    ["en", "/products/ashwagandha"],
    ["es", "/es/products/ashwagandha"],
    ["fr", "/fr/products/ashwagandha"],
    ["x-default", "/products/ashwagandha"],
  ])
    await expect(page.locator(`link[rel=alternate][hreflang="${lang}"]`)).toHaveAttribute(
      "href",
      new RegExp(`${path}$`),
    );

  // Links keep the language, and the next page (rendered in the browser) speaks it too.
  const hub = spanishFooter.getByRole("link", { name: "Centro de conocimiento" });
  await expect(hub).toHaveAttribute("href", "/es/knowledge");
  await hub.click();
  await expect(page).toHaveURL(/\/es\/knowledge$/);
  await expect(page.getByRole("contentinfo").getByRole("heading", { name: "Ayuda" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Saltar al contenido" })).toBeAttached();
  expect(problems).toEqual([]);
});

test("French pages are served in French from the first byte, and only French messages reach the browser", async ({
  request,
}) => {
  const res = await request.get("/fr/knowledge");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<html lang="fr"');
  expect(html).toContain("Aller au contenu");
  expect(html).toContain("Centre de connaissances");
  const messages = JSON.parse(
    /<script type="application\/json" id="mana-messages"[^>]*>(.*?)<\/script>/.exec(html)?.[1] ?? "{}",
  );
  expect(messages.locale).toBe("fr");
  const catalogue = await request.get(messages.catalogue);
  expect(catalogue.headers()["cache-control"]).toContain("immutable");
  const body = await catalogue.text();
  expect(body).toContain("Aller au contenu");
  expect(body).not.toContain("Skip to content");
  expect(body).not.toContain("Saltar al contenido");
  // The dashboard and the API have no language prefix.
  expect((await request.get("/fr/admin")).status()).toBe(404);
});

test("the preferences page's language control saves the choice on the account and opens the shop in it", async ({
  page,
}) => {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Full Name").fill("Lola Lengua");
  await page.getByLabel("Email").fill(`lengua-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("quiet forest 42");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/account");
  await page.goto("/preferences");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByRole("main").getByLabel("Language", { exact: true }).selectOption("es");

  await expect(page).toHaveURL(/\/es\/preferences$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect((await (await page.request.get("/api/preferences")).json()).display.language).toBe("es");
  expect(await page.context().cookies()).toContainEqual(
    expect.objectContaining({ name: "mana_locale", value: "es" }),
  );
  await expect(page.getByRole("main").getByRole("combobox").nth(1)).toHaveValue("es");
});

test("robots.txt keeps the personal pages out in every language; the sitemap lists every language", async ({
  request,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  for (const path of ["/checkout", "/es/checkout", "/fr/account", "/fr/newsletter/"])
    expect(robots).toContain(`Disallow: ${path}\n`);
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const path of [
    "/products/korean-ginseng",
    "/es/products/korean-ginseng",
    "/fr/products/korean-ginseng",
  ])
    expect(xml).toMatch(new RegExp(`<loc>[^<]*${path}</loc><lastmod>\\d{4}-`));
  expect(xml).toMatch(/hreflang="fr" href="[^"]*\/fr\/stacks\/focus-and-calm"/);
});

test.describe("a browser that prefers Spanish", () => {
  test.use({ locale: "es-MX" });

  test("gets the page it asked for with an offer to switch, never a redirect, and the offer once", async ({
    page,
  }) => {
    const res = await page.goto("/stacks");
    expect(res?.status()).toBe(200);
    expect(page.url()).toMatch(/\/stacks$/);
    // The offer shows after hydration, before the rest of the catalogue may have arrived: the page carries its
    // words from the first byte, so it never shows their keys.
    const carried = await page.locator("#mana-messages").textContent();
    for (const key of ["shell.offer.label", "shell.offer.text", "shell.offer.switch", "shell.offer.stay"])
      expect(carried).toContain(`"${key}"`);
    const offer = page.getByRole("region", { name: "Language" });
    await expect(offer).toContainText("This page is also in Español.");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await offer.getByRole("button", { name: "Stay in English" }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect(page.getByRole("region", { name: "Language" })).toHaveCount(0);

    await page.context().clearCookies();
    await page.reload();
    await page
      .getByRole("region", { name: "Language" })
      .getByRole("link", { name: "Read it in Español" })
      .click();
    await expect(page).toHaveURL(/\/es\/stacks$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect(page.getByRole("region", { name: "Idioma" })).toHaveCount(0);
  });
});
