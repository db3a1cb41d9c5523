// The baseline: a bare node:http server answering recorded bytes from memory, the fastest this machine
// can answer the same responses. argv: port, path of a JSON file { "/path": { type, body(base64) } }.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [port, file] = process.argv.slice(2);
const routes = new Map(
  Object.entries(JSON.parse(readFileSync(file, "utf8"))).map(([path, r]) => [
    path,
    { type: r.type, body: Buffer.from(r.body, "base64") },
  ]),
);
createServer((req, res) => {
  const route = routes.get(req.url ?? "/");
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  // Read the request body (the cart cycle POSTs) before answering, as a real server would.
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": route.type, "content-length": route.body.length });
    res.end(route.body);
  });
}).listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
