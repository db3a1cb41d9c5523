import { type ChildProcess, spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { journeyDataDir } from "./support/data-dir.ts";
import { freePort } from "./support/free-port.ts";

/**
 * A forged Host header must never reach another visitor: absolute links (canonical, og:url, og:image,
 * JSON-LD, the sitemap, robots.txt) come from PUBLIC_URL, and without it (development) each host has cache
 * entries of its own.
 */
const FORGED = "evil.example";

/** GET with a Host header of our choosing (fetch does not let a script set Host). */
function get(base: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: "GET",
        headers: { host, "accept-encoding": "identity" },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Every path the page cache stores, with a real product, article, story and stack. */
async function cachedPaths(base: string): Promise<string[]> {
  const articles = (await (await fetch(`${base}/api/content/articles`)).json()) as {
    id: number;
    slug: string;
  }[];
  const stacks = (await (await fetch(`${base}/api/content/stacks`)).json()) as { slug: string }[];
  const article = articles.find((a) => a.id < 101);
  const story = articles.find((a) => a.id >= 101);
  return [
    "/",
    "/products/ashwagandha",
    "/knowledge",
    `/knowledge/${article?.slug}`,
    `/story/${story?.slug}`,
    "/stacks",
    `/stacks/${stacks[0]?.slug}`,
    "/sitemap.xml",
    "/robots.txt",
  ];
}

async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: journeyDataDir("host"),
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

test("with PUBLIC_URL, a forged Host header changes no link, in its own answer or any later one", async ({
  baseURL,
}) => {
  const base = baseURL as string;
  for (const path of await cachedPaths(base)) {
    const forged = await get(base, path, FORGED);
    expect(forged.status, path).toBe(200);
    expect(forged.body, path).not.toContain(FORGED);
    const later = await get(base, path, new URL(base).host);
    expect(later.body, path).not.toContain(FORGED);
    if (path === "/sitemap.xml" || path === "/robots.txt") expect(later.body).toContain(`${base}/`);
  }
});

test("without PUBLIC_URL (development), each host has its own cached pages", async () => {
  test.setTimeout(90_000);
  const { base, child } = await startServer({ NODE_ENV: "development" });
  try {
    const own = new URL(base).host;
    for (const path of await cachedPaths(base)) {
      // The forged answer is cached first, then every later visitor on the real host asks for the page.
      await get(base, path, FORGED);
      const later = await get(base, path, own);
      expect(later.status, path).toBe(200);
      expect(later.body, path).not.toContain(FORGED);
      const again = await get(base, path, own);
      expect(again.body, path).not.toContain(FORGED);
    }
  } finally {
    child.kill("SIGTERM");
  }
});

/** One request exactly as written: node:http sends no absolute-form request line. */
function rawGet(base: string, target: string, host: string): Promise<{ status: number; text: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("end", () => resolve({ status: Number(text.split(" ")[1]), text }));
    socket.on("error", reject);
    socket.write(
      `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`,
    );
  });
}

test("without PUBLIC_URL, a request line naming another host is refused and poisons no cached page", async () => {
  test.setTimeout(90_000);
  const { base, child } = await startServer({ NODE_ENV: "development" });
  try {
    const own = new URL(base).host;
    const forged = await rawGet(base, `http://${FORGED}/products/ashwagandha`, own);
    expect(forged.status).toBe(400);
    expect(forged.text).not.toContain(`${FORGED}/products`);
    const later = await get(base, "/products/ashwagandha", own);
    expect(later.status).toBe(200);
    expect(later.body).not.toContain(FORGED);
    expect(later.body).toContain(`http://${own}/products/ashwagandha`);
  } finally {
    child.kill("SIGTERM");
  }
});

test("in production the server refuses to start without PUBLIC_URL, saying why", async () => {
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: { ...process.env, NODE_ENV: "production", PUBLIC_URL: "", PORT: "0", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(stderr).toContain("PUBLIC_URL: required in production");
});
