// Writes docs/performance.md (between the generated markers; the findings written by hand around them
// are kept) and docs/performance-ratios.svg from one bench result.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { escapeHtml } from "../core/escape-html.ts";
import { budgets } from "./budgets.mjs";
import { soakBudget, soakMet } from "./soak.mjs";

export { budgets };

function targetBudget(t, database) {
  if (t.kind === "page") return { ratio: budgets.pageRatio, p99: budgets.pageP99Ms };
  if (t.kind === "signed-in") {
    // Measured on both databases; the budget is PostgreSQL's, a production shop's database.
    return database === "postgres" && t.target.includes("/products/")
      ? { ratio: budgets.signedInProductRatio, p99: budgets.signedInProductP99Ms }
      : {};
  }
  if (t.kind === "site-search") return { p99: budgets.siteSearchP99Ms };
  if (t.target.includes("search")) return { ratio: budgets.searchRatio };
  if (t.kind === "api") return { ratio: budgets.catalogueRatio };
  return { p99: budgets.cartP99Ms };
}

const mark = (ok) => (ok ? "✅" : "❌");

function chart(run) {
  const rows = run.targets;
  const width = 760;
  const barX = 330;
  const barW = width - barX - 60;
  const rowH = 28;
  const height = rows.length * rowH + 50;
  const scale = (r) => Math.min(1, r) * barW;
  const bars = rows
    .map((t, i) => {
      const y = 30 + i * rowH;
      const budget = targetBudget(t, run.database).ratio;
      const ok = budget === undefined || t.ratio >= budget;
      const line =
        budget === undefined
          ? ""
          : `<line x1="${barX + scale(budget)}" x2="${barX + scale(budget)}" y1="${y - 2}" y2="${y + 20}" stroke="#A12A2A" stroke-dasharray="3 2"/>`;
      return `<text x="${barX - 8}" y="${y + 14}" text-anchor="end">${escapeHtml(t.target)}</text>
<rect x="${barX}" y="${y}" width="${Math.max(1, scale(t.ratio)).toFixed(1)}" height="18" rx="3" fill="${ok ? "#2F6B45" : "#8E4A32"}"/>
${line}<text x="${barX + scale(t.ratio) + 6}" y="${y + 14}">${t.ratio.toFixed(2)}</text>`;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Inter, Arial, sans-serif" font-size="12" fill="#1B1F1C">
<title>Requests per second as a share of the bare node:http baseline (${run.database})</title>
<rect width="100%" height="100%" fill="#F7F3EA"/>
<text x="12" y="18" font-weight="bold">Throughput as a share of the baseline (${run.database}); dashed line = budget</text>
${bars}
</svg>
`;
}

export function writeReport(root, result) {
  const docs = join(root, "docs");
  mkdirSync(docs, { recursive: true });
  const main = result.runs[0];
  writeFileSync(join(docs, "performance-ratios.svg"), chart(main));

  const lines = [];
  lines.push(
    `Last run: ${result.date} (commit ${result.commit}, Node ${result.node}, ${result.quick ? "quick" : "full"}: ${result.durationSeconds} s per target, ${result.connections} connections). Command: \`npm run bench\`${result.quick ? " -- --quick" : ""}.`,
  );
  lines.push("");
  lines.push("![Throughput as a share of the baseline](performance-ratios.svg)");
  for (const run of result.runs) {
    lines.push("", `### Server, ${run.database}`, "");
    lines.push(
      "| target | req/s | baseline req/s | ratio | p50 ms | p99 ms | server CPU ms/req | errors | budget | met |",
    );
    lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---|---|");
    for (const t of run.targets) {
      const b = targetBudget(t, run.database);
      const ok =
        (b.ratio === undefined || t.ratio >= b.ratio) &&
        (b.p99 === undefined || t.p99 <= b.p99) &&
        t.errors + t.non2xx === 0;
      const budgetText = [
        b.ratio !== undefined ? `ratio ≥ ${b.ratio}` : "",
        b.p99 !== undefined ? `p99 ≤ ${b.p99} ms` : "",
      ]
        .filter(Boolean)
        .join(", ");
      lines.push(
        `| ${t.target} | ${Math.round(t.rps)} | ${Math.round(t.baselineRps)} | ${t.ratio.toFixed(2)} | ${t.p50} | ${t.p99} | ${t.serverCpuMs ?? ""} | ${t.errors + t.non2xx} | ${budgetText || "measured"} | ${mark(ok)} |`,
      );
    }
    lines.push(
      "",
      run.peakRssReset === false
        ? `Peak RSS of the server, start-up included (the high-water mark could not be reset here): **${run.peakRssMb} MB** (budget ≤ ${budgets.peakRssMb} MB during the load) ${mark(run.peakRssMb <= budgets.peakRssMb)}`
        : `Peak RSS of the server during the load: **${run.peakRssMb} MB** (budget ≤ ${budgets.peakRssMb} MB) ${mark(run.peakRssMb <= budgets.peakRssMb)}`,
    );
    if (run.startupPeakRssMb !== undefined)
      lines.push(
        "",
        `Peak RSS from start to ready and warmed (before the load; not budgeted, shown so the start-up spike stays visible): **${run.startupPeakRssMb} MB**`,
      );
    if (run.soaks?.length) {
      lines.push(
        "",
        `Memory soak (\`bench/soak.mjs\`): per visitor a fresh server, one warm-up load, then ${run.soaks[0].rssMb.length} loads of a page rendered for every request; the server's RSS sampled every second and read after each load. Budget: the last within ${soakBudget.growth * 100}% of the first, no sample above ${budgets.peakRssMb} MB.`,
        "",
        "| visitor | page | each load | RSS after each load, MB | peak sampled MB | requests | failed | met |",
        "|---|---|---:|---|---:|---:|---:|---|",
      );
      for (const s of run.soaks)
        lines.push(
          `| ${s.visitor} | \`${s.path}\` | ${s.duration} s | ${s.rssMb.join(" → ")} | ${s.peakRssMb ?? ""} | ${s.requests} | ${s.failed} | ${mark(soakMet(s, budgets.peakRssMb))} |`,
        );
    }
  }
  if (result.lighthouse.length) {
    const L = budgets.lighthouse;
    lines.push("", "### Pages, Lighthouse mobile (simulated throttling)", "");
    lines.push(
      "| page | perf | a11y | best practices | SEO | LCP ms | TBT ms | CLS | JS KB | CSS KB | met |",
    );
    lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for (const r of result.lighthouse) {
      if (r.error) {
        lines.push(`| ${r.url} | not measured: ${r.error.replaceAll("|", "/")} | | | | | | | | | ❌ |`);
        continue;
      }
      const ok =
        r.performance >= L.performance &&
        r.accessibility >= L.accessibility &&
        r.bestPractices >= L.bestPractices &&
        r.seo >= L.seo &&
        r.lcpMs <= L.lcpMs &&
        r.tbtMs <= L.tbtMs &&
        r.cls <= L.cls &&
        (r.url !== "/" || r.jsBytes / 1024 <= budgets.homeJsKb);
      lines.push(
        `| ${r.url} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${(r.jsBytes / 1024).toFixed(1)} | ${(r.cssBytes / 1024).toFixed(1)} | ${mark(ok)} |`,
      );
    }
    lines.push(
      "",
      `Budgets: performance ≥ ${L.performance}, accessibility, best practices and SEO ${L.accessibility}, LCP ≤ ${L.lcpMs} ms, TBT ≤ ${L.tbtMs} ms, CLS ≤ ${L.cls}, home-page JavaScript ≤ ${budgets.homeJsKb} KB compressed.`,
    );
    const failing = result.lighthouse.filter((r) => r.failingAudits?.length);
    if (failing.length) {
      lines.push("", "Failing binary audits:", "");
      for (const r of failing) lines.push(`- ${r.url}: ${r.failingAudits.join(", ")}`);
    }
  }
  const generated = `<!-- bench:start -->\n${lines.join("\n")}\n<!-- bench:end -->`;
  const file = join(docs, "performance.md");
  const intro = `# Performance\n\nMeasured by \`npm run bench\` (see \`bench/\`): the production server under autocannon load from a second process, against a bare \`node:http\` server answering the same bytes from memory in the same run. Ratios measured side by side are what we compare; absolute numbers on these machines are noisy.\n\n## Latest figures\n\n`;
  const current = existsSync(file)
    ? readFileSync(file, "utf8")
    : `${intro}<!-- bench:start -->\n<!-- bench:end -->\n\n## Findings\n\n`;
  writeFileSync(file, current.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, generated));
}
