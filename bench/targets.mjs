// The bench's targets, shared by bench/run.mjs (the budgets) and bench/memory.mjs (where memory and CPU go),
// so both load exactly the same requests. Needs a running shop at `base`: it reads an article's slug and
// takes a cart cookie for the cart cycle.
export async function benchTargets(base, { quick = false } = {}) {
  const [article] = await (await fetch(`${base}/api/content/articles?limit=1`)).json();
  const pages = ["/", "/products/korean-ginseng", "/knowledge", `/knowledge/${article.slug}`, "/stacks"];
  const apis = ["/api/products", "/api/content/articles?limit=50", "/api/content/search?q=sleep"];
  const first = await fetch(`${base}/api/cart`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ productId: 1 }),
  });
  const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0];
  const cartCycle = (origin) => ({
    requests: [
      {
        method: "POST",
        path: "/api/cart",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ productId: 2 }),
      },
      { method: "GET", path: "/api/cart", headers: { cookie } },
      { method: "DELETE", path: "/api/cart", headers: { cookie } },
    ],
    url: origin,
  });
  // The header box's queries: a prefix, two words, a typo. Sent with `Cache-Control: no-cache` (as a hard
  // reload asks), so the page cache (decision 003) stays out of it and the search itself is measured: the
  // box's queries are as many as its shoppers' words.
  const siteSearches = ["/api/search?q=ashw", "/api/search?q=ginseng%20sleep", "/api/search?q=ashwaganda"];
  const siteSearch = (origin) => ({
    requests: siteSearches.map((path) => ({
      method: "GET",
      path,
      headers: { "cache-control": "no-cache" },
    })),
    url: origin,
  });
  // Signed-in customers, each connection with a session of its own.
  const sessions = await customerSessions(base, SIGNED_IN_CONNECTIONS);
  // The pages rendered for every request are asked for as a browser asks (compressed), which is part of
  // their cost: gzip added 2 ms in zlib's thread and 2-3 ms in the collector's to /checkout
  // (docs/performance.md, "Not measured by the bench"). The public pages a signed-in customer gets from the
  // page cache keep the plain request their budget was set on.
  const signedIn = (path) => {
    const rendered = RENDERED_FOR_EACH_REQUEST.includes(path);
    return {
      name: `GET ${path} (signed in${rendered ? ", gzip" : ""})`,
      kind: "signed-in",
      spec: (origin) => ({
        url: origin + path,
        cookies: sessions,
        ...(rendered ? { headers: { "accept-encoding": BROWSER_ENCODINGS } } : {}),
      }),
    };
  };
  const targets = [
    ...pages.map((p) => ({ name: `GET ${p}`, kind: "page", spec: (o) => ({ url: o + p }) })),
    // The page cache keeps a variant per language and currency (decision 051): the same product page in
    // Canadian dollars, and in French in euros, answered from it as the plain one is.
    ...CURRENCY_PAGES.map(({ path, currency }) => ({
      name: `GET ${path} (${currency})`,
      kind: "page",
      spec: (o) => ({ url: o + path, headers: { cookie: `mana_currency=${currency}` } }),
    })),
    // A quick run (CI's check that the instrument works) takes the product page alone.
    ...(quick ? SIGNED_IN_PAGES.filter((p) => p.startsWith("/products/")) : SIGNED_IN_PAGES).map(signedIn),
    ...apis.map((p) => ({ name: `GET ${p}`, kind: "api", spec: (o) => ({ url: o + p }) })),
    { name: "site search (GET /api/search, uncached)", kind: "site-search", spec: siteSearch },
    { name: "cart cycle (POST, GET, DELETE /api/cart)", kind: "cart", spec: cartCycle },
  ];
  /** Every path a target reads, with the cart cookie: the warm-up, and the baseline's recorded bytes. */
  const paths = [
    ...new Set([
      ...pages,
      ...CURRENCY_PAGES.map((c) => c.path),
      ...apis,
      ...siteSearches,
      "/api/cart",
      ...SIGNED_IN_PAGES,
    ]),
  ];
  return { pages, cookie, paths, targets };
}

/** A product page in another currency than US dollars, and in another language with it. */
export const CURRENCY_PAGES = [
  { path: "/products/korean-ginseng", currency: "CAD" },
  { path: "/fr/products/korean-ginseng", currency: "EUR" },
];

/** The pages a signed-in customer reads most: rendered for every request. */
export const SIGNED_IN_PAGES = ["/", "/products/korean-ginseng", "/account", "/orders", "/checkout"];
/** The signed-in pages no cache answers: rendered for each request (decision 040). */
const RENDERED_FOR_EACH_REQUEST = ["/account", "/orders", "/checkout"];
/** What Chromium sends as Accept-Encoding. */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
/** As many sessions as the load's connections: one customer signed in once per connection. */
const SIGNED_IN_CONNECTIONS = 10;

const sessionCookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.startsWith("mana.session_token="));

/** `count` session cookies of one new customer: signed up once, then signed in again for each other. */
export async function customerSessions(base, count) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "bench horse battery 7";
  const post = (path, body) =>
    fetch(`${base}/api/auth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(body),
    });
  const cookies = [];
  const first = await post("sign-up/email", { email, password, name: "Bench Customer" });
  cookies.push(sessionCookieOf(first));
  while (cookies.length < count)
    cookies.push(sessionCookieOf(await post("sign-in/email", { email, password })));
  if (!first.ok || cookies.some((c) => !c))
    throw new Error(`signing in the bench's customer failed (${first.status})`);
  return cookies;
}
