// The performance budgets (docs/performance.md), checked against the measured figures by bench/report.mjs
// and bench/soak.mjs.
export const budgets = {
  pageRatio: 0.3,
  pageP99Ms: 25,
  catalogueRatio: 0.5,
  searchRatio: 0.15,
  /** The header's search box: every answer within 50 ms, uncached. */
  siteSearchP99Ms: 50,
  cartP99Ms: 30,
  /** A signed-in customer's product page on PostgreSQL at 10 connections (decision 040: now from the cache). */
  signedInProductP99Ms: 60,
  /**
   * ...and at least three times its throughput of 2026-11-26 (commit 58fa0a2), as a share of the baseline
   * measured in the same run: 131 of 17,282 req/s, 0.0076, when every signed-in page was rendered.
   */
  signedInProductRatio: 0.023,
  peakRssMb: 250,
  lighthouse: {
    performance: 95,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs: 1800,
    tbtMs: 100,
    cls: 0.02,
  },
  homeJsKb: 110,
};
