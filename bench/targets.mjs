// The bench's targets, shared by bench/run.mjs (the budgets) and bench/memory.mjs (where memory and CPU go),
// so both load exactly the same requests. Needs a running shop at `base`: it reads an article's slug and
// takes a cart cookie for the cart cycle.
export async function benchTargets(base) {
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
  // The header box's queries: a prefix, two words, a typo. Sent with a session cookie, as a signed-in
  // shopper's are, so the anonymous page cache (decision 003) stays out of it and the search itself is
  // measured.
  const siteSearches = ["/api/search?q=ashw", "/api/search?q=ginseng%20sleep", "/api/search?q=ashwaganda"];
  const siteSearch = (origin) => ({
    requests: siteSearches.map((path) => ({
      method: "GET",
      path,
      headers: { cookie: "mana.session_token=bench-uncached" },
    })),
    url: origin,
  });
  const targets = [
    ...pages.map((p) => ({ name: `GET ${p}`, kind: "page", spec: (o) => ({ url: o + p }) })),
    ...apis.map((p) => ({ name: `GET ${p}`, kind: "api", spec: (o) => ({ url: o + p }) })),
    { name: "site search (GET /api/search, uncached)", kind: "site-search", spec: siteSearch },
    { name: "cart cycle (POST, GET, DELETE /api/cart)", kind: "cart", spec: cartCycle },
  ];
  /** Every path a target reads, with the cart cookie: the warm-up, and the baseline's recorded bytes. */
  const paths = [...pages, ...apis, ...siteSearches, "/api/cart"];
  return { pages, cookie, paths, targets };
}
