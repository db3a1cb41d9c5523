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
  // A link that moves an account to a new address (server/auth/account-security.ts): refused when another
  // account took that address since the link was sent (the address is unique).
  const moveTo = emailChangeTarget(token);
  if (moveTo) {
    const taken = await (await auth.$context).internalAdapter.findUserByEmail(moveTo.email);
    if (taken && taken.user.id !== moveTo.userId) return "invalid";
  }
  try {
    await auth.api.verifyEmail({ query: { token }, headers });
    // Better Auth keeps a moved account's old verified state; the link just proved the new address.
    if (moveTo?.userId) {
      const ctx = await auth.$context;
      const moved = await ctx.internalAdapter.findUserById(moveTo.userId);
      if (moved && !moved.emailVerified && moved.email.toLowerCase() === moveTo.email.toLowerCase())
        await ctx.internalAdapter.updateUser(moveTo.userId, { emailVerified: true });
    }
    return "verified";
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    return (err.body as { code?: string } | undefined)?.code === "TOKEN_EXPIRED" ? "expired" : "invalid";
  }
}

/** The new address and account a change-of-address token names (read unchecked: Better Auth checks it). */
function emailChangeTarget(token: string): { email: string; userId: string | undefined } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload?.updateTo === "string"
      ? { email: payload.updateTo, userId: typeof payload.userId === "string" ? payload.userId : undefined }
      : null;
  } catch {
    return null;
  }
}
