import { type Context, Hono } from "hono";
import { profileSyncBody, profileUpdateBody } from "../../core/contracts/profile.ts";
import { syncProfile, updateProfile } from "../auth/profile.ts";
import type { AppServices, AuthSession } from "../context.ts";
import { NotSignedIn } from "../domain-errors.ts";
import { readJsonBody } from "../http/validate.ts";

/**
 * POST /api/auth/sync-user and PUT /api/auth/profile. Identity comes from the session only; the body's
 * uid and e-mail are checked against it, never trusted.
 */
export function profileApi(services: AppServices) {
  const { identity } = services;
  const db = services.database.db;

  async function requireSession(c: Context): Promise<AuthSession> {
    const session = await identity.getSession(c.req.raw.headers);
    if (!session) throw new NotSignedIn("unauthorized", "Please sign in to continue.");
    return session;
  }

  return new Hono()
    .post("/sync-user", async (c) => {
      const session = await requireSession(c);
      return c.json(await syncProfile(db, session, await readJsonBody(c, profileSyncBody)));
    })
    .put("/profile", async (c) => {
      const session = await requireSession(c);
      const body = await readJsonBody(c, profileUpdateBody);
      return c.json(await updateProfile(db, identity, session, body, c.req.raw.headers));
    });
}
