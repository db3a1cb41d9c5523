// Draws the installable shop's icons (public/icons/*.png, named in public/manifest.webmanifest) from the
// leaf-and-root mark (public/images/logo-mark.svg) on the forest green of docs BRAND.md, with Chromium:
// `node scripts/make-app-icons.mjs`. The maskable icon keeps the mark inside the safe circle (80%).
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { findChromium } from "./find-chromium.mjs";

const mark = readFileSync("public/images/logo-mark.svg", "utf8").replace(/<title>.*?<\/title>/, "");
const icons = [
  { file: "public/icons/icon-192.png", size: 192, markShare: 0.72, radius: 0.22, ring: true },
  { file: "public/icons/icon-512.png", size: 512, markShare: 0.72, radius: 0.22, ring: true },
  { file: "public/icons/maskable-512.png", size: 512, markShare: 0.5, radius: 0, ring: false },
];

const browser = await chromium.launch({ executablePath: (await findChromium()) ?? undefined });
const page = await browser.newPage({ deviceScaleFactor: 1 });
for (const { file, size, markShare, radius, ring } of icons) {
  await page.setViewportSize({ width: size, height: size });
  const markPx = Math.round(size * markShare);
  await page.setContent(
    `<html><body style="margin:0;background:transparent">
      <div style="width:${size}px;height:${size}px;display:grid;place-items:center;background:#1F3A2E;border-radius:${radius * size}px;${ring ? `box-shadow:inset 0 0 0 ${Math.round(size * 0.025)}px #C9A227` : ""}">
        ${mark.replace('width="48" height="48"', `width="${markPx}" height="${markPx}"`)}
      </div></body></html>`,
  );
  await page.screenshot({ path: file, omitBackground: true });
}
await browser.close();
