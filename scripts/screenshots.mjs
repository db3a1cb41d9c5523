// Takes full-page screenshots of shop pages at desktop (1280 px) and phone (390 px) widths, for a person
// to look at, in the light and the dark colour scheme. Usage:
//   node scripts/screenshots.mjs http://127.0.0.1:3000 out-dir / /products/ashwagandha …
// The dark shots store the dark theme preference, as the Preferences page does. SCREENSHOT_COOKIE (a
// Cookie header: a guest cart, a session) shows the pages as that visitor sees them.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { findChromium, HOW_TO_GET_CHROMIUM } from "./find-chromium.mjs";

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error("usage: node scripts/screenshots.mjs BASE_URL OUT_DIR PATH…");
  process.exit(2);
}
const executablePath = await findChromium();
if (!executablePath) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
for (const [label, width, height, colorScheme] of [
  ["desktop", 1280, 800, "light"],
  ["phone", 390, 844, "light"],
  ["desktop-dark", 1280, 800, "dark"],
  ["phone-dark", 390, 844, "dark"],
]) {
  const page = await browser.newPage({
    viewport: { width, height },
    deviceScaleFactor: 1,
    colorScheme,
    ...(process.env.SCREENSHOT_COOKIE ? { extraHTTPHeaders: { cookie: process.env.SCREENSHOT_COOKIE } } : {}),
  });
  await page.addInitScript((theme) => {
    localStorage.setItem("mana.preferences", JSON.stringify({ display: { theme } }));
  }, colorScheme);
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    // Scroll through the page so lazy images load, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    const name = `${label}-${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}.png`;
    await page.screenshot({ path: `${outDir}/${name}`, fullPage: true });
    console.log(`${outDir}/${name}`);
  }
  await page.close();
}
await browser.close();
