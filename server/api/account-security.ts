import { Hono } from "hono";
import {
  changeEmailBody,
  changePasswordBody,
  type EmailChangeStarted,
  type SignInDetails,
} from "../../core/contracts/account-security.ts";
import { changePassword, requestEmailChange, signInDetails } from "../auth/account-security.ts";
import type { LimitRule } from "../auth/limit-store.ts";
import { passkeyProofOptions } from "../auth/passkey-proof.ts";
import type { AppServices } from "../context.ts";
import { shopDeps } from "../deps.ts";
import { NotFound } from "../domain-errors.ts";
import { requireUser } from "../http/require-user.ts";
import { readJsonBody } from "../http/validate.ts";
import { pageLocaleOf } from "../i18n/request-locale.ts";

/** Tries of the current password (or a passkey) before a change: the same bound as the deletion's. */
export const CHANGE_TRIES: LimitRule = { window: 600, max: 10 };
/** Passkey proof options per account (each replaces the last challenge). */
export const PROOF_OPTIONS: LimitRule = { window: 60, max: 10 };

const tooMany = (retryAfter: number | null, rule: LimitRule) => ({
  body: { message: "Too many requests. Please try again later.", code: "too_many_requests" },
  headers: { "Retry-After": String(retryAfter ?? rule.window) },
});

/**
 * The signed-in customer's sign-in details (docs/decisions/052-passkeys.md): GET /api/account/security
 * says whether the account has a password; POST /api/account/security/passkey gives WebAuthn options for
 * proving a change with one of the account's passkeys (404 without one); POST /api/account/password and
 * POST /api/account/email change them, proven by the current password or that passkey.
 */
export function accountSecurityApi(services: AppServices) {
  const db = services.database.db;
  const { limits } = services.identity;
  const signedIn = requireUser(services, "Please sign in to change your sign-in details.");

  return new Hono()
    .get("/security", signedIn, async (c) => c.json<SignInDetails>(await signInDetails(db, c.var.user.id)))
    .post("/security/passkey", signedIn, async (c) => {
      const { user } = c.var;
      const decision = await limits.consume(`account-proof-options:${user.id}`, PROOF_OPTIONS);
      if (!decision.allowed) {
        const refusal = tooMany(decision.retryAfter, PROOF_OPTIONS);
        return c.json(refusal.body, 429, refusal.headers);
      }
      const options = await passkeyProofOptions(db, shopDeps(services).origin, user.id, "change");
      if (!options) throw new NotFound("This account has no passkey.", "no_passkey");
      c.header("Cache-Control", "no-store");
      return c.json(options);
    })
    .post("/password", signedIn, async (c) => {
      const { user } = c.var;
      const body = await readJsonBody(c, changePasswordBody);
      const decision = await limits.consume(`account-change:${user.id}`, CHANGE_TRIES);
      if (!decision.allowed) {
        const refusal = tooMany(decision.retryAfter, CHANGE_TRIES);
        return c.json(refusal.body, 429, refusal.headers);
      }
      await changePassword(
        shopDeps(services),
        user.id,
        c.req.raw.headers,
        body,
        pageLocaleOf(c.req.raw.headers),
      );
      return c.json({ changed: true });
    })
    .post("/email", signedIn, async (c) => {
      const { user } = c.var;
      const body = await readJsonBody(c, changeEmailBody);
      const decision = await limits.consume(`account-change:${user.id}`, CHANGE_TRIES);
      if (!decision.allowed) {
        const refusal = tooMany(decision.retryAfter, CHANGE_TRIES);
        return c.json(refusal.body, 429, refusal.headers);
      }
      const { to } = await requestEmailChange(
        shopDeps(services),
        user.id,
        body,
        pageLocaleOf(c.req.raw.headers),
      );
      return c.json<EmailChangeStarted>({ sent: true, to });
    });
}
