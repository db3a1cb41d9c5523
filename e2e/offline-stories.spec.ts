import { expect, type Page, test } from "@playwright/test";
import { checkLooks } from "./support/looks.ts";

// Bedtime stories without a network, and the installable shop (docs/decisions/054-offline-stories.md).

const STORY = "/story/the-root-that-looked-like-a-person";
const TITLE = "The Root That Looked Like a Person";
const OTHER_STORY = "/story/the-plant-that-smelled-like-a-horse";

const nameBox = (page: Page) => page.getByRole("textbox", { name: "What's your child's name or nickname?" });

async function giveName(page: Page, name: string) {
  await nameBox(page).fill(name);
  await nameBox(page).press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${TITLE} for ${name}`);
}

/** Whether the worker's versioned cache holds `path` (and, with `min`, at least that many files). */
function stored(page: Page, path: string) {
  return page.evaluate(async (path) => {
    for (const name of await caches.keys()) {
      if (!name.startsWith("mana-offline-v-")) continue;
      const cache = await caches.open(name);
      if (!(await cache.match(path))) continue;
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return null;
  }, path);
}

test("a story opened once reads in full offline, with the child's name and its pictures; the cart says it is offline", async ({
  page,
  context,
}) => {
  await page.goto(STORY);
  await giveName(page, "Mia");
  // The story page registers the worker, which takes the page and keeps the story with what it loaded.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect
    .poll(async () => {
      const files = (await stored(page, STORY)) ?? [];
      return {
        story: files.includes(STORY),
        scripts: files.some((f) => /^\/assets\/.+\.js$/.test(f)),
        fonts: files.some((f) => /^\/assets\/.+\.woff2$/.test(f)),
        pictures: files.some((f) => /^\/(?:images|attached_assets)\//.test(f)),
        // Nothing but story pages, hashed files, catalogues and pictures.
        others: files.filter(
          (f) =>
            !/^\/(?:story\/[a-z-]+(?:\.data)?|assets\/.+|i18n\/.+|images\/.+|attached_assets\/.+)$/.test(f),
        ),
      };
    })
    .toEqual({ story: true, scripts: true, fonts: true, pictures: true, others: [] });
  // Everything the page asked for is kept before the network goes (the drawer's code among it).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const names = performance
          .getEntriesByType("resource")
          .map((e) => new URL(e.name))
          .filter(
            (u) => u.origin === location.origin && /^\/(?:assets|attached_assets|images)\//.test(u.pathname),
          )
          .map((u) => u.pathname);
        const missing = [];
        for (const n of names) if (!(await caches.match(n))) missing.push(n);
        return missing;
      }),
    )
    .toEqual([]);

  await context.setOffline(true);
  // The worker's own requests are offline too: a story never opened is not there.
  expect(
    await page.evaluate(
      (path) =>
        fetch(path).then(
          (r) => r.status,
          () => "no network",
        ),
      OTHER_STORY,
    ),
  ).toBe("no network");

  const res = await page.reload();
  expect(res?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${TITLE} for Mia`);
  await expect(page.getByText("Min-jun was just as curious as Mia.")).toBeVisible();
  const progress = page.getByText(/^Chapter \d+ of \d+: /);
  const total = Number((await progress.textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThanOrEqual(3);
  for (let i = 1; i <= total; i++) {
    if (i > 1) await page.getByRole("button", { name: "Next Chapter" }).click();
    await expect(progress).toContainText(`Chapter ${i} of ${total}`);
    await expect(page.locator("#chapter-title")).not.toBeEmpty();
    // Every picture on the page (the story's and the chapter's) drew from the kept copy.
    const images = page.locator("main img");
    for (let n = 0; n < (await images.count()); n++) {
      await expect
        .poll(() => images.nth(n).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
  }
  await expect(page.getByRole("button", { name: "The End" })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath("story-offline.png"), fullPage: true });

  // The cart cannot be read offline: the drawer says so instead of showing a cart.
  await page.getByRole("button", { name: /^Open cart/ }).click();
  await expect(page.getByTestId("cart-offline")).toHaveText(
    "You're offline. The cart will be back when you're connected.",
  );
  await expect(page.getByRole("dialog")).toHaveCSS("opacity", "1");
  await page.waitForTimeout(400); // the drawer's slide, for the screenshot
  await page.screenshot({ path: test.info().outputPath("cart-offline.png") });
  await page.keyboard.press("Escape");

  // A page never opened is not served by the worker: the browser's own error.
  const error = await page.goto("/checkout").then(
    () => null,
    (e: Error) => e.message,
  );
  expect(error).toMatch(/ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(false);
});

test("'Keep for offline' keeps the open story across visits until it is removed; in Spanish and French too", async ({
  page,
}) => {
  await page.goto(STORY);
  await giveName(page, "Leo");
  const keep = page.getByRole("button", { name: "Keep for offline", exact: true });
  await keep.click();
  await expect(page.getByText("Kept for offline", { exact: true })).toBeVisible();
  expect(
    await page.evaluate(
      async (path) => !!(await (await caches.open("mana-offline-kept")).match(path)),
      STORY,
    ),
  ).toBe(true);
  expect(await stored(page, STORY)).toContain(STORY);
  await page.reload();
  await expect(page.getByText("Kept for offline", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Remove from offline", exact: true }).click();
  await expect(keep).toBeVisible();
  expect(await stored(page, STORY)).toBeNull();

  await page.goto(`/es${STORY}`);
  await expect(page.getByRole("button", { name: "Guardar sin conexión", exact: true })).toBeVisible();
  await page.goto(`/fr${STORY}`);
  await page.getByRole("button", { name: "Garder hors ligne", exact: true }).click();
  await expect(page.getByText("Gardée hors ligne", { exact: true })).toBeVisible();
});

test("the next story is kept without opening it, and then reads offline", async ({ page, context }) => {
  await page.goto(STORY);
  await giveName(page, "Zoe");
  const next = page.getByRole("link", { name: /^Next story/ });
  const nextPath = new URL((await next.getAttribute("href")) as string, "http://x").pathname;
  const title = ((await next.locator(".font-display").textContent()) ?? "").trim();
  await page.getByRole("button", { name: `Keep for offline: ${title}` }).click();
  await expect(page.getByRole("button", { name: `Remove from offline: ${title}` })).toBeVisible();
  expect(await stored(page, nextPath)).not.toBeNull();

  await context.setOffline(true);
  const res = await page.goto(nextPath);
  expect(res?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} for Zoe`);
  await expect(page.getByText(/^Chapter 1 of \d+: /)).toBeVisible();
  const cover = page.locator("main header img").first();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await context.setOffline(false);
});

test("a story reached by a link is kept too, and a new build's worker deletes the old build's cache", async ({
  page,
  context,
}) => {
  // A cache left by an earlier build (the home page registers nothing, so the worker is not there yet).
  await page.goto("/");
  await page.evaluate(async () => {
    await (await caches.open("mana-offline-v-0123456789abcdef")).put("/story/old", new Response("old"));
  });
  await page.goto(STORY);
  await giveName(page, "Ana");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect
    .poll(() =>
      page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("mana-offline-v-"))),
    )
    .toEqual([expect.stringMatching(/^mana-offline-v-(?!0123456789abcdef)[0-9a-f]{16}$/)]);

  // Client-side navigation to the next story: its page is fetched and kept as well.
  const next = page.getByRole("link", { name: /^Next story/ });
  const nextPath = new URL((await next.getAttribute("href")) as string, "http://x").pathname;
  await next.click();
  await expect(page).toHaveURL(new RegExp(`${nextPath}$`));
  await expect.poll(async () => (await stored(page, nextPath)) !== null).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("for Ana");
  await expect(page.getByText(/^Chapter 1 of \d+: /)).toBeVisible();
  await context.setOffline(false);
});

test("offline, a page opened before says so when adding to the cart or opening it, and does not break; French too", async ({
  page,
  context,
}) => {
  // No worker here, and neither the toaster's nor the drawer's code loaded before the network went.
  await page.goto("/products/ashwagandha");
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  await page.getByRole("button", { name: /^Add to cart/ }).click();
  await expect(page.getByText("You're offline. The cart will be back when you're connected.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ashwagandha");
  await context.setOffline(false);

  await page.goto("/fr/products/ashwagandha");
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  await page.getByRole("button", { name: /^Ouvrir le panier/ }).click();
  await expect(
    page.getByText("Vous êtes hors ligne. Le panier reviendra dès que vous serez connecté."),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("cart-offline-toast.png") });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ashwagandha");
  await context.setOffline(false);
});

test("the home page registers no worker and its scripts never name it; the shop is installable", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  const html = await (await request.get("/")).text();
  const scripts = new Set(
    [
      ...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g),
      ...html.matchAll(/import(?: \* as \w+ from |\()"(\/assets\/[^"]+\.js)"/g),
    ].map((m) => m[1] as string),
  );
  expect(scripts.size).toBeGreaterThan(0);
  for (const src of scripts) expect(await (await request.get(src)).text(), src).not.toContain("/sw.js");

  expect(html).toMatch(/<link [^>]*rel="manifest" href="\/manifest.webmanifest"\/>/);
  expect(html).toContain('<meta name="theme-color" content="#1F3A2E"/>');
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = await manifest.json();
  expect(body).toMatchObject({ name: "MANA", start_url: "/", display: "standalone" });
  for (const icon of body.icons as { src: string; sizes: string; purpose: string }[]) {
    const png = await request.get(icon.src);
    expect(png.headers()["content-type"], icon.src).toBe("image/png");
  }
  expect(body.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);

  // The worker carries this build's id, and the story page's policy lets it and the manifest load.
  const workerAnswer = await request.get("/sw.js");
  expect(workerAnswer.headers()["cache-control"]).toBe("no-cache");
  const worker = await workerAnswer.text();
  expect(worker).toMatch(/const VERSION = "[0-9a-f]{16}";/);
  const csp = (await request.get(STORY)).headers()["content-security-policy"] ?? "";
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
});

test("the story page with its offline button looks right at 1280 and 390 px, light and dark", async ({
  page,
  baseURL,
}) => {
  await page.goto(STORY);
  await giveName(page, "Mia");
  await checkLooks(page, baseURL as string, [["story-offline", STORY]], async (p) => {
    await expect(p.getByRole("button", { name: "Keep for offline", exact: true })).toBeVisible();
  });
});
