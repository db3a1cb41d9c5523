import { APIError } from "better-auth/api";
import type { Auth } from "./auth.ts";

export type VerificationResult = "verified" | "expired" | "invalid";

/**
 * Confirms an e-mail address from the token of a verification link (Better Auth checks its signature and
 * age). Called when the reader presses the page's button, never on opening the link: a mail scanner that
 * opens every link must not verify an address for whoever signed up with it.
 */
export async function verifyEmailToken(
  auth: Auth,
  token: string,
  headers: Headers,
): Promise<VerificationResult> {
  if (!token || token.length > 4000) return "invalid";
  try {
    await auth.api.verifyEmail({ query: { token }, headers });
    return "verified";
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    return (err.body as { code?: string } | undefined)?.code === "TOKEN_EXPIRED" ? "expired" : "invalid";
  }
}
