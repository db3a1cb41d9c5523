import type { PaymentProvider } from "./provider.ts";
import { randomId } from "./random-id.ts";

export const SANDBOX_SESSION_PREFIX = "cs_sandbox_";

/**
 * The offline provider: its "hosted page" is the shop's own /pay/{sessionId}, clearly marked as test
 * mode. A session id is 32 random characters, so nobody reaches another visitor's page by guessing.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: "sandbox",
    async createCheckoutSession(input) {
      const sessionId = `${SANDBOX_SESSION_PREFIX}${randomId(32)}`;
      return { sessionId, url: `${input.origin}/pay/${sessionId}` };
    },
    async getSubscription() {
      return null;
    },
  };
}
