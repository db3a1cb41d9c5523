import { createEmailVerificationToken } from "better-auth/api";
import type { AuthSession, Identity } from "../context.ts";
import { type Auth, type SignInProviders, VERIFICATION_TOKEN_SECONDS } from "./auth.ts";
import type { HumanCheck } from "./human-check.ts";
import type { LimitStore } from "./limit-store.ts";
import { resetTokenUsable } from "./reset-token.ts";
import type { SmsSender } from "./sms-sender.ts";
import { verifyEmailToken } from "./verify-email.ts";

/** Better Auth's session cookie (auth.ts: cookiePrefix "mana"; `__Secure-` over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?mana\.session_token=/;

/** An account as a session shows it, from Better Auth's user (or the user table's row). */
export function sessionUserOf(u: {
  id: string;
  email: string;
  name: string | null;
  image?: string | null;
  phoneNumber?: string | null;
  emailVerified: boolean;
  createdAt: Date | string;
}): AuthSession["user"] {
  return {
    id: u.id,
    email: u.email,
    name: u.name || null,
    image: u.image ?? null,
    phoneNumber: u.phoneNumber ?? null,
    emailVerified: u.emailVerified,
    createdAt: new Date(u.createdAt),
  };
}

/** The shop's identity backed by Better Auth. */
export function betterAuthIdentity(parts: {
  auth: Auth;
  humanCheck: HumanCheck;
  limits: LimitStore;
  sms: SmsSender;
  providers: SignInProviders;
  close(): Promise<void>;
}): Identity {
  const { auth, humanCheck, limits, sms, providers, close } = parts;
  async function getSession(headers: Headers): Promise<AuthSession | null> {
    // Only a request that carries the session cookie can have a session; skip the lookup otherwise (a
    // guest's cart cookie alone used to cost a Better Auth lookup per cart request).
    if (!SESSION_COOKIE.test(headers.get("cookie") ?? "")) return null;
    let result: Awaited<ReturnType<Auth["api"]["getSession"]>>;
    try {
      result = await auth.api.getSession({ headers, query: { disableRefresh: true } });
    } catch {
      return null;
    }
    if (!result) return null;
    return {
      user: sessionUserOf(result.user),
      session: {
        id: result.session.id,
        createdAt: new Date(result.session.createdAt),
        expiresAt: new Date(result.session.expiresAt),
      },
    };
  }
  return {
    getSession,
    async getUser(headers) {
      const s = await getSession(headers);
      return s ? { id: s.user.id, email: s.user.email, name: s.user.name } : null;
    },
    providers,
    limits,
    resetTokenUsable: (token) => resetTokenUsable(auth, token),
    verifyEmail: (token, headers) => verifyEmailToken(auth, token, headers),
    async rename(headers, name) {
      await auth.api.updateUser({ headers, body: { name } });
    },
    async checkPassword(userId, password) {
      const ctx = await auth.$context;
      const accounts = await ctx.internalAdapter.findAccounts(userId);
      const hash = accounts.find((a) => a.providerId === "credential")?.password;
      if (!hash) return null;
      return ctx.password.verify({ hash, password });
    },
    async endSessions(userId) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteUserSessions(userId);
    },
    async setPassword(userId, password) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.updatePassword(userId, await ctx.password.hash(password));
    },
    async endOtherSessions(headers) {
      await auth.api.revokeOtherSessions({ headers });
    },
    async emailChangeToken(userId, currentEmail, newEmail) {
      const ctx = await auth.$context;
      return createEmailVerificationToken(ctx.secret, currentEmail, newEmail, VERIFICATION_TOKEN_SECONDS, {
        requestType: "change-email-verification",
        userId,
      });
    },
    frontDoor: { auth, humanCheck, sms },
    close,
  };
}
