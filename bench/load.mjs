// One load run from its own process: autocannon against one target, JSON summary on stdout.
// argv: JSON { url, connections, duration, requests?, headers?, cookies? }
import autocannon from "autocannon";

const spec = JSON.parse(process.argv[2]);
// `cookies`: each connection sends one of them (a session per connection), in turn.
let next = 0;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  requests: spec.requests,
  headers: spec.headers,
  setupClient: spec.cookies
    ? (client) => client.setHeaders({ ...spec.headers, cookie: spec.cookies[next++ % spec.cookies.length] })
    : undefined,
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
