/**
 * Whether a state-changing request was sent from another site (CSRF), for the /api check (same-origin.ts)
 * and the pages' form actions alike. Browsers send `Origin` on every cross-site POST: it must be this
 * origin or a trusted one. A browser that leaves Origin out still says where the request comes from in
 * `Sec-Fetch-Site` (Fetch Metadata): `same-origin` and `none` (typed, bookmarked) go on; `cross-site` and
 * `same-site` (a sibling subdomain is another application) are refused. With neither header the request is
 * not a browser's (server-to-server, a mail client's one-click unsubscribe, curl) and carries no visitor's
 * ambient cookies to abuse.
 */
export function isCrossSite(headers: Headers, ownOrigin: string, trusted: readonly string[] = []): boolean {
  const origin = headers.get("origin");
  if (origin) return origin !== ownOrigin && !trusted.includes(origin);
  const site = headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}
