// Lighthouse (mobile emulation, simulated throttling) on each page; prints one JSON array on stdout.
// argv: JSON { urls, chromePath }
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const { urls, chromePath } = JSON.parse(process.argv[2]);
const chrome = await launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const out = [];
try {
  for (const url of urls) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    // A page Lighthouse could not measure (lhr.runtimeError, e.g. no first paint within its time-out on a
    // loaded machine) is reported as such, not taken for a crash of the whole run.
    if (lhr.runtimeError) {
      out.push({ url, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` });
      continue;
    }
    const items = lhr.audits["network-requests"]?.details?.items ?? [];
    const bytes = (type) =>
      items.filter((i) => i.resourceType === type).reduce((n, i) => n + (i.transferSize ?? 0), 0);
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    out.push({
      url,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      bestPractices: Math.round((lhr.categories["best-practices"].score ?? 0) * 100),
      seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
      tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
      cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
      jsBytes: bytes("Script"),
      cssBytes: bytes("Stylesheet"),
      failingAudits: failing,
      // What moved (Lighthouse's layout-shifts audit): the node and its score, largest first.
      layoutShifts: (lhr.audits["layout-shifts"]?.details?.items ?? []).slice(0, 5).map((i) => ({
        score: Number((i.score ?? 0).toFixed(4)),
        node: i.node?.selector ?? i.node?.snippet ?? null,
        snippet: i.node?.snippet?.slice(0, 160) ?? null,
        causes: (i.subItems?.items ?? []).map((c) => c.cause ?? c.extra?.value ?? null),
      })),
    });
  }
} finally {
  await chrome.kill();
}
process.stdout.write(JSON.stringify(out));
