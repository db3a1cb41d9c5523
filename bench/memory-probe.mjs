// Preloaded into the server by bench/memory.mjs (NODE_OPTIONS=--import=…): on SIGUSR2 it appends
// process.memoryUsage() and V8's heap spaces (MB) as one JSON line to $MEM_PROBE_OUT.
import { appendFileSync } from "node:fs";
import v8 from "node:v8";

const out = process.env.MEM_PROBE_OUT;
const mb = (n) => Math.round((n / 1048576) * 10) / 10;

if (out) {
  process.on("SIGUSR2", () => {
    const m = process.memoryUsage();
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((s) => [s.space_name, [mb(s.space_size), mb(s.space_used_size)]]),
    );
    const line = {
      rss: mb(m.rss),
      heapTotal: mb(m.heapTotal),
      heapUsed: mb(m.heapUsed),
      external: mb(m.external),
      arrayBuffers: mb(m.arrayBuffers),
      spaces,
    };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}
