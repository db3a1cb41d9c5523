import { createTestShop } from "../../support/test-app.ts";
import { assertSecureConfig } from "../support/config-guard.ts";

/** The long suite starts with the config guard: it aborts before any check if a protection is off. */
export default async function guard() {
  const envs: Record<string, string>[] = [{}];
  if (process.env.REDIS_URL) envs.push({ REDIS_URL: process.env.REDIS_URL });
  for (const env of envs) {
    const shop = await createTestShop("pglite", { auth: true, env });
    try {
      await assertSecureConfig(shop);
    } finally {
      await shop.close();
    }
  }
  console.log("config guard: rate limiting on, shared limiter storage, origin and CSRF checks on");
}
