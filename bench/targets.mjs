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
  const targets = [
    ...pages.map((p) => ({ name: `GET ${p}`, kind: "page", spec: (o) => ({ url: o + p }) })),
    ...apis.map((p) => ({ name: `GET ${p}`, kind: "api", spec: (o) => ({ url: o + p }) })),
    { name: "cart cycle (POST, GET, DELETE /api/cart)", kind: "cart", spec: cartCycle },
  ];
  /** Every path a target reads, with the cart cookie: the warm-up, and the baseline's recorded bytes. */
  const paths = [...pages, ...apis, "/api/cart"];
  return { pages, cookie, paths, targets };
}
