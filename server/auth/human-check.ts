import type { Challenge, Solution } from "altcha-lib";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { z } from "zod";
import type { LimitStore } from "./limit-store.ts";

/** How long a challenge may be solved and used: short, so a solved one cannot be stockpiled. */
export const CHALLENGE_TTL_SECONDS = 300;

/**
 * The visible human check (ALTCHA proof of work) that must pass before an SMS code is sent
 *. Challenges are signed, expire after 5 minutes, and a solved
 * challenge is accepted once only (its nonce is claimed in the shared limit store).
 */
export interface HumanCheck {
  createChallenge(): Promise<Challenge>;
  /** Verifies a base64 JSON payload from the widget; consumes it. */
  verify(payload: string | null | undefined): Promise<{ ok: true } | { ok: false; reason: string }>;
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({ nonce: z.string().min(8).max(200) }).passthrough(),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number().int().nonnegative() }).passthrough(),
});

export function createHumanCheck(options: {
  secret: string;
  maxNumber: number;
  store: LimitStore;
}): HumanCheck {
  const { secret, maxNumber, store } = options;
  const keySecret = `${secret}:altcha-key`;
  return {
    async createChallenge() {
      return createChallenge({
        algorithm: "SHA-256",
        cost: 1,
        counter: randomInt(Math.floor(maxNumber / 2), maxNumber),
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
      });
    },
    async verify(raw) {
      if (!raw || raw.length > 10_000) return { ok: false, reason: "missing" };
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(raw, "base64").toString("utf8"));
      } catch {
        return { ok: false, reason: "invalid" };
      }
      const parsed = payloadSchema.safeParse(decoded);
      if (!parsed.success) return { ok: false, reason: "invalid" };
      const { challenge, solution } = parsed.data as unknown as { challenge: Challenge; solution: Solution };
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: secret,
          hmacKeySignatureSecret: keySecret,
        });
      } catch {
        return { ok: false, reason: "invalid" };
      }
      if (result.expired) return { ok: false, reason: "expired" };
      if (!result.verified) return { ok: false, reason: "invalid" };
      // Only a verified solution may write to the store; then it is spent.
      const fresh = await store.claimOnce(`altcha:${challenge.parameters.nonce}`, CHALLENGE_TTL_SECONDS + 60);
      return fresh ? { ok: true } : { ok: false, reason: "used" };
    },
  };
}
