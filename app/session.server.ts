import { data, type RouterContextProvider } from "react-router";
import type { AccountRefusal } from "../core/contracts/account.ts";
import { readProfile } from "../server/auth/profile.ts";
import type { AuthSession } from "../server/context.ts";
import { isCrossSite } from "../server/http/cross-site.ts";
import { errorResponse } from "../server/http/error-status.ts";
import { parseJsonBody } from "../server/http/validate.ts";
import { appContext } from "./context.server.ts";

/** The signed-in visitor for a page loader (null when signed out or when sign-in is not wired). */
export async function loadSession(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<AuthSession | null> {
  return context.get(appContext).identity.getSession(request.headers);
}

export function loadProviders(context: Readonly<RouterContextProvider>) {
  return context.get(appContext).identity.providers;
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

/**
 * A customer page action's refusal of a write: the status the /api would answer for the domain error and
 * its JSON body, as `{ ok: false, status, error }` (core/contracts/account.ts `AccountRefusal`). Anything
 * that is not a domain error is thrown on (a bug: the error page, and the log).
 */
export function refusedWrite(err: unknown) {
  const refused = errorResponse(err);
  if (!refused) throw err;
  const answer: AccountRefusal = { ok: false, status: refused.status, error: refused.body };
  return data(answer, { status: refused.status, headers: noStore });
}

/** A page action's JSON body, read by the /api's rule (server/http/validate.ts `parseJsonBody`). */
export async function jsonBody(request: Request): Promise<unknown> {
  return parseJsonBody(await request.text());
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
