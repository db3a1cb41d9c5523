// One load run from its own process: autocannon against one target, JSON summary on stdout.
// argv: JSON { url, connections, duration, requests?, headers? }
import autocannon from "autocannon";

const spec = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  requests: spec.requests,
  headers: spec.headers,
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  }),
);
