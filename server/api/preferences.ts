import { type Context, Hono } from "hono";
import { preferencesUpdateBody } from "../../core/contracts/preferences.ts";
import { loadPreferences, savePreferences } from "../account/preferences.ts";
import type { AppServices, SessionUser } from "../context.ts";
import { ApiError } from "../http/api-error.ts";
import { readJsonBody } from "../http/validate.ts";

/**
 * GET /api/preferences and PUT /api/preferences: the signed-in customer's own preferences (a guest's stay
 * in the browser). PUT takes any groups and settings and answers with the whole saved set.
 */
export function preferencesApi(services: AppServices) {
  const db = services.database.db;

  async function requireUser(c: Context): Promise<SessionUser> {
    const user = await services.identity.getUser(c.req.raw.headers);
    if (!user) throw new ApiError(401, "unauthorized", "Please sign in to save your preferences.");
    return user;
  }

  return new Hono()
    .get("/", async (c) => c.json(await loadPreferences(db, (await requireUser(c)).id)))
    .put("/", async (c) => {
      const user = await requireUser(c);
      const update = await readJsonBody(c, preferencesUpdateBody);
      return c.json(await savePreferences(db, user.id, update));
    });
}
