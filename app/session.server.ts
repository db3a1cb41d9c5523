import { data, type RouterContextProvider } from "react-router";
import type { AuthIdentity, AuthSession } from "../server/auth/identity.ts";
import { readProfile } from "../server/auth/profile.ts";
import { isCrossSite } from "../server/http/cross-site.ts";
import { appContext } from "./context.server.ts";

/** The signed-in visitor for a page loader (null when signed out or when sign-in is not wired). */
export async function loadSession(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<AuthSession | null> {
  const { identity } = context.get(appContext);
  const auth = identity as Partial<AuthIdentity>;
  if (auth.getSession) return auth.getSession(request.headers);
  const user = await identity.getUser(request.headers);
  if (!user) return null;
  return {
    user: { ...user, image: null, phoneNumber: null, emailVerified: false, createdAt: new Date(0) },
    session: { id: "", createdAt: new Date(0), expiresAt: new Date(0) },
  };
}

export function loadProviders(context: Readonly<RouterContextProvider>) {
  const identity = context.get(appContext).identity as Partial<AuthIdentity>;
  return identity.providers ?? { google: false, github: false, twitter: false, apple: false, oidc: null };
}

/** Account, orders and auth pages carry personal data: never stored by a browser or a proxy. */
export const noStore = { "Cache-Control": "no-store" };

/**
 * A page's form posted from another site is refused (403), by the same rule as every state-changing /api
 * call (server/http/cross-site.ts): its Origin, else its Sec-Fetch-Site.
 */
export function refuseCrossSite(request: Request): void {
  if (isCrossSite(request.headers, new URL(request.url).origin)) {
    throw data("Cross-site requests are not allowed.", { status: 403, headers: noStore });
  }
}

/** A posted form's text fields (a file field reads as ""). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(
    [...(await request.formData()).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
  );
}

/** The stored profile (display name and phone as edited), falling back to the identity's values. */
export async function loadProfile(context: Readonly<RouterContextProvider>, session: AuthSession) {
  return readProfile(context.get(appContext).database.db, session);
}
