import { phoneNumberClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import type { ProfileView } from "../../core/contracts/profile.ts";
import { phoneFromPlaceholderEmail, realEmail } from "../../core/placeholder-email.ts";
import { apiRequest, pageLocaleHeader } from "./api.ts";
import { markAuthClientLoaded } from "./auth-client-loaded.ts";

/** Better Auth's browser client for /api/auth/* (same origin, cookies included). */
export const authClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  basePath: "/api/auth",
  plugins: [phoneNumberClient()],
  fetchOptions: {
    // The page's language, for the e-mail or text a call sends (server/i18n/customer-locale.ts): the
    // verification link on sign-up, the reset link, the phone's code.
    onRequest: (context) => {
      for (const [name, value] of Object.entries(pageLocaleHeader())) context.headers.set(name, value);
      return context;
    },
  },
});
markAuthClientLoaded();

/**
 * The user as Better Auth's session returns it (plus the phone-number plugin's field). An account created
 * by phone sign-in has a placeholder e-mail here: show it through accountContactOf / realEmail, never as is.
 */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  phoneNumber?: string | null;
  createdAt: Date | string;
}

/** After each sign-in the page syncs the profile; the server takes identity from the session. */
export function syncUser(user: AuthUser): Promise<ProfileView> {
  return apiRequest("POST", "/api/auth/sync-user", {
    uid: user.id,
    email: user.email,
    displayName: user.name || null,
    photoURL: user.image ?? null,
    phoneNumber: user.phoneNumber ?? null,
  });
}

export function updateProfile(input: { displayName: string; phoneNumber: string }): Promise<ProfileView> {
  return apiRequest("PUT", "/api/auth/profile", input);
}

/**
 * Initials are the first letters of the display name (up to 2), else the e-mail's first letter,
 * else U. Only letters count: a phone account is named after its number ('+15550001234'), which gives none.
 */
export function initialsOf(user: { name?: string | null; email?: string | null } | null): string {
  const initials = (user?.name?.trim() ?? "")
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .filter((ch) => /\p{L}/u.test(ch))
    .join("")
    .slice(0, 2)
    .toUpperCase();
  if (initials) return initials;
  const email = realEmail(user?.email);
  return email ? (email[0] as string).toUpperCase() : "U";
}

/**
 * The name shown for a user: the display name, else the part of the e-mail before the at sign, else User. A phone-only
 * account (placeholder e-mail) falls back to its phone number before User.
 */
export function displayNameOf(
  user: { name?: string | null; email?: string | null; phoneNumber?: string | null } | null,
): string {
  const name = user?.name?.trim();
  if (name) return name;
  const local = realEmail(user?.email)?.split("@")[0];
  return local || user?.phoneNumber?.trim() || phoneFromPlaceholderEmail(user?.email) || "User";
}
