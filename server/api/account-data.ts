import { Hono } from "hono";
import { type DeletionInfo, deleteAccountBody } from "../../core/contracts/account-data.ts";
import type { AccountBalancesResponse } from "../../core/contracts/balances.ts";
import { exportAccountData } from "../account/export-data.ts";
import { deleteAccount, deletionInfo, sendDeletionCode } from "../auth/delete-account.ts";
import type { LimitRule } from "../auth/limit-store.ts";
import { passkeyProofOptions } from "../auth/passkey-proof.ts";
import { accountBalances } from "../balances/account-balances.ts";
import type { AppServices } from "../context.ts";
import { shopDeps } from "../deps.ts";
import { NotFound, NotSignedIn } from "../domain-errors.ts";
import { requireUser } from "../http/require-user.ts";
import { requestHost, shopOrigin } from "../http/shop-origin.ts";
import { readJsonBody } from "../http/validate.ts";
import { pageLocaleOf } from "../i18n/request-locale.ts";

/** A download of everything is a heavy read: a few an hour per account. */
export const EXPORTS_PER_HOUR: LimitRule = { window: 3600, max: 5 };
/** Tries of the password (or code) before deleting: the same bound as a sign-in's. */
export const DELETE_TRIES: LimitRule = { window: 600, max: 10 };

const tooMany = (retryAfter: number | null, rule: LimitRule) => ({
  body: { message: "Too many requests. Please try again later.", code: "too_many_requests" },
  headers: { "Retry-After": String(retryAfter ?? rule.window) },
});

/**
 * The signed-in customer's own data (decision 045): GET /api/account/export downloads it as JSON;
 * GET /api/account/deletion says how deleting is confirmed; POST /api/account/deletion/code sends the code
 * an account without a password confirms with; POST /api/account/delete deletes the account. A guest gets
 * 401; nobody reaches another customer's data (the session names the account, never the request).
 */
export function accountDataApi(services: AppServices) {
  const db = services.database.db;
  const { limits } = services.identity;
  const signedIn = requireUser(services, "Please sign in to see or delete your data.");
  const sms = () => services.identity.frontDoor?.sms ?? null;

  return (
    new Hono()
      // Store credit, points, gift cards and the referral link (core/contracts/balances.ts).
      .get("/balances", signedIn, async (c) => {
        const origin = shopOrigin(services.env, requestHost(c.req.raw), "page");
        return c.json<AccountBalancesResponse>(await accountBalances(db, c.var.user, origin));
      })
      .get("/export", signedIn, async (c) => {
        const { user } = c.var;
        const decision = await limits.consume(`account-export:${user.id}`, EXPORTS_PER_HOUR);
        if (!decision.allowed) {
          const refusal = tooMany(decision.retryAfter, EXPORTS_PER_HOUR);
          return c.json(refusal.body, 429, refusal.headers);
        }
        const data = await exportAccountData(db, user.id);
        if (!data) throw new NotSignedIn("unauthorized", "Please sign in to see or delete your data.");
        const day = data.exportedAt.slice(0, 10);
        return new Response(JSON.stringify(data, null, 2), {
          headers: {
            "content-type": "application/json; charset=utf-8",
            "content-disposition": `attachment; filename="mana-my-data-${day}.json"`,
            "cache-control": "no-store",
          },
        });
      })
      .get("/deletion", signedIn, async (c) => c.json<DeletionInfo>(await deletionInfo(db, c.var.user.id)))
      .post("/deletion/code", signedIn, async (c) => {
        const sent = await sendDeletionCode(
          { ...shopDeps(services), sms: sms() },
          c.var.user.id,
          pageLocaleOf(c.req.raw.headers),
        );
        if (sent === "limited") {
          const message = "A code was sent a moment ago. Please wait a few minutes before asking again.";
          return c.json({ message, code: "too_many_requests" }, 429, { "Retry-After": "600" });
        }
        return c.json(sent);
      })
      // Options for confirming with one of the account's passkeys (decision 052); 404 without one.
      .post("/deletion/passkey", signedIn, async (c) => {
        const options = await passkeyProofOptions(db, shopDeps(services).origin, c.var.user.id);
        if (!options) throw new NotFound("This account has no passkey.", "no_passkey");
        c.header("Cache-Control", "no-store");
        return c.json(options);
      })
      .post("/delete", signedIn, async (c) => {
        const { user } = c.var;
        const body = await readJsonBody(c, deleteAccountBody);
        const decision = await limits.consume(`account-delete:${user.id}`, DELETE_TRIES);
        if (!decision.allowed) {
          const refusal = tooMany(decision.retryAfter, DELETE_TRIES);
          return c.json(refusal.body, 429, refusal.headers);
        }
        const result = await deleteAccount(
          shopDeps(services),
          user.id,
          body,
          pageLocaleOf(c.req.raw.headers),
        );
        // The session's cookies are dropped as sign-out drops them; the sessions themselves are gone.
        const secure = services.env.PUBLIC_URL?.startsWith("https:") === true;
        const prefix = secure ? "__Secure-" : "";
        for (const name of ["mana.session_token", "mana.session_data", "mana.dont_remember"]) {
          c.header(
            "Set-Cookie",
            `${prefix}${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
            {
              append: true,
            },
          );
        }
        return c.json(result);
      })
  );
}
