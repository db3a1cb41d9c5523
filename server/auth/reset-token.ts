import type { Auth } from "./auth.ts";

/**
 * Whether a password-reset token can still be used: Better Auth issued it, it has not been used and its
 * hour has not passed. The reset page says so at once instead of after the new password is typed.
 */
export async function resetTokenUsable(auth: Auth, token: string | null): Promise<boolean> {
  if (!token || token.length > 200 || !/^[\w-]+$/.test(token)) return false;
  const context = await auth.$context;
  const row = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(row && new Date(row.expiresAt).getTime() > Date.now());
}
