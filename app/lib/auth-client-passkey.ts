import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/react";
import { pageLocaleHeader } from "./api.ts";

/**
 * Better Auth's client with the passkey plugin (docs/decisions/052-passkeys.md), for the sign-in page and
 * the account's Passkeys card only: the WebAuthn browser code stays out of every other page's scripts.
 * Same origin and session cookie as `authClient` (auth-client.ts).
 */
export const passkeyAuthClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  basePath: "/api/auth",
  plugins: [passkeyClient()],
  fetchOptions: {
    onRequest: (context) => {
      for (const [name, value] of Object.entries(pageLocaleHeader())) context.headers.set(name, value);
      return context;
    },
  },
});

/**
 * Whether passkeys can work here: WebAuthn in a secure context, on a host name (WebAuthn refuses an IP
 * address such as 127.0.0.1 as the relying party; decision 052).
 */
export function passkeysSupported(): boolean {
  if (typeof window === "undefined" || !window.isSecureContext || !("PublicKeyCredential" in window))
    return false;
  const host = window.location.hostname;
  return !/^\d{1,3}(\.\d{1,3}){3}$/.test(host) && !host.startsWith("[");
}

/** Whether the browser offers saved passkeys in the e-mail field's autofill (conditional mediation). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const check = (
    PublicKeyCredential as unknown as { isConditionalMediationAvailable?: () => Promise<boolean> }
  ).isConditionalMediationAvailable;
  return typeof check === "function" ? check.call(PublicKeyCredential).catch(() => false) : false;
}

/**
 * The browser and system a passkey is made on, read from the user agent, for its default name ("Chrome on
 * Linux", worded in the page's language); the customer can change it before saving.
 */
export function deviceOf(userAgent: string): { browser: string | null; system: string | null } {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /CrOS/.test(userAgent)
            ? "ChromeOS"
            : /Linux/.test(userAgent)
              ? "Linux"
              : null;
  return { browser, system };
}
