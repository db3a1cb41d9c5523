// Finds a Chromium for the end-to-end tests: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own.
import { existsSync } from "node:fs";

export async function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  for (const c of candidates) if (c && existsSync(c)) return c;
  try {
    const { chromium } = await import("playwright-core");
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {}
  return null;
}

export const HOW_TO_GET_CHROMIUM = `No Chromium found for the end-to-end tests.
Install one and run again:
  - Debian/Ubuntu:  apt-get install chromium        (gives /usr/bin/chromium)
  - with internet:  npx playwright install chromium
  - or point CHROMIUM_PATH at a Chromium or Chrome binary.`;
