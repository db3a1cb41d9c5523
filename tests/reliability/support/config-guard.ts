import type { TestShop } from "../../support/test-app.ts";

/**
 * Reliability checks "Config guard" (docs/reliability.md): reads the effective security settings of a shop and throws (aborting the
 * suite) when rate limiting, the origin/CSRF checks or shared limiter storage are off. Better Auth turns
 * its limiter and origin check off outside production unless told otherwise; the suite must not pass
 * against a shop that would let everything through.
 */
export async function securityProblems(shop: TestShop): Promise<string[]> {
  const problems: string[] = [];
  const { identity, env } = shop.services;
  if (!identity.frontDoor) return ["identity: Better Auth is not configured (no limits, no sessions)"];
  const ctx = await identity.frontDoor.auth.$context;
  if (ctx.rateLimit.enabled !== true) problems.push("rate limiting: Better Auth's limiter is off");
  const storage = ctx.rateLimit.customStorage as { kind?: string } | undefined;
  if (!storage || !["database", "redis"].includes(storage.kind ?? ""))
    problems.push(`rate limiting: storage is '${storage?.kind ?? ctx.rateLimit.storage}', not shared`);
  if (identity.limits.kind !== "database" && identity.limits.kind !== "redis")
    problems.push("rate limiting: the shop's own limits are not in shared storage");
  if (env.REDIS_URL && (identity.limits.kind !== "redis" || !ctx.secondaryStorage))
    problems.push("rate limiting: REDIS_URL is set but limits or sessions are not kept in Redis");
  if (ctx.skipOriginCheck !== false) problems.push("origin check: Better Auth skips it");
  if (ctx.skipCSRFCheck !== false) problems.push("CSRF check: Better Auth skips it");
  // The shop's own origin check on /api: probe it the way an attacker's page would.
  for (const path of ["/api/cart", "/api/auth/sign-in/email"]) {
    const res = await shop.app.request(`http://localhost${path}`, {
      method: "POST",
      headers: { origin: "https://attacker.example", "content-type": "application/json" },
      body: JSON.stringify({ productId: 1, email: "guard@example.com", password: "guard-password" }),
    });
    if (res.status !== 403) problems.push(`origin check: a foreign POST ${path} answered ${res.status}`);
  }
  return problems;
}

export async function assertSecureConfig(shop: TestShop): Promise<void> {
  const problems = await securityProblems(shop);
  if (problems.length) {
    throw new Error(`Reliability suite aborted: security settings are off:\n  ${problems.join("\n  ")}`);
  }
}
