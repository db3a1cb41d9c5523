import type { Identity, SessionUser } from "../context.ts";
import type { Auth, enabledProviders } from "./auth.ts";
import type { HumanCheck } from "./human-check.ts";
import type { LimitStore } from "./limit-store.ts";
import type { SmsSender } from "./sms-sender.ts";

/** Better Auth's session cookie (auth.ts: cookiePrefix "mana"; `__Secure-` over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?mana\.session_token=/;

export interface AuthSession {
  user: SessionUser & {
    image: string | null;
    phoneNumber: string | null;
    emailVerified: boolean;
    createdAt: Date;
  };
  session: { id: string; createdAt: Date; expiresAt: Date };
}

/** Identity backed by Better Auth, plus what the /api/auth front door needs. */
export interface AuthIdentity extends Identity {
  kind: "better-auth";
  auth: Auth;
  humanCheck: HumanCheck;
  limits: LimitStore;
  sms: SmsSender;
  /** Which sign-in buttons work (server/auth/auth.ts, enabledProviders). */
  providers: ReturnType<typeof enabledProviders>;
  getSession(headers: Headers): Promise<AuthSession | null>;
}

export function isAuthIdentity(identity: Identity): identity is AuthIdentity {
  return (identity as Partial<AuthIdentity>).kind === "better-auth";
}

export function betterAuthIdentity(parts: {
  auth: Auth;
  humanCheck: HumanCheck;
  limits: LimitStore;
  sms: SmsSender;
  providers: ReturnType<typeof enabledProviders>;
}): AuthIdentity {
  const { auth } = parts;
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
    const u = result.user as typeof result.user & { phoneNumber?: string | null };
    return {
      user: {
        id: u.id,
        email: u.email,
        name: u.name || null,
        image: u.image ?? null,
        phoneNumber: u.phoneNumber ?? null,
        emailVerified: u.emailVerified,
        createdAt: new Date(u.createdAt),
      },
      session: {
        id: result.session.id,
        createdAt: new Date(result.session.createdAt),
        expiresAt: new Date(result.session.expiresAt),
      },
    };
  }
  return {
    kind: "better-auth",
    ...parts,
    getSession,
    async getUser(headers) {
      const s = await getSession(headers);
      return s ? { id: s.user.id, email: s.user.email, name: s.user.name } : null;
    },
  };
}
