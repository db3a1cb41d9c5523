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
  /** A signed-in customer's product page, rendered for every request, on PostgreSQL at 10 connections. */
  signedInProductP99Ms: 60,
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
